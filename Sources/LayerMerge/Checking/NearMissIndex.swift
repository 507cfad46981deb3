/// Finds keys exactly one edit away from a given key: one insertion, deletion or substitution, or
/// two neighbouring characters swapped (`Titel` for `Title`), as ``EditDistance`` counts them.
///
/// Two kinds of one-edit pairs are deliberate siblings, not typos, and are left out (measured
/// on the five-app corpus, where they were 3 in 4 of all one-edit pairs): an edit of a digit
/// (`step1`, `step2`; `minutes_1`, `minutes_10`) and an `s` that makes a word plural
/// (`bookmark`, `bookmarks`; `hour_minutes`, `hours_minutes`; `AccountTitle`, `AccountsTitle`).
///
/// Every key is indexed under the hash of itself, and under the hash of each of its
/// one-character deletions together with the place of the deleted character. A lookup then finds
/// each kind of neighbour in a place of its own:
/// - a key one longer: the query with a character inserted at `p` is indexed under (query, `p`);
/// - a substitution at `i`: both keys less their character at `i`, at `i`;
/// - a key one shorter: the query less one character (once per run of equal characters) is a
///   whole key; a swap of neighbours: the query swapped is a whole key.
///
/// Each place keeps only its two smallest keys (the query itself may be one, and only a plural
/// `s` among a place's keys can be deliberate), so a lookup does a fixed amount of work per
/// character of the query, whatever the keys: a key of one character repeated 200,000 times made
/// every deletion hash alike and the lookups quadratic (issue 23). Hashes are polynomials with a
/// base drawn per process, so no input is crafted to collide; a collision costs one comparison.
struct NearMissIndex: Sendable {
  private var keys: [(key: String, scalars: [Unicode.Scalar])] = []
  /// The two smallest keys by the hash of the whole key.
  private var wholeKeys = SmallestByHash()
  /// The two smallest keys by the hash of the key less one character and the place of that
  /// character; a digit's place is left out (a digit edit is deliberate).
  private var deletions = SmallestByHash()
  private var hashes = DeletionHashes()

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
    var read: [(String, [Unicode.Scalar])] = []
    var scalarCount = 0
    for key in keys {
      let scalars = Self.scalars(of: key)
      guard scalars.count >= Self.minimumLength else { continue }
      read.append((key, scalars))
      scalarCount += scalars.count
    }
    wholeKeys.reserveCapacity(read.count)
    deletions.reserveCapacity(scalarCount)
    for (key, scalars) in read { insert(key, scalars) }
  }

  /// Adds a key to the index.
  mutating func insert(_ key: String) {
    let scalars = Self.scalars(of: key)
    guard scalars.count >= Self.minimumLength else { return }
    insert(key, scalars)
  }

  private mutating func insert(_ key: String, _ scalars: [Unicode.Scalar]) {
    let position = keys.count
    keys.append((key, scalars))
    hashes.load(scalars)
    // Keys are compared only when two share a place (rarely, but for near misses).
    let isSmaller = { [keys] (candidate: Int, incumbent: Int) in Self.precedes(keys[candidate], keys[incumbent]) }
    wholeKeys.insert(hashes.whole, position, isSmaller: isSmaller)
    for index in scalars.indices where !Self.isNumber(scalars[index]) {
      deletions.insert(hashes.deleting(index, placed: true), position, isSmaller: isSmaller)
    }
  }

  /// The indexed key one edit away from `key`, if any, that is not a deliberate sibling; the
  /// smallest in sorted order, so the answer does not depend on the order keys were indexed in.
  func nearMiss(for key: String) -> String? {
    let query = Self.scalars(of: key)
    guard query.count >= Self.minimumLength, !keys.isEmpty else { return nil }
    var best: Int?
    var checked: Set<Int32> = []
    func consider(_ stored: Int32) {
      guard stored != 0, checked.insert(stored).inserted else { return }
      let position = Int(stored) - 1
      let candidate = keys[position]
      guard candidate.key != key, best.map({ Self.precedes(candidate, keys[$0]) }) ?? true,
        let edit = Self.edit(query, candidate.scalars), !edit.isDeliberate
      else { return }
      best = position
    }
    func considerBoth(_ smallest: (Int32, Int32)) {
      consider(smallest.0)
      consider(smallest.1)
    }
    var hashes = DeletionHashes()
    hashes.load(query)
    // A key one longer, with its extra character at `index`.
    for index in 0...query.count { considerBoth(deletions.smallest(hashes.whole(placedAt: index))) }
    var index = 0
    while index < query.count {
      var runEnd = index + 1
      while runEnd < query.count, query[runEnd] == query[index] { runEnd += 1 }
      // A key one shorter: the query less a character of this run (any of them gives it).
      if !Edit.insertion(index: runEnd - 1, longer: query).isDeliberate {
        considerBoth(wholeKeys.smallest(hashes.deleting(index)))
      }
      for position in index..<runEnd {
        // A substitution here (not of a digit), and a swap with the next character.
        if !Self.isNumber(query[position]) {
          considerBoth(deletions.smallest(hashes.deleting(position, placed: true)))
        }
        if position + 1 < query.count, query[position] != query[position + 1] {
          considerBoth(wholeKeys.smallest(hashes.swapping(position)))
        }
      }
      index = runEnd
    }
    return best.map { keys[$0].key }
  }

  /// Sorted order, and the key indexed first among equal ones.
  private static func precedes(
    _ lhs: (key: String, scalars: [Unicode.Scalar]), _ rhs: (key: String, scalars: [Unicode.Scalar])
  ) -> Bool {
    lhs.key < rhs.key
  }

  /// Whether a character is a number (an edit of one is deliberate): an ASCII digit without
  /// looking up its Unicode properties (most keys are ASCII).
  static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar.value >= 0x30 && scalar.value <= 0x39 : scalar.properties.numericType != nil
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
      return NearMissIndex.isNumber(a) || NearMissIndex.isNumber(b)
    case .transposition:
      return false
    case .insertion(var index, let longer):
      let inserted = longer[index]
      if NearMissIndex.isNumber(inserted) { return true }
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

