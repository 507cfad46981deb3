import Foundation
import LayerMerge
import Testing

/// The XML under XLIFF: what XML 1.0 refuses is refused at its line and column, and what it means
/// is read as it means it (references, CDATA, line breaks, attribute white space, namespaces).
@Suite struct XMLReaderTests {
  /// A minimal document around a unit's source.
  static func document(source: String, attributes: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
    <file original="a.strings" source-language="en" datatype="plaintext"><body>
    <trans-unit id="k"\(attributes)><source>\(source)</source></trans-unit>
    </body></file></xliff>
    """
  }

  static func read(_ text: String) throws(XLIFFError) -> XLIFFDocument {
    try XLIFFReader.read(Array(text.utf8), path: "t.xliff")
  }

  static func source(_ text: String) throws -> String {
    try #require(try read(document(source: text)).files.first?.units.first).source
  }

  static func failure(_ text: String) -> XLIFFError? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func referencesCDATAAndCommentsAreReadAsTheyMean() throws {
    #expect(try Self.source("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;") == "a & b <c> \"d\" 'e'")
    #expect(try Self.source("&#65;&#x42;&#x00e9;&#0000067;&#x1F600;") == "ABéC😀")
    #expect(try Self.source("x<![CDATA[<&>]]]]>y") == "x<&>]]y")
    #expect(try Self.source("a<!-- skipped -->b<?pi skipped?>c") == "abc")
  }

  @Test func lineBreaksAreLineFeedsExceptAsReferences() throws {
    #expect(try Self.source("a\r\nb\rc\nd&#13;e&#10;f") == "a\nb\nc\nd\re\nf")
    #expect(try Self.source("<![CDATA[a\r\nb]]>") == "a\nb")
  }

  @Test func attributeWhiteSpaceIsASpaceUnlessItIsAReference() throws {
    let text = Self.document(source: "s").replacingOccurrences(of: "id=\"k\"", with: "id=\"a\tb\r\nc&#9;d&#10;e&#13;\"")
    #expect(try Self.read(text).files[0].units[0].id == "a b c\td\ne\r")
  }

  @Test func whiteSpaceIsKeptExactly() throws {
    #expect(try Self.source("  two  spaces \n\t") == "  two  spaces \n\t")
    #expect(try Self.source("") == "")
  }

  /// Each refusal at the line and column of its cause.
  @Test(arguments: [
    ("<!DOCTYPE xliff>\n<xliff/>", "1:1", XLIFFError.Kind.documentType),
    (
      "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><xliff>&e;</xliff>", "2:1",
      .documentType
    ),
    ("<?xml version=\"1.0\"?>\n  <!DOCTYPE x SYSTEM \"http://example.com/x.dtd\"><xliff/>", "2:3", .documentType),
    ("<xliff><a></b></xliff>", "1:11", .xml),
    ("<xliff a=\"<\"/>", "1:11", .xml),
    ("<xliff>\u{1}</xliff>", "1:8", .xml),
    ("<xliff>&#1;</xliff>", "1:8", .xml),
    ("<xliff>&#xFFFE;</xliff>", "1:8", .xml),
    ("<xliff>&#xD800;</xliff>", "1:8", .xml),
    ("<xliff>&nbsp;</xliff>", "1:8", .xml),
    ("<xliff>a & b</xliff>", "1:10", .xml),
    ("<xliff>]]></xliff>", "1:8", .xml),
    ("<xliff a=\"1\" a=\"2\"/>", "1:14", .xml),
    ("<p:xliff/>", "1:2", .xml),
    ("<xliff/><y/>", "1:9", .xml),
    ("<xliff>\n  <y>", "2:6", .xml),
    ("<xliff><!-- a -- b --></xliff>", "1:15", .xml),
    (" <?xml version=\"1.0\"?><xliff/>", "1:2", .xml),
    ("<?xml version=\"1.1\"?><xliff/>", "1:16", .xml),
    ("<xliff a=1/>", "1:10", .xml),
    ("text<xliff/>", "1:1", .xml),
    ("", "1:1", .xml),
  ])
  func malformedXMLIsRefusedWhereItIs(_ text: String, _ position: String, _ kind: XLIFFError.Kind) throws {
    let error = try #require(Self.failure(text))
    #expect(error.kind == kind, "\(error)")
    #expect(error.position?.description == position, "\(error)")
  }

  @Test func theDocumentTypeMessageSaysWhy() throws {
    let error = try #require(Self.failure("<!DOCTYPE x [<!ENTITY a \"a\">]><x>&a;</x>"))
    #expect(
      error.description == "t.xliff:1:1: a document type declaration (<!DOCTYPE>) is not allowed: XLIFF needs none, "
        + "and one could declare entities that read other files or expand without bound; remove it")
    #expect(error.diagnostic.code == .xliff)
  }

  @Test func namespacesAreMatchedByTheirNameNotTheirPrefix() throws {
    let text = """
      <x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><x:file original="a" source-language="en">
      <x:body><x:trans-unit id="k"><x:source>s</x:source><t:target xmlns:t="urn:other">other</t:target>
      <target xmlns="urn:oasis:names:tc:xliff:document:1.2">mine</target></x:trans-unit></x:body></x:file></x:xliff>
      """
    let unit = try Self.read(text).files[0].units[0]
    #expect(unit.source == "s")
    #expect(unit.target == "mine")
  }

  @Test(arguments: [
    ([0xEF, 0xBB, 0xBF] as [UInt8], "UTF-8", false),
    ([0xFF, 0xFE], "UTF-16", false),
    ([0xFE, 0xFF], "UTF-16", true),
    ([], "UTF-16", false),
    ([], "UTF-16", true),
  ])
  func utf8AndUTF16AreReadAsTranslationToolsWriteThem(_ bom: [UInt8], _ declared: String, _ bigEndian: Bool) throws {
    let text = Self.document(source: "Grüße 😀").replacingOccurrences(of: "UTF-8", with: declared)
    let encoded: [UInt8] =
      declared == "UTF-8"
      ? Array(text.utf8)
      : text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let document = try XLIFFReader.read(bom + encoded, path: "t.xliff")
    #expect(document.files[0].units[0].source == "Grüße 😀")
    #expect(document.files[0].units[0].position == TextPosition(line: 4, column: 1))
  }

  @Test func otherEncodingsAreRefusedWithWhatToDo() throws {
    let latin1 = Array(Self.document(source: "x").replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").utf8)
    let marker = try #require(latin1.indices.first { latin1[$0...].starts(with: Array("<source>x".utf8)) })
    var withE9 = latin1
    withE9[marker + 8] = 0xE9
    #expect(try XLIFFReader.read(withE9, path: "t.xliff").files[0].units[0].source == "é")
    let cp1252 = Array(Self.document(source: "x").replacingOccurrences(of: "UTF-8", with: "windows-1252").utf8)
    let error = try #require(throws: XLIFFError.self) { try XLIFFReader.read(cp1252, path: "t.xliff") }
    #expect(error.kind == .encoding)
    #expect(error.message.contains("windows-1252"))
    let broken = Array("<x>".utf8) + [0xC3, 0x28] + Array("</x>".utf8)
    let utf8Error = try #require(throws: XLIFFError.self) { try XLIFFReader.read(broken, path: "t.xliff") }
    #expect(utf8Error.position == TextPosition(line: 1, column: 4))
  }
}
