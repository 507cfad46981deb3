import Foundation
import LayerMerge
import TestSupport
import Testing

/// Catalog keys are sorted as Foundation's `JSONSerialization` sorts them (FORMATS.md §4.3).
@Suite struct CatalogKeyOrderTests {
  /// FORMATS.md §6.4, vector 1: the order Xcode writes.
  @Test func sortsTheFormatsVectorAsXcodeDoes() {
    let keys = [
      "b", "B", "a", "_x", ".x", "-x", "item 10", "Item 2", "Ä", "z", "%@", "1", "10", "9", "a.b", "a_b", "ab", "a b",
      "", "É", "e", "f",
    ]
    let expected = [
      "", "_x", "-x", ".x", "%@", "1", "9", "10", "a", "Ä", "a b", "a_b", "a.b", "ab", "b", "B", "e", "É", "f",
      "Item 2",
      "item 10", "z",
    ]
    #expect(keys.sorted(by: CatalogKeyOrder.precedes) == expected)
  }

  @Test func breaksTiesButCallsOnlyIdenticalStringsEqual() {
    #expect(CatalogKeyOrder.compare("a", "a") == 0)
    #expect(CatalogKeyOrder.compare("01", "1") == 1)
    #expect(CatalogKeyOrder.compare("x2", "x10") == -1)
    #expect(CatalogKeyOrder.compare("e\u{301}", "\u{E9}") == -1)
    #expect(CatalogKeyOrder.compare("\u{1}a", "a") == -1)
    #expect(CatalogKeyOrder.compare("ß", "ss") == 1)
    #expect(CatalogKeyOrder.compare("ß", "st") == -1)
    #expect(CatalogKeyOrder.compare("æ", "af") == -1)
    #expect(CatalogKeyOrder.compare("中", "😀") == 1)
  }

  /// Foundation is the judge: random strings over letters, accents, punctuation, digits, emoji,
  /// CJK and controls sort the same way.
  @Test func agreesWithFoundationOnRandomStrings() {
    let alphabet = Array(
      "aAbBeEzZ09 _-,;:!?.'\"()@*/\\&#%`^+<=>|~$\t\n\u{1}éÉèÄäöÖüßæÆøØåÅçñÑłŁœ\u{301}\u{308}…–—“”‘’€£¥©®™°•"
        + "😀👍🏽！ａＡ中文日本語한국어ДдЖжΩωαβ"
    ).map(String.init)
    var generator = SeededGenerator(seed: 11)
    var strings: [String] = []
    for _ in 0..<600 {
      let length = Int.random(in: 0...6, using: &generator)
      strings.append((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined())
    }
    // Shared prefixes exercise the scan before the first difference.
    strings += strings.prefix(200).map { "Item " + $0 }
    var disagreements: [String] = []
    for (index, lhs) in strings.enumerated() {
      let rhs = strings[(index * 7 + 3) % strings.count]
      let ours = CatalogKeyOrder.compare(lhs, rhs)
      let theirs = FoundationKeyOrder.compare(lhs, rhs)
      if ours != theirs {
        disagreements.append("\(lhs.debugDescription) vs \(rhs.debugDescription): \(ours) ≠ \(theirs)")
      }
    }
    #expect(
      disagreements.isEmpty,
      "\(disagreements.count) disagreements:\n\(disagreements.prefix(40).joined(separator: "\n"))")
  }

  /// Every key of every catalog in `../shared` sorts as Foundation sorts it.
  @Test(SharedFolder.required) func agreesWithFoundationOnEverySharedCatalogKey() throws {
    var keys: Set<String> = []
    for file in SharedFolder.files(under: "", extensions: ["xcstrings"]) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        let strings = object["strings"] as? [String: Any]
      else { continue }
      keys.formUnion(strings.keys)
    }
    #expect(keys.count > 1000)
    let ours = keys.sorted(by: CatalogKeyOrder.precedes)
    let theirs = keys.sorted { FoundationKeyOrder.compare($0, $1) < 0 }
    let wrong = zip(ours, theirs).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(wrong.isEmpty, "first difference at \(wrong.first.map { "\($0.offset): \($0.element)" } ?? "")")
  }
}

/// Foundation's comparator, exactly as `JSONSerialization` calls it for `.sortedKeys`.
enum FoundationKeyOrder {
  static func compare(_ lhs: String, _ rhs: String) -> Int {
    let result = lhs.compare(
      rhs, options: [.numeric, .caseInsensitive, .forcedOrdering], range: lhs.startIndex..<lhs.endIndex,
      locale: NSLocale.system)
    return result.rawValue
  }
}