/// Polynomial hashes of a sequence of scalars, of the sequence with one scalar deleted and of the
/// sequence with two neighbours swapped, each in constant time from prefix and suffix sums. The
/// base is drawn once per process. Collisions only cost a comparison.
private struct DeletionHashes {
  private static let base: UInt64 = {
    var generator = SystemRandomNumberGenerator()
    return UInt64.random(in: (1 << 40)...UInt64.max, using: &generator) | 1
  }()
  /// `prefixes[i]`: the sum over the first `i` scalars.
  private var prefixes: [UInt64] = []
  /// `suffixes[i]`: the sum over scalars from `i` on, each weighted as in the whole sequence.
  private var suffixes: [UInt64] = []
  /// `powers[k]`: base to the `k`.
  private var powers: [UInt64] = []
  /// Each scalar's term, plus one (so that a zero scalar counts).
  private var terms: [UInt64] = []
  private var count = 0

  /// Works out the sums of `scalars`, reusing the storage of the previous sequence's.
  mutating func load(_ scalars: [Unicode.Scalar]) {
    count = scalars.count
    if prefixes.count <= count {
      let size = max(count + 1, 2 * prefixes.count)
      prefixes = Array(repeating: 0, count: size)
      suffixes = Array(repeating: 0, count: size)
      powers = Array(repeating: 0, count: size)
      terms = Array(repeating: 0, count: size)
    }
    let count = self.count
    scalars.withUnsafeBufferPointer { scalars in
      terms.withUnsafeMutableBufferPointer { terms in
        prefixes.withUnsafeMutableBufferPointer { prefixes in
          powers.withUnsafeMutableBufferPointer { powers in
            suffixes.withUnsafeMutableBufferPointer { suffixes in
              prefixes[0] = 0
              powers[0] = 1
              for index in 0..<count {
                terms[index] = UInt64(scalars[index].value) &+ 1
                prefixes[index + 1] = prefixes[index] &* Self.base &+ terms[index]
                powers[index + 1] = powers[index] &* Self.base
              }
              suffixes[count] = 0
              for index in stride(from: count - 1, through: 0, by: -1) {
                suffixes[index] = suffixes[index + 1] &+ terms[index] &* powers[count - 1 - index]
              }
            }
          }
        }
      }
    }
  }

