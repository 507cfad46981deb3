/// An XLIFF 1.2 document as translators exchange it: one ``XLIFFFile`` per localization table.
///
/// Sample input, as Xcode's Export Localizations writes it (``XLIFFReader`` reads it,
/// ``XLIFFWriter`` writes it back byte for byte):
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" … version="1.2" …>
///       <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
///         <header>
///           <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.2" build-num="15C500b"/>
///         </header>
///         <body>
///           <trans-unit id="title" xml:space="preserve">
///             <source>Welcome</source>
///             <target state="translated">Willkommen</target>
///             <note>The first screen's title.</note>
///           </trans-unit>
///         </body>
///       </file>
///     </xliff>
public struct XLIFFDocument: Hashable, Sendable {
  /// The `<file>` elements, in document order.
  public var files: [XLIFFFile]

  /// Creates a document.
  /// - Parameter files: Its `<file>` elements, in order.
  public init(files: [XLIFFFile]) {
    self.files = files
  }
}
