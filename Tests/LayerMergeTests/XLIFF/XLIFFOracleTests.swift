import Foundation
import LayerMerge
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// FoundationXML's `XMLParser` (libxml2) as the oracle: what we write, it reads as the same units;
/// on random documents, valid or damaged, it and `XLIFFReader` agree on every unit and on which
/// documents are malformed — except where the docs say they differ, which is tested here too.
@Suite struct XLIFFOracleTests {
  @Test func everyDocumentWeWriteReadsTheSameInLibxml2() throws {
    var generator = SeededGenerator(seed: 1233)
    for _ in 0..<300 {
      let document = XLIFFGeneration.randomDocument(using: &generator)
      let bytes = XLIFFWriter.render(document).bytes
      let expected = XLIFFGeneration.writable(document).files.map { file in
        XLIFFOracle.File(
          original: file.original, sourceLanguage: file.sourceLanguage, targetLanguage: file.targetLanguage,
          units: file.units.map {
            XLIFFOracle.Unit(id: $0.id, source: $0.source, target: $0.target, state: $0.targetState, note: $0.note)
          })
      }
      let foundation = XLIFFOracle.foundation(bytes)
      #expect(foundation == .document(expected), "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  @Test func randomDocumentsReadAsLibxml2ReadsThem() {
    var generator = SeededGenerator(seed: 33)
    var outcomes: [String: Int] = [:]
    for round in 0..<3000 {
      let bytes = XLIFFGeneration.randomBytes(using: &generator, damage: round % 2 == 1)
      if let disagreement = XLIFFOracle.disagreement(bytes) {
        Issue.record("\(disagreement)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        return
      }
      switch XLIFFOracle.ours(bytes) {
      case .malformed: outcomes["malformed", default: 0] += 1
      case .refused: outcomes["refused", default: 0] += 1
      case .document: outcomes["read", default: 0] += 1
      }
    }
    // The generator reaches every outcome, so each comparison above happened.
    #expect(outcomes["malformed", default: 0] > 300, "\(outcomes)")
    #expect(outcomes["refused", default: 0] > 30, "\(outcomes)")
    #expect(outcomes["read", default: 0] > 1000, "\(outcomes)")
  }

  /// Where locmerge refuses what libxml2 reads (docs/xliff.md): a DOCTYPE (entities and all), an
  /// encoding other than UTF-8, UTF-16, US-ASCII and ISO-8859-1, UTF-16 cut mid-character.
  @Test(arguments: [
    "<!DOCTYPE xliff [<!ENTITY e \"E\">]><xliff version=\"1.2\"/>",
    "<?xml version=\"1.0\" encoding=\"windows-1252\"?><xliff version=\"1.2\"/>",
  ])
  func whereWeAreStricterThanLibxml2(_ text: String) {
    #expect(!XLIFFOracle.foundation(Array(text.utf8)).isMalformed)
    #expect(XLIFFOracle.ours(Array(text.utf8)).isMalformed)
    #expect(XLIFFOracle.disagreement(Array(text.utf8)) == nil)
  }

  /// Where libxml2 reports what XML 1.0 leaves to validity (an `xml:space` or `xml:lang` value, a
  /// namespace name that is no absolute URI): the document is well-formed, and read.
  @Test(arguments: [
    "<xliff xml:space=\"kept\"><file original=\"a\" source-language=\"en\"/></xliff>",
    "<xliff xmlns:o=\"not a uri\"><file original=\"a\" source-language=\"en\"/></xliff>",
  ])
  func whereLibxml2WarnsOnValidity(_ text: String) throws {
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldProcessNamespaces = true
    final class Warnings: NSObject, XMLParserDelegate {
      var codes: [Int] = []
      func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        codes.append((parseError as NSError).code)
      }
    }
    let warnings = Warnings()
    parser.delegate = warnings
    _ = parser.parse()
    #expect(!warnings.codes.isEmpty)
    #expect(try XLIFFReader.read(Array(text.utf8), path: "t.xliff").files.map(\.original) == ["a"])
    #expect(XLIFFOracle.disagreement(Array(text.utf8)) == nil)
  }

  /// Found by the fuzzer: an encoding name libxml2 does not know, then invalid UTF-8 in a comment.
  /// XMLParser traps on such bytes; the oracle must judge them without it, as malformed.
  @Test func anUnknownEncodingWithInvalidUTF8IsMalformedForBoth() {
    let bytes =
      Array("<?xml version='1.0' encoding='ut-f8'?>\n<!-- a ".utf8) + [0xD9, 0x8D, 0x9A]
      + Array(" -->\n<xliff version=\"1.2\"/>".utf8)
    #expect(XLIFFOracle.ours(bytes).isMalformed)
    #expect(XLIFFOracle.disagreement(bytes) == nil)
  }

  /// Found by CI's fuzz run: a processing instruction without data in a UTF-16 document. XMLParser
  /// crashes on one (it takes the length of libxml2's null data pointer); the oracle gave it a
  /// space before `?>` only where the bytes spell `?>` in UTF-8, so a UTF-16 one, with a byte
  /// order mark or without, crashed the fuzz target. In UTF-32 the same.
  @Test func aProcessingInstructionWithoutDataIsReadInEveryEncodingLibxml2Detects() throws {
    let text = "<?pi?><xliff version=\"1.2\"><?a?><file original=\"f\" source-language=\"en\"/></xliff>"
    func utf16(_ bigEndian: Bool) -> [UInt8] {
      text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
    func utf32(_ bigEndian: Bool) -> [UInt8] {
      text.unicodeScalars.flatMap { scalar -> [UInt8] in
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
        return bigEndian ? bytes.reversed() : bytes
      }
    }
    let documents: [(name: String, bytes: [UInt8])] = [
      ("UTF-8", Array(text.utf8)),
      ("UTF-16LE with its BOM", [0xFF, 0xFE] + utf16(false)), ("UTF-16BE with its BOM", [0xFE, 0xFF] + utf16(true)),
      ("UTF-16LE", utf16(false)), ("UTF-16BE", utf16(true)),
      ("UTF-32LE", utf32(false)), ("UTF-32BE", utf32(true)),
    ]
    let utf8 = XLIFFOracle.foundation(documents[0].bytes)
    #expect(utf8 == .document([.init(original: "f", sourceLanguage: "en", targetLanguage: nil, units: [])]))
    for (name, bytes) in documents.dropFirst() {
      // Reaching this line at all is most of the test: the crash took the process down.
      let reading = XLIFFOracle.foundation(bytes)
      // libxml2 here reads UTF-32LE as malformed, with or without the instructions' data.
      #expect(reading == utf8 || (name == "UTF-32LE" && reading.isMalformed), "\(name): \(reading)")
    }
    // The fuzz run's input: UTF-16LE, an instruction `<?x…` whose `?>` ends it without data.
    let found = try #require(
      Data(
        base64Encoded: "//48AD8AePptAGxtbDp7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7"
          + "e3t7e3t7e3t7e3t7e3t7e3t7e3t7e3t7e2VzOnRjOnhsaWZmOmQxLjI/AD4ACgA8AHgAPD9sAGk="))
    #expect(XLIFFOracle.disagreement(Array(found)) == nil)
  }

  /// Found by a fuzz run: a document labelled UTF-16 whose bytes are not (no byte order mark, no
  /// `<?` in UTF-16), with invalid UTF-8 in a name. libxml2 keeps reading such bytes as UTF-8 and
  /// hands the name on, and XMLParser traps on it: the oracle took the label for a conversion
  /// and gave it the bytes. It must judge them without XMLParser, as malformed.
  @Test(arguments: ["UTF-16", "utf16"])
  func aLabelOfUTF16OnBytesThatAreNotIsReadAsUTF8(_ label: String) {
    let bytes =
      Array("<?xml version='1.0' encoding='\(label)'?>\n<x:xlif".utf8) + [0xFF, 0xFF]
      + Array("f xmlns:x=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"/>".utf8)
    #expect(XLIFFOracle.foundation(bytes).isMalformed)
    #expect(XLIFFOracle.disagreement(bytes) == nil)
  }

  /// Found by review: a declaration of UTF-16LE or UTF-16BE in a document that starts in 8 bits.
  /// libxml2 switches to UTF-16 after the name and reads on, where a processing instruction
  /// without data crashes XMLParser as above; the oracle, reading the first bytes, gave it no
  /// space. locmerge refuses such a file (docs/xliff.md), so libxml2's reading is not needed.
  @Test(arguments: [false, true])
  func aDeclaredUTF16AfterAnEightBitStartIsOurRefusalAlone(_ bigEndian: Bool) {
    let label = bigEndian ? "UTF-16BE" : "UTF-16LE"
    let rest = "?><xliff version=\"1.2\"><?pi?></xliff>".utf16.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
    let bytes = Array("<?xml version=\"1.0\" encoding=\"\(label)\"".utf8) + rest
    #expect(XLIFFOracle.ours(bytes).isMalformed)
    #expect(XLIFFOracle.disagreement(bytes) == nil)
  }

  @Test func utf16CutMidCharacterIsRefusedWhereLibxml2ReadsOn() {
    let bytes: [UInt8] =
      [0xFF, 0xFE] + "<xliff version=\"1.2\"/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0x20]
    #expect(!XLIFFOracle.foundation(bytes).isMalformed)
    #expect(XLIFFOracle.ours(bytes).isMalformed)
  }

  /// Billion laughs and external entities: refused by us before anything expands; libxml2 (as
  /// Foundation sets it up) does not fetch the entity either, but reads on.
  @Test func entityAttacksAreRefusedAtTheirPosition() throws {
    let laughs =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
      + (1...9).map {
        " <!ENTITY lol\($0) \"" + String(repeating: "&lol\($0 == 1 ? "" : String($0 - 1));", count: 10) + "\">\n"
      }.joined()
      + "]>\n<xliff>&lol9;</xliff>"
    let external = "<?xml version=\"1.0\"?>\n\n<!DOCTYPE xliff SYSTEM \"file:///etc/passwd\">\n<xliff>&x;</xliff>"
    for (text, line) in [(laughs, 2), (external, 3)] {
      let error = try #require(throws: XLIFFError.self) { try XLIFFReader.read(Array(text.utf8), path: "attack.xliff") }
      #expect(error.kind == .documentType)
      #expect(error.position == TextPosition(line: line, column: 1))
    }
  }
}