  /// The hash of the whole sequence.
  var whole: UInt64 { Self.finish(prefixes[count], length: count) }

  /// The hash of the whole sequence together with a place in it (where a longer key has its extra
  /// character): what ``deleting(_:placed:)`` gives that key at that place.
  func whole(placedAt index: Int) -> UInt64 {
    Self.finish(prefixes[count] &+ Self.place(index), length: count)
  }

  /// The hash of the sequence without the scalar at `index`, and with the place of the deleted
  /// scalar when `placed`.
  func deleting(_ index: Int, placed: Bool = false) -> UInt64 {
    let sum = prefixes[index] &* powers[count - 1 - index] &+ suffixes[index + 1]
    return Self.finish(placed ? sum &+ Self.place(index) : sum, length: count - 1)
  }

  /// What a place adds to a sum (a multiple of an odd constant, apart for every place).
  private static func place(_ index: Int) -> UInt64 {
    (UInt64(index) &+ 1) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5851_F42D_4C95_7F2D
  }

  /// The hash of the sequence with the scalars at `index` and `index + 1` swapped.
  func swapping(_ index: Int) -> UInt64 {
    let (first, second) = (terms[index], terms[index + 1])
    let (high, low) = (powers[count - 1 - index], powers[count - 2 - index])
    return Self.finish(
      prefixes[count] &- first &* high &- second &* low &+ second &* high &+ first &* low, length: count)
  }

  private static func finish(_ sum: UInt64, length: Int) -> UInt64 {
    var hash = sum ^ (UInt64(length) &* 0xFF51_AFD7_ED55_8CCD)
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }
}

/// The two smallest positions stored under each 64-bit hash: open addressing, never more than
/// half full. Positions under one hash are compared when a third comes, never listed.
private struct SmallestByHash: Sendable {
  private var hashes: [UInt64] = []
  /// Position + 1 of the smallest and the second smallest in each slot; 0 marks none.
  private var smallest: [(Int32, Int32)] = []
  private var count = 0

  /// Makes room for `count` hashes without growing.
  mutating func reserveCapacity(_ count: Int) {
    var capacity = max(64, smallest.count)
    while capacity < count * 2 { capacity *= 2 }
    if capacity > smallest.count { grow(to: capacity) }
  }

  /// Stores `position` under `hash` if it is among the two smallest there.
  mutating func insert(_ hash: UInt64, _ position: Int, isSmaller: (Int, Int) -> Bool) {
    if (count + 1) * 2 > smallest.count { grow() }
    let mask = smallest.count - 1
    let stored = Int32(truncatingIfNeeded: position + 1)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while smallest[slot].0 != 0 {
      if hashes[slot] == hash {
        let (first, second) = smallest[slot]
        if isSmaller(position, Int(first) - 1) {
          smallest[slot] = (stored, first)
        } else if second == 0 || isSmaller(position, Int(second) - 1) {
          smallest[slot].1 = stored
        }
        return
      }
      slot = (slot + 1) & mask
    }
    hashes[slot] = hash
    smallest[slot] = (stored, 0)
    count += 1
  }

  /// The two smallest positions + 1 under `hash` (0 for none).
  func smallest(_ hash: UInt64) -> (Int32, Int32) {
    guard !smallest.isEmpty else { return (0, 0) }
    let mask = smallest.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while smallest[slot].0 != 0 {
      if hashes[slot] == hash { return smallest[slot] }
      slot = (slot + 1) & mask
    }
    return (0, 0)
  }

  private mutating func grow(to capacity: Int? = nil) {
    let old = zip(hashes, smallest).filter { $0.1.0 != 0 }
    let capacity = capacity ?? max(64, smallest.count * 2)
    hashes = Array(repeating: 0, count: capacity)
    smallest = Array(repeating: (0, 0), count: capacity)
    let mask = capacity - 1
    for (hash, pair) in old {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while smallest[slot].0 != 0 { slot = (slot + 1) & mask }
      hashes[slot] = hash
      smallest[slot] = pair
    }
  }
}
