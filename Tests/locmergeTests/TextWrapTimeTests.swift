import TestSupport
import Testing

@testable import locmerge

/// The text audit wraps a long key in time in proportion to it (issue 23, case 5): each cut of a
/// word longer than the width counted the rest of the word again.
@Suite struct TextWrapTimeTests {
  @Test func aLongWordIsCutInOnePass() {
    let ratio = LinearTime.ratio(n: 20_000) { length in
      let lines = wrap(String(repeating: "a", count: length), width: 80)
      #expect(lines.count == (length + 79) / 80 && lines.allSatisfy { $0.count <= 80 })
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for an 8× longer word")
  }

  @Test func wordsAndLongWordsKeepTheirPlaces() {
    #expect(wrap("ab cd " + String(repeating: "x", count: 7) + " e", width: 5) == ["ab cd", "xxxxx", "xx e"])
  }
}
