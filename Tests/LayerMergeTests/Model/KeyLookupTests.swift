import Testing

@testable import LayerMerge

/// A lookup may be told where a key probably stands (the same position in another language's
/// table): the answer must not depend on the hint, right, wrong or out of range.
struct KeyLookupTests {
  @Test func aHintNeverChangesTheAnswer() {
    let keys = (0..<300).map { "key.\($0)" }
    let table = LocalizationTable(keys.map { LocalizationEntry(key: $0, string: "v") })
    let other = LocalizationTable(keys.reversed().map { LocalizationEntry(key: $0, string: "w") })
    for (position, key) in keys.enumerated() {
      let entry = LocalizationEntry(key: key, string: "")
      for hint in [nil, position, keys.count - 1 - position, -1, keys.count, Int.max] {
        #expect(table.index(ofKeyOf: entry, hint: hint) == position)
        #expect(other.index(ofKeyOf: entry, hint: hint) == keys.count - 1 - position)
      }
    }
    let absent = LocalizationEntry(key: "absent", string: "")
    #expect(table.index(ofKeyOf: absent, hint: 0) == nil)
    // A hint whose digest matches (the digest given is the caller's) still compares the bytes.
    #expect(table.index(ofKeyOf: absent, digest: table.digest(at: 5), hint: 5) == nil)
  }
}
