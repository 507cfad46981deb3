import Foundation
import LayerMerge
import Testing

/// Xcode's layout, byte for byte; escapes that read back; values XML cannot carry left out and
/// reported.
@Suite struct XLIFFWriterTests {
  static let tool = XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "15.4", buildNumber: "15F31d")

  static func text(_ document: XLIFFDocument) -> String {
    String(decoding: XLIFFWriter.render(document).bytes, as: UTF8.self)
  }

  /// The layout of Xcode's exports (declaration, root, indentation, header, unit order, `<note/>`,
  /// final line feed), with our own units.
  @Test func theLayoutIsXcodes() {
    let document = XLIFFDocument(files: [
      XLIFFFile(
        original: "Shop/en.lproj/Localizable.stringsdict", sourceLanguage: "en", targetLanguage: "de", tool: Self.tool,
        units: [
          XLIFFUnit(
            id: "/%d items:dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@items@", target: "%#@items@",
            targetState: "translated", note: ""),
          XLIFFUnit(id: "/%d items:dict/items:dict/one:dict/:string", source: "%d item", note: "Cart count"),
        ])
    ])
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 \
      http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
        <file original="Shop/en.lproj/Localizable.stringsdict" source-language="en" target-language="de" datatype="plaintext">
          <header>
            <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
          </header>
          <body>
            <trans-unit id="/%d items:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
              <source>%#@items@</source>
              <target state="translated">%#@items@</target>
              <note/>
            </trans-unit>
            <trans-unit id="/%d items:dict/items:dict/one:dict/:string" xml:space="preserve">
              <source>%d item</source>
              <note>Cart count</note>
            </trans-unit>
          </body>
        </file>
      </xliff>

      """
    #expect(Self.text(document) == expected)
    #expect(XLIFFWriter.render(document).problems.isEmpty)
  }

  /// As Xcode escapes: `&<>` everywhere, `"` and tab/LF/CR in attributes, CR in text.
  @Test func escapesAreXcodes() {
    let unit = XLIFFUnit(
      id: "<a> & \"b\" 'c'\td\ne\rf", source: "<a> & \"b\" 'c'\td\ne\rf ]]>", target: "→ 😀", note: "n & m")
    let text = Self.text(
      XLIFFDocument(files: [
        XLIFFFile(original: "a&b.strings", sourceLanguage: "en", targetLanguage: nil, units: [unit])
      ]))
    #expect(text.contains(#"<file original="a&amp;b.strings" source-language="en" datatype="plaintext">"#))
    #expect(
      text.contains(#"<trans-unit id="&lt;a&gt; &amp; &quot;b&quot; 'c'&#9;d&#10;e&#13;f" xml:space="preserve">"#))
    #expect(text.contains("<source>&lt;a&gt; &amp; \"b\" 'c'\td\ne&#13;f ]]&gt;</source>"))
    #expect(text.contains("<target>→ 😀</target>"))
    #expect(text.contains("<note>n &amp; m</note>"))
    #expect(!text.contains("<header>"))
  }

  @Test func emptyValuesAndEmptyFilesAreEmptyElements() {
    let document = XLIFFDocument(files: [
      XLIFFFile(
        original: "a", sourceLanguage: "en", targetLanguage: "fr",
        units: [
          XLIFFUnit(id: "", source: "", target: "", targetState: "new")
        ]),
      XLIFFFile(original: "b", sourceLanguage: "en", targetLanguage: "fr"),
    ])
    let text = Self.text(document)
    #expect(
      text.contains("<trans-unit id=\"\" xml:space=\"preserve\">\n        <source/>\n        <target state=\"new\"/>\n")
    )
    #expect(text.contains("datatype=\"plaintext\">\n    <body/>\n  </file>\n"))
    #expect(Self.text(XLIFFDocument(files: [])).hasSuffix("xliff-core-1.2-strict.xsd\"/>\n"))
  }

  /// A character XML 1.0 cannot carry leaves its unit (or file) out, reported; what is written is
  /// still XML.
  @Test func valuesXMLCannotCarryAreLeftOutAndReported() throws {
    let document = XLIFFDocument(files: [
      XLIFFFile(
        original: "a.strings", sourceLanguage: "en", targetLanguage: "de",
        units: [
          XLIFFUnit(id: "bell", source: "ring \u{7}"),
          XLIFFUnit(id: "fine", source: "ok", target: "gut"),
          XLIFFUnit(id: "nul", source: "s", target: "t\u{0}"),
          XLIFFUnit(id: "fffe", source: "s", note: "\u{FFFE}"),
          XLIFFUnit(id: "esc\u{1B}", source: "s"),
        ]),
      XLIFFFile(
        original: "bad\u{1}.strings", sourceLanguage: "en", targetLanguage: "de",
        units: [XLIFFUnit(id: "x", source: "y")]),
    ])
    let rendering = XLIFFWriter.render(document)
    #expect(rendering.problems.map(\.unitID) == ["bell", "nul", "fffe", "esc\u{1B}", nil])
    #expect(rendering.problems.map(\.field) == ["source", "target", "note", "id", "original"])
    #expect(rendering.problems[0].scalar == "\u{7}")
    #expect(
      rendering.problems[0].description.hasPrefix(
        "the source of the unit 'bell' holds U+0007, which XML 1.0 cannot carry"))
    #expect(rendering.problems[3].description.contains("'esc\\u{1B}'"))
    let read = try XLIFFReader.read(rendering.bytes, path: "out.xliff")
    #expect(read.files.map(\.original) == ["a.strings"])
    #expect(read.files[0].units.map(\.id) == ["fine"])
  }

  /// Whatever the values, what is written reads back as the same units (positions aside).
  @Test func whatIsWrittenReadsBack() throws {
    var generator = SeededGenerator(seed: 33)
    for _ in 0..<200 {
      let document = XLIFFGeneration.randomDocument(using: &generator)
      let rendering = XLIFFWriter.render(document)
      let read = try XLIFFReader.read(rendering.bytes, path: "out.xliff")
      #expect(XLIFFGeneration.withoutPositions(read) == XLIFFGeneration.writable(document))
    }
  }
}
