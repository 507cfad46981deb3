/// One `<file>` of an XLIFF document: the units of one localization table.
public struct XLIFFFile: Hashable, Sendable {
  /// The `original` attribute: the development-language table the units come from, as written
  /// (Xcode writes it relative to the project's folder: `App/en.lproj/Localizable.strings`).
  public var original: String
  /// The `source-language` attribute (`en`).
  public var sourceLanguage: String
  /// The `target-language` attribute, or `nil` when the element has none.
  public var targetLanguage: String?
  /// The `datatype` attribute; Xcode writes `plaintext`, the reader gives `plaintext` when it is
  /// absent.
  public var datatype: String
  /// The `<tool>` of the file's `<header>`, if it has one.
  public var tool: XLIFFTool?
  /// The `<trans-unit>`s, `<group>`s flattened, in document order.
  public var units: [XLIFFUnit]
  /// Where the `<file>` element starts (its `<`).
  public var position: TextPosition

  /// Creates a file.
  /// - Parameters:
  ///   - original: The table's path, as the `original` attribute gives it.
  ///   - sourceLanguage: The development language.
  ///   - targetLanguage: The language of the targets, or `nil` for none.
  ///   - datatype: The `datatype` attribute.
  ///   - tool: The tool that wrote the file.
  ///   - units: The units, in order.
  ///   - position: Where the element starts; 1:1 for a file built in code.
  public init(
    original: String, sourceLanguage: String, targetLanguage: String?, datatype: String = "plaintext",
    tool: XLIFFTool? = nil, units: [XLIFFUnit] = [], position: TextPosition = TextPosition(line: 1, column: 1)
  ) {
    self.original = original
    self.sourceLanguage = sourceLanguage
    self.targetLanguage = targetLanguage
    self.datatype = datatype
    self.tool = tool
    self.units = units
    self.position = position
  }
}
