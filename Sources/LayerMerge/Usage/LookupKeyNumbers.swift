/// The literal keys a run's code looks up, each key of each table numbered once for the run: the
/// targets' checks then speak of numbers (``KeyBits``), and a table's keys are matched with the
/// lookups once per file shared by several targets, not once per target and language.
///
/// Keys compare as the tables' keys do, byte for byte (as CoreFoundation compares them): `"é"`
/// written precomposed and decomposed are two keys.
struct LookupKeyNumbers: Sendable {
  /// The keys of one table name: their positions in `keys` give their numbers in `numbers`.
  private struct TableKeys: Sendable {
    var keys = LocalizationTable()
    var numbers: [Int] = []
    /// The interpolated keys (``CheckedLookups/interpolationText(_:)``), numbered apart.
    var interpolations = LocalizationTable()
    var interpolationNumbers: [Int] = []
  }

  /// The keys of each table name, by the name's place in `tableIndexes`.
  private var tables: [TableKeys] = []
  private var tableIndexes: [String: Int] = [:]
  /// The table of the last key numbered: most lookups read `Localizable`, and a run numbers
  /// every lookup, so the name is compared rather than hashed each time.
  private var lastTable: (name: String, index: Int)?
  /// Each number's table and key.
  private(set) var keys: [(table: String, key: String)] = []

  /// How many keys are numbered: every number is below it.
  var count: Int { keys.count }
  /// How many distinct interpolations (pieces and table) the code looks up: each target matches
  /// one with its tables once, however many lookups repeat it.
  private(set) var interpolationCount = 0

  /// The number of `key` of `table`, numbering it if it is new.
  /// - Parameter digest: The key's digest (``KeyIndex/digest(_:)``).
  mutating func number(of key: String, table: String, digest: UInt64) -> Int {
    let next = keys.count
    var text = key
    let slot = slot(of: table)
    let number = text.withUTF8 { bytes in
      if let position = tables[slot].keys.index(ofKeyBytes: bytes, digest: digest) {
        return tables[slot].numbers[position]
      }
      _ = tables[slot].keys.upsertReturningIndex(LocalizationEntry(key: key, value: .string("")), digest: digest)
      tables[slot].numbers.append(next)
      return next
    }
    if number == next { keys.append((table, key)) }
    return number
  }

  /// The number of an interpolated key of `table`, numbering it if it is new.
  /// - Parameters:
  ///   - text: Its pieces as ``CheckedLookups/interpolationText(_:)`` spells them.
  ///   - digest: The text's digest (``KeyIndex/digest(_:)``).
  mutating func number(ofInterpolation text: String, table: String, digest: UInt64) -> Int {
    let next = interpolationCount
    var text = text
    let slot = slot(of: table)
    return text.withUTF8 { bytes in
      if let position = tables[slot].interpolations.index(ofKeyBytes: bytes, digest: digest) {
        return tables[slot].interpolationNumbers[position]
      }
      _ = tables[slot].interpolations.upsertReturningIndex(
        LocalizationEntry(key: String(decoding: bytes, as: UTF8.self), value: .string("")), digest: digest)
      tables[slot].interpolationNumbers.append(next)
      interpolationCount += 1
      return next
    }
  }

  /// The number of `key` of `table`, if some lookup asks for it.
  func number(of key: String, table: String) -> Int? {
    guard let slot = tableIndexes[table] else { return nil }
    var text = key
    return text.withUTF8 { bytes in
      tables[slot].keys.index(ofKeyBytes: bytes, digest: KeyIndex.digest(bytes)).map { tables[slot].numbers[$0] }
    }
  }

  /// The number of a table entry's key, if some lookup asks for it.
  /// - Parameter digest: The key's digest, as the entry's table holds it.
  func number(ofKeyOf entry: LocalizationEntry, digest: UInt64?, table: String) -> Int? {
    guard let slot = tableIndexes[table], let position = tables[slot].keys.index(ofKeyOf: entry, digest: digest)
    else { return nil }
    return tables[slot].numbers[position]
  }

  /// Whether some lookup asks for a key of `table`.
  func asksFor(table: String) -> Bool { tableIndexes[table] != nil }

  // MARK: - Private

  /// The place of a table name's keys in `tables`, made if it is new.
  private mutating func slot(of table: String) -> Int {
    if let last = lastTable, last.name == table { return last.index }
    let index =
      tableIndexes[table]
      ?? {
        tables.append(TableKeys())
        tableIndexes[table] = tables.count - 1
        return tables.count - 1
      }()
    lastTable = (table, index)
    return index
  }
}
