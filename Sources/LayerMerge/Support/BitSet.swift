/// A set of small numbers as bits: which of a run's looked-up keys (``LookupKeyNumbers``) a table
/// or a language of a target defines, which files a target compiles, which tokens name a lookup.
/// A target's check takes the union of its tables' sets and tests a bit per key, instead of
/// hashing each key into each language's tables.
struct BitSet: Sendable {
  private var words: [UInt64]

  /// An empty set with room for the numbers below `count`.
  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) >> 6)
  }

  /// How many numbers the set has room for, a multiple of 64.
  var capacity: Int { words.count << 6 }

  /// Whether the set holds `number`; a number beyond its room is not held.
  func contains(_ number: Int) -> Bool {
    let word = number >> 6
    return word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
  }

  /// Adds a number below the set's room.
  mutating func insert(_ number: Int) {
    words[number >> 6] |= 1 << UInt64(number & 63)
  }

  /// Keeps only the numbers `other` holds too.
  mutating func formIntersection(_ other: BitSet) {
    for index in words.indices { words[index] &= index < other.words.count ? other.words[index] : 0 }
  }

  /// Adds every number of `other`, which has the same room.
  mutating func formUnion(_ other: BitSet) {
    for index in words.indices where index < other.words.count { words[index] |= other.words[index] }
  }
}
