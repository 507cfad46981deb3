import Foundation
import Testing

@testable import LayerMerge

/// The reader details of issue #10 item 7: where an error is reported, and what the parser may
/// cost, on inputs that once got them wrong.
@Suite struct ReaderDetailTests {
  func render(_ bytes: [UInt8]) -> [String] {
    LocalizationFileReader.parse(bytes, path: "t.strings", kind: .strings).diagnostics.map(\.description)
  }

  @Test func countingLostEntriesKeepsTheReasonOfTheStop() {
    // A stray '@' stops Apple's reader; counting what follows meets an unterminated key, whose
    // reason must not replace the '@'.
    let text = "\"a\" = \"b\";\n@\n\"c\" = \"d\";\n\"e\n"
    #expect(
      render(Array(text.utf8)) == [
        "t.strings:2:1: error: unexpected '@'; Apple's reader silently stops here and drops the rest of the file: "
          + "1 entry after this point is lost at run time"
      ])
  }

  @Test func errorOffsetsDoNotDriftAfterRepairedBytes() {
    // Two stray 0xA9 bytes (read as U+FFFD) before an invalid 0xFF: the error points at the 0xFF.
    let bytes = Array("\"a\" = \"".utf8) + [0xA9, 0xA9, 0xFF] + Array("xyz\";\n".utf8)
    #expect(
      render(bytes) == [
        "t.strings:1:8: error: the file is not valid UTF-8 (byte 0xFF cannot start or continue a character); save "
          + "it as UTF-8"
      ])
    // The same inside XML character data, after a byte-order mark.
    let xml =
      [0xEF, 0xBB, 0xBF] + Array("<plist version=\"1.0\"><dict><key>a</key><string>".utf8) + [0xA9, 0xA9, 0xFF]
      + Array("</string></dict></plist>\n".utf8)
    let parsed = LocalizationFileReader.parse(xml, path: "t.stringsdict", kind: .stringsdict)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "t.stringsdict:1:48: error: malformed XML property list: the text is not valid UTF-8 (byte 0xFF)"
      ])
  }

  @Test func keyColumnsOnOneLongLineCostOnePass() {
    // 100,000 entries on one line: walking back to the line start for every key took minutes.
    let count = 100_000
    var text = "{"
    for index in 0..<count { text += "\"k\(index)\"=\"v\";" }
    text += "}"
    let started = ContinuousClock.now
    let parsed = LocalizationFileReader.parse(Array(text.utf8), path: "t.strings", kind: .strings)
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(parsed.table.count == count)
    let last = parsed.table.entries.last?.position
    #expect(last == TextPosition(line: 1, column: text.utf8.count - "\"k\(count - 1)\"=\"v\";}".utf8.count + 1))
  }

  @Test func aTextTooLargeForSpansKeepsNoSpansNotEvenForComments() {
    let text = Array("/* first */\n\"a\" = \"b\";\n// second\n\"c\" = \"d\";\n".utf8)
    let source = SourceText(bytes: text, containsSurrogates: false)
    text.withUnsafeBufferPointer { buffer in
      var scanner = OldStylePlistScanner(text: buffer, containsSurrogates: false, source: source, spanLimit: 8)
      guard case .dictionary(let entries, _)? = try? scanner.parseTopLevel() else {
        Issue.record("the text does not parse")
        return
      }
      #expect(entries.map(\.comment) == ["first", "second"])
      #expect(entries.allSatisfy { !$0.holdsSpans })
    }
  }
}
