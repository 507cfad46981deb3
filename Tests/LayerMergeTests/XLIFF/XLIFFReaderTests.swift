import Foundation
import LayerMerge
import Testing

/// XLIFF 1.2 as Xcode, translate-toolkit and services write it: what is read, what is skipped,
/// what is refused.
@Suite struct XLIFFReaderTests {
  static func read(_ text: String) throws(XLIFFError) -> XLIFFDocument {
    try XLIFFReader.read(Array(text.utf8), path: "de.xliff")
  }

  static func failure(_ text: String) -> XLIFFError? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error
    }
  }

  /// A file in the layout and dialect of Xcode's export (our own units).
  static let xcodeExport = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
    version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 \
    http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
      <file original="Shop/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
        <header>
          <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
        </header>
        <body>
          <trans-unit id="cart.title" xml:space="preserve">
            <source>Your cart</source>
            <target state="translated">Dein Warenkorb</target>
            <note>Title of the cart screen.</note>
          </trans-unit>
          <trans-unit id="Line one&#10;line two" xml:space="preserve">
            <source>Line one
    line two</source>
          </trans-unit>
        </body>
      </file>
      <file original="Shop/en.lproj/Localizable.stringsdict" source-language="en" target-language="de" datatype="plaintext">
        <header>
          <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
        </header>
        <body>
          <trans-unit id="/%d items:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
            <source>%#@items@</source>
            <target state="needs-review-translation">%#@items@</target>
            <note/>
          </trans-unit>
        </body>
      </file>
    </xliff>

    """

  @Test func xcodesExportIsReadWithPositions() throws {
    let document = try Self.read(Self.xcodeExport)
    #expect(document.files.count == 2)
    let strings = document.files[0]
    #expect(strings.original == "Shop/en.lproj/Localizable.strings")
    #expect(strings.sourceLanguage == "en")
    #expect(strings.targetLanguage == "de")
    #expect(strings.datatype == "plaintext")
    #expect(strings.tool == XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "15.4", buildNumber: "15F31d"))
    #expect(strings.position == TextPosition(line: 3, column: 3))
    #expect(
      strings.units[0]
        == XLIFFUnit(
          id: "cart.title", source: "Your cart", target: "Dein Warenkorb", targetState: "translated",
          note: "Title of the cart screen.", position: TextPosition(line: 8, column: 7),
          targetPosition: TextPosition(line: 10, column: 9)))
    #expect(strings.units[1].id == "Line one\nline two")
    #expect(strings.units[1].source == "Line one\nline two")
    #expect(strings.units[1].target == nil)
    #expect(strings.units[1].note == nil)
    let plural = document.files[1].units[0]
    #expect(plural.note == "")
    #expect(plural.targetState == "needs-review-translation")
  }

  @Test func groupsAreFlattenedAndWhatToolsAddIsSkipped() throws {
    let text = """
      <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:x="urn:tool">
      <file original="a.strings" source-language="en" target-language="fr" datatype="plaintext" x:extra="1" tool-id="t">
      <header><phase-group><phase phase-name="p" process-name="translation"/></phase-group>
      <tool tool-id="translate-toolkit" tool-name="po2xliff"/><tool tool-id="second" tool-name="ignored"/></header>
      <body>
        <group id="g1" resname="outer"><context-group><context context-type="x">c</context></context-group>
          <group id="g2">
            <trans-unit id="1" resname="deep" approved="yes" x:hint="h">
              <source>Deep</source>
              <seg-source><mrk mtype="seg">Deep</mrk></seg-source>
              <target state="translated" state-qualifier="leveraged-mt">Profond</target>
              <alt-trans><source>Other</source><target>Autre</target></alt-trans>
              <note from="developer">First</note>
              <note from="translator">Second</note>
              <x:anything><source>no</source></x:anything>
            </trans-unit>
          </group>
        </group>
        <bin-unit id="b" mime-type="image/png"><bin-source><external-file href="x.png"/></bin-source></bin-unit>
        <trans-unit id="2"><source>Flat</source><target/></trans-unit>
      </body></file></xliff>
      """
    let file = try #require(try Self.read(text).files.first)
    #expect(file.tool?.id == "translate-toolkit")
    #expect(file.units.map(\.id) == ["1", "2"])
    #expect(file.units[0].resname == "deep")
    #expect(file.units[0].source == "Deep")
    #expect(file.units[0].target == "Profond")
    #expect(file.units[0].note == "First")
    #expect(file.units[1].target == "")
  }

  @Test func noNamespaceAndXLIFF11AreRead() throws {
    let none = try Self.read(
      "<xliff version=\"1.1\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\">"
        + "<source>s</source></trans-unit></body></file></xliff>")
    #expect(none.files[0].units[0].source == "s")
    #expect(none.files[0].datatype == "plaintext")
    let old = try Self.read(
      "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.1\" version=\"1.1\"><file original=\"a\" source-language=\"en\">"
        + "<body/></file></xliff>")
    #expect(old.files[0].units.isEmpty)
  }

  /// Each refusal names what is wrong at the element that is.
  @Test(arguments: [
    ("<plist/>", "1:1", "not an XLIFF document: the root element is <plist>"),
    ("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\"/>", "1:1", "this is XLIFF 2"),
    ("<xliff version=\"1.2\">\n  <file source-language=\"en\"/></xliff>", "2:3", "has no original attribute"),
    ("<xliff><file original=\"a\"/></xliff>", "1:8", "has no source-language attribute"),
    (
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit><source/></trans-unit></body></file></xliff>",
      "1:54", "a <trans-unit> without an id"
    ),
    (
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source>a <g id=\"1\">b</g></source>"
        + "</trans-unit></body></file></xliff>", "1:83", "the <source> of the unit 'k' holds the element <g>"
    ),
    (
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source/><target>a<x id=\"1\"/></target>"
        + "</trans-unit></body></file></xliff>", "1:91", "the <target> of the unit 'k' holds the element <x>"
    ),
    (
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source/><target/><target/>"
        + "</trans-unit></body></file></xliff>", "1:91", "a second <target>"
    ),
    (
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source/></trans-unit>\n"
        + "<trans-unit id=\"k\"><source/></trans-unit></body></file></xliff>", "2:1", "the unit id 'k' is given twice"
    ),
  ])
  func whatIsNotXLIFFIsRefusedAtItsElement(_ text: String, _ position: String, _ message: String) throws {
    let error = try #require(Self.failure(text))
    #expect(error.kind == .structure, "\(error)")
    #expect(error.position?.description == position, "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }

  @Test func theSameIdInTwoFilesIsTwoUnits() throws {
    let text =
      "<xliff><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source>1</source></trans-unit>"
      + "</body></file><file original=\"b\" source-language=\"en\"><body><trans-unit id=\"k\"><source>2</source>"
      + "</trans-unit></body></file></xliff>"
    #expect(try Self.read(text).files.map { $0.units[0].source } == ["1", "2"])
  }

  @Test func aUnitWithoutSourceHasAnEmptyOne() throws {
    let text =
      "<xliff><file original=\"a.xcstrings\" source-language=\"en\"><body><trans-unit id=\"k|==|plural.few\">"
      + "<target state=\"translated\">t</target></trans-unit></body></file></xliff>"
    let unit = try Self.read(text).files[0].units[0]
    #expect(unit.source == "")
    #expect(unit.target == "t")
  }
}
