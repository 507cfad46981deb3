/// The entries of one localization file, in source order, one per key.
///
/// A key defined twice keeps its first position in the order and takes the later definition's
/// value, comment and position, because Apple's readers let the last definition win.
public struct LocalizationTable: Hashable, Sendable {
  /// The entries in order; keys are unique.
  public private(set) var entries: [LocalizationEntry]
  private var index: KeyIndex

  /// Creates a table.
  /// - Parameter entries: Entries in order; a repeated key replaces the earlier one in place.
  public init(_ entries: [LocalizationEntry] = []) {
    self.entries = []
    self.index = KeyIndex()
    reserveCapacity(entries.count)
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
    var key = key
    return key.withUTF8 { bytes in position(ofKeyBytes: bytes, digest: KeyIndex.digest(bytes)) }.map { entries[$0] }
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
    var table = LocalizationTable()
    table.index.reserveCapacity(entries.count)
    var repeats = false
    for position in entries.indices {
      let found = entries[position].withKeyBytes { bytes -> Bool in
        table.index.insertIfAbsent(digest: KeyIndex.digest(bytes)) { candidate in
          entries[candidate].withKeyBytes { bytesEqual($0, bytes) }
        } != nil
      }
      if found {
        repeats = true
        break
      }
    }
    if !repeats {
      table.entries = entries
      return (table, [])
    }
    table = LocalizationTable()
    var duplicates: [(LocalizationEntry, LocalizationEntry)] = []
    for entry in entries {
      if let previous = table.upsert(entry) { duplicates.append((previous, entry)) }
    }
    return (table, duplicates)
  }

  /// Like ``upsert(_:)``, but also returns where the entry now stands.
  /// - Parameter digest: The key's digest, when the caller has it (from another table's ``digest(at:)``).
  mutating func upsertReturningIndex(_ entry: LocalizationEntry, digest known: UInt64? = nil)
    -> (index: Int, previous: LocalizationEntry?)
  {
    let existing = entry.withKeyBytes { bytes -> Int? in
      let entries = self.entries
      return index.insertIfAbsent(digest: known ?? KeyIndex.digest(bytes)) { candidate in
        entries[candidate].withKeyBytes { bytesEqual($0, bytes) }
      }
    }
    if let existing {
      let previous = entries[existing]
      entries[existing] = entry
      return (existing, previous)
    }
    entries.append(entry)
    return (entries.count - 1, nil)
  }

  /// Replaces the entry at `index` with one of the same key.
  mutating func replaceEntry(at index: Int, with entry: LocalizationEntry) {
    entries[index] = entry
  }

  /// Where the entry with the same key as `entry` stands, if the table has one.
  /// - Parameter hint: Where the key probably stands: a file's languages mostly list their keys
  ///   in the same order, so the same position in another language's table is tried first.
  func index(ofKeyOf entry: LocalizationEntry, digest known: UInt64? = nil, hint: Int? = nil) -> Int? {
    entry.withKeyBytes { bytes in
      let digest = known ?? KeyIndex.digest(bytes)
      if let hint, hint >= 0, hint < entries.count, index.digests[hint] == digest,
        entries[hint].withKeyBytes({ bytesEqual($0, bytes) })
      {
        return hint
      }
      return position(ofKeyBytes: bytes, digest: digest)
    }
  }

  /// The digest of the key at `index`, for lookups of the same key in other tables.
  func digest(at index: Int) -> UInt64 { self.index.digests[index] }

  /// Where the key with these UTF-8 bytes and digest stands, if the table has it: a look-up
  /// without making an entry.
  func index(ofKeyBytes bytes: UnsafeBufferPointer<UInt8>, digest: UInt64) -> Int? {
    position(ofKeyBytes: bytes, digest: digest)
  }

  private func position(ofKeyBytes bytes: UnsafeBufferPointer<UInt8>, digest: UInt64) -> Int? {
    index.position(digest: digest) { candidate in
      entries[candidate].withKeyBytes { bytesEqual($0, bytes) }
    }
  }

  /// Makes room for `count` entries, so that reading a large file does not rehash.
  /// - Parameter count: The number of entries expected.
  public mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
    index.reserveCapacity(count)
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
