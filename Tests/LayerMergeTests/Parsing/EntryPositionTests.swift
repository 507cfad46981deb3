import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// Key positions come from the parse itself; they must agree with a separate line count.
@Suite struct EntryPositionTests {
  @Test func positionsCountLinesAsCoreFoundationDoes() {
    let text =
      "\"a\" = \"1\";\r\n\"b\" = \"x\ny\";\r\"c\"\u{2028}= \"2\";\n  /* note\n */ \"d\" = 'q\\\nr';\n\t\"é\" = \"3\"; \"f\" = <41\n42>;\n"
    let parsed = LocalizationFileReader.parse(Array(text.utf8), path: "p.strings", kind: .strings)
    let positions = parsed.table.entries.map { "\($0.key)@\($0.position.map(\.description) ?? "-")" }
    // CRLF is one break, a lone CR is one, U+2028 is none; breaks inside values and comments count.
    #expect(positions == ["a@1:1", "b@2:1", "c@4:1", "d@6:5", "é@8:2", "f@8:13"])
  }

  @Test(SharedFolder.required) func positionsAgreeWithAnIndependentLineCountOnTheCorpus() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var compared = 0
    for file in CorpusAgreementTests.files where file.pathExtension == "strings" {
      guard let decoded = try? DecodedText.decode([UInt8](Data(contentsOf: file))).validated() else { continue }
      decoded.utf8.withUnsafeBufferPointer { text in
        var scanner = OldStylePlistScanner(text: text, containsSurrogates: decoded.containsSurrogates)
        guard case .dictionary(let entries, let offsets)? = try? scanner.parseTopLevel() else { return }
        var locator = LineLocator()
        #expect(entries.count == offsets.count)
        for (entry, offset) in zip(entries, offsets) {
          #expect(entry.position == locator.position(of: offset, in: text), "\(file.path) \(entry.key)")
          compared += 1
        }
      }
    }
    #expect(compared > 100_000)
  }
}
