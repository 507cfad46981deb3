/// Finds keys exactly one edit away from a given key: one insertion, deletion or substitution, or
/// two neighbouring characters swapped (`Titel` for `Title`), as ``EditDistance`` counts them.
///
/// Two kinds of one-edit pairs are deliberate siblings, not typos, and are left out (measured
/// on the five-app corpus, where they were 3 in 4 of all one-edit pairs): an edit of a digit
/// (`step1`, `step2`; `minutes_1`, `minutes_10`) and an `s` that makes a word plural
/// (`bookmark`, `bookmarks`; `hour_minutes`, `hours_minutes`; `AccountTitle`, `AccountsTitle`).
///
/// Every key is indexed under a hash of itself and of each of its one-character deletions: two
/// keys one edit apart always share one of these (a substitution or a swap leaves the same key
/// when one character is deleted from each, an insertion the shorter key), so a lookup hashes
/// the key and its deletions, and only keys found under those hashes are compared.
struct NearMissIndex: Sendable {
  private var keys: [(key: String, scalars: [Unicode.Scalar])] = []
  /// Positions in `keys`, by the hash of the whole key.
  private var wholeKeys = HashPositions()
  /// Positions in `keys`, by the hash of the key with one character deleted (every character).
  private var deletions = HashPositions()

  /// Keys shorter than this are not indexed: `ok` and `on` are too alike to mean a typo.
  static let minimumLength = 4

  /// How two keys one edit apart differ.
  enum Edit: Equatable {
    /// `longer` has one more character, at `index`.
    case insertion(index: Int, longer: [Unicode.Scalar])
    /// One character differs, at `index`.
    case substitution(Unicode.Scalar, Unicode.Scalar)
    /// Two neighbouring characters are swapped.
    case transposition
  }

  init<Keys: Sequence>(_ keys: Keys) where Keys.Element == String {
    var scalarCount = 0
    for key in keys {
      let scalars = Self.scalars(of: key)
      guard scalars.count >= Self.minimumLength else { continue }
      self.keys.append((key, scalars))
      scalarCount += scalars.count
    }
    wholeKeys.reserveCapacity(self.keys.count)
    deletions.reserveCapacity(scalarCount)
    var hashes = DeletionHashes()
    for (position, key) in self.keys.enumerated() {
      hashes.load(key.scalars)
      wholeKeys.insert(hashes.whole, position)
      for index in key.scalars.indices { deletions.insert(hashes.deleting(index), position) }
    }
  }

  /// The indexed key one edit away from `key`, if any, that is not a deliberate sibling; the
  /// smallest in sorted order, so the answer does not depend on the order keys were indexed in.
  func nearMiss(for key: String) -> String? {
    let query = Self.scalars(of: key)
    guard query.count >= Self.minimumLength, !keys.isEmpty else { return nil }
    var best: String?
    func consider(_ position: Int) {
      let candidate = keys[position]
      guard candidate.key != key, best.map({ candidate.key < $0 }) ?? true,
        let edit = Self.edit(query, candidate.scalars), !edit.isDeliberate
      else { return }
      best = candidate.key
    }
    var hashes = DeletionHashes()
    hashes.load(query)
    // A key one longer: it less one character is the query.
    deletions.forEach(hashes.whole, consider)
    for index in query.indices {
      let deleted = hashes.deleting(index)
      // A key one shorter is the query less one character; a key as long shares a deletion.
      wholeKeys.forEach(deleted, consider)
      deletions.forEach(deleted, consider)
    }
    return best
  }

  /// The key's scalars; an ASCII key's without decoding (most keys are).
  private static func scalars(of key: String) -> [Unicode.Scalar] {
    let ascii = key.utf8.withContiguousStorageIfAvailable { bytes -> [Unicode.Scalar]? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return bytes.map { Unicode.Scalar($0) }
    }
    return (ascii ?? nil) ?? Array(key.unicodeScalars)
  }

  /// Whether two different sequences are exactly one insertion, deletion, substitution or swap
  /// of neighbours apart.
  static func oneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    edit(a, b) != nil
  }

  /// The one edit between two different sequences, or `nil` if they are not one edit apart.
  static func edit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Edit? {
    if a.count == b.count {
      var first: Int?
      for index in a.indices where a[index] != b[index] {
        guard let earlier = first else {
          first = index
          continue
        }
        // A second difference is allowed only as the other half of a swap of neighbours, and
        // the rest must match.
        guard index == earlier + 1, a[earlier] == b[index], a[index] == b[earlier],
          a[(index + 1)...] == b[(index + 1)...]
        else { return nil }
        return .transposition
      }
      return first.map { .substitution(a[$0], b[$0]) }
    }
    let (short, long) = a.count < b.count ? (a, b) : (b, a)
    guard long.count == short.count + 1 else { return nil }
    var i = 0
    while i < short.count, short[i] == long[i] { i += 1 }
    let inserted = i
    // Skip one character of the longer sequence; the rest must match.
    while i < short.count {
      if short[i] != long[i + 1] { return nil }
      i += 1
    }
    return .insertion(index: inserted, longer: long)
  }
}

