/// A set of key numbers (``LookupKeyNumbers``) as bits: which of a run's looked-up keys one table,
/// or one language of a target, defines. A target's check takes the union of its tables' sets and
/// tests a bit per key, instead of hashing each key into each language's tables.
struct KeyBits: Sendable {
  private var words: [UInt64]

  /// An empty set with room for the numbers below `count`.
  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) >> 6)
  }

  /// Whether the set holds `number`; a number beyond its room is not held.
  func contains(_ number: Int) -> Bool {
    let word = number >> 6
    return word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
  }

  /// Adds a number below the set's room.
  mutating func insert(_ number: Int) {
    words[number >> 6] |= 1 << UInt64(number & 63)
  }

  /// Adds every number of `other`, which has the same room.
  mutating func formUnion(_ other: KeyBits) {
    for index in words.indices where index < other.words.count { words[index] |= other.words[index] }
  }
}
