import Foundation
import Testing

@testable import LayerMerge

/// The run's key numbers: each key of each table numbered once, in the order first seen, found
/// again byte for byte however many keys the run has.
@Suite struct LookupKeyNumbersTests {
  @Test func everyKeyOfEveryTableHasOneNumberFoundAgainAfterTheTableGrows() throws {
    var numbers = LookupKeyNumbers()
    let tables = ["Localizable", "Settings", "Widget"]
    // Enough keys to grow the table many times; each key text in every table.
    let keys = (0..<3_000).map { "screen\($0 % 97)_item\($0)_title" }
    var given: [String: Int] = [:]
    for key in keys {
      for table in tables {
        given["\(table)/\(key)"] = numbers.numbered(key, in: numbers.slot(of: table))
      }
    }
    #expect(numbers.count == keys.count * tables.count)
    #expect(Set(given.values).count == keys.count * tables.count)
    #expect(given["Localizable/\(keys[0])"] == 0)
    #expect(given["Widget/\(keys[0])"] == 2)
    for key in keys {
      for table in tables {
        let number = given["\(table)/\(key)"]
        let slot = try #require(numbers.askedSlot(of: table))
        #expect(numbers.numbered(key, in: slot) == number)
        #expect(numbers.number(of: key, table: table) == number)
        #expect(
          numbers.number(ofKeyOf: LocalizationEntry(key: key, value: .string("")), digest: nil, in: slot) == number)
        #expect(number.map { numbers.key($0) == (table, key) } == true)
      }
    }
    #expect(numbers.number(of: "screen1_item1_title", table: "Other") == nil)
    #expect(numbers.number(of: "screen1_item1_titl", table: "Localizable") == nil)
    #expect(numbers.askedSlot(of: "Other") == nil && numbers.askedSlot(of: "Widget") != nil)
  }

  @Test func keysCompareByteForByte() {
    var numbers = LookupKeyNumbers()
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let first = numbers.numbered(precomposed, in: numbers.slot(of: "Localizable"))
    let second = numbers.numbered(decomposed, in: numbers.slot(of: "Localizable"))
    #expect(first != second)
    #expect(numbers.number(of: decomposed, table: "Localizable") == second)
  }

  /// Each piece after its length in bytes (in decimal), so that no two lists of pieces spell the
  /// same text.
  @Test func anInterpolationsTextIsEachPieceAfterItsLength() {
    #expect(CheckedLookups.interpolationText(["Hello ", "", "0123456789 é"]) == "6:Hello 0:13:0123456789 é")
    let long = String(repeating: "x", count: 1_024)
    #expect(CheckedLookups.interpolationText([long, "a"]) == "1024:" + long + "1:a")
  }

  @Test func interpolationsAreNumberedApartFromKeys() {
    var numbers = LookupKeyNumbers()
    let text = CheckedLookups.interpolationText(["Hello ", ""])
    let key = numbers.numbered(text, in: numbers.slot(of: "Localizable"))
    let interpolation = numbers.numberedInterpolation(text, in: numbers.slot(of: "Localizable"))
    #expect((key, interpolation) == (0, 0))
    #expect((numbers.count, numbers.interpolationCount) == (1, 1))
    #expect(numbers.numberedInterpolation(text, in: numbers.slot(of: "Localizable")) == 0)
    #expect(numbers.numberedInterpolation(text, in: numbers.slot(of: "Settings")) == 1)
  }
}

extension LookupKeyNumbers {
  /// Numbers `key` given as a scan gives it, by its bytes and their digest.
  fileprivate mutating func numbered(_ key: String, in table: TableSlot) -> Int {
    var key = key
    return key.withUTF8 { number(ofBytes: $0, in: table, digest: KeyIndex.digest($0)) }
  }

  /// Numbers an interpolation's text given as a scan gives it, by its bytes and their digest.
  fileprivate mutating func numberedInterpolation(_ text: String, in table: TableSlot) -> Int {
    var text = text
    return text.withUTF8 { number(ofInterpolationBytes: $0, in: table, digest: KeyIndex.digest($0)) }
  }
}