extension NearMissIndex.Edit {
  /// A digit edit (numbered siblings) or a plural `s` at the end of a word.
  var isDeliberate: Bool {
    switch self {
    case .substitution(let a, let b):
      return a.properties.numericType != nil || b.properties.numericType != nil
    case .transposition:
      return false
    case .insertion(var index, let longer):
      let inserted = longer[index]
      if inserted.properties.numericType != nil { return true }
      // In a run of equal characters the insertion may be counted at any of them; an `s` is
      // plural when it ends a word: after a letter, before the end, a separator or a capital.
      guard inserted == "s" else { return false }
      while index + 1 < longer.count, longer[index + 1] == "s" { index += 1 }
      let before = index > 0 ? longer[index - 1] : nil
      let after = index + 1 < longer.count ? longer[index + 1] : nil
      guard let before, before.properties.isAlphabetic else { return false }
      guard let after else { return true }
      return !after.properties.isAlphabetic || after.properties.isUppercase
    }
  }
}

/// Polynomial hashes of a sequence of scalars and of the sequence with one scalar deleted, each
/// deletion in constant time from prefix and suffix sums. Collisions only cost a comparison.
private struct DeletionHashes {
  private static let base: UInt64 = 0x9E37_79B9_7F4A_7C15
  /// `prefixes[i]`: the hash of the first `i` scalars.
  private var prefixes: [UInt64] = []
  /// `suffixes[i]`: the sum over scalars from `i` on, each weighted as in the whole sequence.
  private var suffixes: [UInt64] = []
  /// `powers[k]`: base to the `k`.
  private var powers: [UInt64] = []
  private var count = 0

  /// Works out the sums of `scalars`, reusing the storage of the previous sequence's.
  mutating func load(_ scalars: [Unicode.Scalar]) {
    count = scalars.count
    if prefixes.count <= count {
      let size = max(count + 1, 2 * prefixes.count)
      prefixes = Array(repeating: 0, count: size)
      suffixes = Array(repeating: 0, count: size)
      powers = Array(repeating: 0, count: size)
    }
    let count = self.count
    scalars.withUnsafeBufferPointer { scalars in
      prefixes.withUnsafeMutableBufferPointer { prefixes in
        powers.withUnsafeMutableBufferPointer { powers in
          suffixes.withUnsafeMutableBufferPointer { suffixes in
            prefixes[0] = 0
            powers[0] = 1
            for index in 0..<count {
              prefixes[index + 1] = prefixes[index] &* Self.base &+ UInt64(scalars[index].value) &+ 1
              powers[index + 1] = powers[index] &* Self.base
            }
            suffixes[count] = 0
            for index in stride(from: count - 1, through: 0, by: -1) {
              suffixes[index] = suffixes[index + 1] &+ (UInt64(scalars[index].value) &+ 1) &* powers[count - 1 - index]
            }
          }
        }
      }
    }
  }

  /// The hash of the whole sequence.
  var whole: UInt64 { Self.finish(prefixes[count], length: count) }

  /// The hash of the sequence without the scalar at `index`.
  func deleting(_ index: Int) -> UInt64 {
    Self.finish(prefixes[index] &* powers[count - 1 - index] &+ suffixes[index + 1], length: count - 1)
  }

  private static func finish(_ sum: UInt64, length: Int) -> UInt64 {
    var hash = sum ^ (UInt64(length) &* 0xFF51_AFD7_ED55_8CCD)
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }
}

/// A multimap from 64-bit hashes to positions: open addressing, never more than half full.
private struct HashPositions: Sendable {
  private var hashes: [UInt64] = []
  /// Position + 1 in each slot; 0 marks an empty one.
  private var positions: [Int32] = []
  private var count = 0

  /// Makes room for `count` positions without growing.
  mutating func reserveCapacity(_ count: Int) {
    var capacity = max(64, positions.count)
    while capacity < count * 2 { capacity *= 2 }
    guard capacity > positions.count else { return }
    let old = zip(hashes, positions).filter { $0.1 != 0 }
    hashes = Array(repeating: 0, count: capacity)
    positions = Array(repeating: 0, count: capacity)
    self.count = 0
    for (hash, position) in old { insert(hash, Int(position) - 1) }
  }

  mutating func insert(_ hash: UInt64, _ position: Int) {
    if (count + 1) * 2 > positions.count { grow() }
    let mask = positions.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while positions[slot] != 0 { slot = (slot + 1) & mask }
    hashes[slot] = hash
    positions[slot] = Int32(truncatingIfNeeded: position + 1)
    count += 1
  }

  /// Calls `body` with every position stored under `hash` (a position may come more than once).
  func forEach(_ hash: UInt64, _ body: (Int) -> Void) {
    guard !positions.isEmpty else { return }
    let mask = positions.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while positions[slot] != 0 {
      if hashes[slot] == hash { body(Int(positions[slot]) - 1) }
      slot = (slot + 1) & mask
    }
  }

  private mutating func grow() {
    reserveCapacity(max(32, positions.count))
  }
}
