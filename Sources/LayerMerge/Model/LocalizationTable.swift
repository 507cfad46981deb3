/// The entries of one localization file, in source order, one per key.
///
/// A key defined twice keeps its first position in the order and takes the later definition's
/// value, comment and position, because Apple's readers let the last definition win.
public struct LocalizationTable: Hashable, Sendable {
  /// The entries in order; keys are unique.
  public private(set) var entries: [LocalizationEntry]
  private var indexByKey: [TableKey: Int]

  /// Creates a table.
  /// - Parameter entries: Entries in order; a repeated key replaces the earlier one in place.
  public init(_ entries: [LocalizationEntry] = []) {
    self.entries = []
    self.indexByKey = [:]
    self.entries.reserveCapacity(entries.count)
    for entry in entries { upsert(entry) }
  }

  /// The number of keys.
  public var count: Int { entries.count }

  /// Whether the table has no keys.
  public var isEmpty: Bool { entries.isEmpty }

  /// The keys in order.
  public var keys: [String] { entries.map(\.key) }

  /// The entry for a key, if the table has one.
  public subscript(key: String) -> LocalizationEntry? {
    indexByKey[TableKey(key)].map { entries[$0] }
  }

  /// Adds an entry at the end, or replaces the entry with the same key where it stands.
  /// - Parameter entry: The entry to store.
  /// - Returns: The entry it replaced, if any.
  @discardableResult
  public mutating func upsert(_ entry: LocalizationEntry) -> LocalizationEntry? {
    upsertReturningIndex(entry).previous
  }

  /// A table from a file's entries in order, with the pairs (first, later) of repeated keys.
  /// Without repeats the array is taken over as it is, which matters for large files.
  static func building(_ entries: [LocalizationEntry]) -> (LocalizationTable, [(LocalizationEntry, LocalizationEntry)])
  {
    var index = [TableKey: Int](minimumCapacity: entries.count)
    var repeats = false
    for position in entries.indices where index.updateValue(position, forKey: TableKey(entries[position].key)) != nil {
      repeats = true
      break
    }
    if !repeats {
      var table = LocalizationTable()
      table.entries = entries
      table.indexByKey = index
      return (table, [])
    }
    var table = LocalizationTable()
    var duplicates: [(LocalizationEntry, LocalizationEntry)] = []
    for entry in entries {
      if let previous = table.upsert(entry) { duplicates.append((previous, entry)) }
    }
    return (table, duplicates)
  }

  /// Like ``upsert(_:)``, but also returns where the entry now stands.
  mutating func upsertReturningIndex(_ entry: LocalizationEntry) -> (index: Int, previous: LocalizationEntry?) {
    // One hash lookup in the common case of a new key.
    let key = TableKey(entry.key)
    if let index = indexByKey.updateValue(entries.count, forKey: key) {
      indexByKey[key] = index
      let previous = entries[index]
      entries[index] = entry
      return (index, previous)
    }
    entries.append(entry)
    return (entries.count - 1, nil)
  }

  /// Makes room for `count` entries, so that reading a large file does not rehash.
  /// - Parameter count: The number of entries expected.
  public mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
    indexByKey.reserveCapacity(count)
  }

  /// The key-to-value mapping the runtime sees.
  public var values: [String: LocalizationValue] {
    Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// Tables are equal when they have the same keys, values and comments in the same order;
  /// positions are where text happened to stand and do not count.
  public static func == (lhs: LocalizationTable, rhs: LocalizationTable) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy {
        $0.key == $1.key && $0.value == $1.value && $0.comment == $1.comment
      }
  }

  public func hash(into hasher: inout Hasher) {
    for entry in entries {
      hasher.combine(entry.key)
      hasher.combine(entry.value)
      hasher.combine(entry.comment)
    }
  }
}

/// A table key with a cheaper hash than `String`'s: keys are hashed once with a word-at-a-time
/// FNV variant, and `Hasher` only mixes the result. Tables never hold keys chosen by an attacker
/// to collide (they come from the project's own files).
private struct TableKey: Hashable {
  let string: String
  let digest: UInt64

  init(_ string: String) {
    self.string = string
    var copy = string
    digest = copy.withUTF8 { bytes in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      var i = 0
      if let base = bytes.baseAddress {
        while i + 8 <= bytes.count {
          hash = (hash ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
          hash ^= hash >> 29
          i += 8
        }
      }
      while i < bytes.count {
        hash = (hash ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
        i += 1
      }
      return hash
    }
  }

  static func == (lhs: TableKey, rhs: TableKey) -> Bool {
    lhs.digest == rhs.digest && lhs.string == rhs.string
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }
}
