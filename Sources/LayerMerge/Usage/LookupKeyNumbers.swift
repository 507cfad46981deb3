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
  }

  private var tables: [String: TableKeys] = [:]
  /// Each number's table and key.
  private(set) var keys: [(table: String, key: String)] = []

  /// How many keys are numbered: every number is below it.
  var count: Int { keys.count }

  /// The number of `key` of `table`, numbering it if it is new.
  /// - Parameter digest: The key's digest (``KeyIndex/digest(_:)``).
  mutating func number(of key: String, table: String, digest: UInt64) -> Int {
    let next = keys.count
    var text = key
    let number = text.withUTF8 { bytes in
      modifying(table) { known in
        if let position = known.keys.index(ofKeyBytes: bytes, digest: digest) { return known.numbers[position] }
        _ = known.keys.upsertReturningIndex(LocalizationEntry(key: key, value: .string("")), digest: digest)
        known.numbers.append(next)
        return next
      }
    }
    if number == next { keys.append((table, key)) }
    return number
  }

  /// The number of a table entry's key, if some lookup asks for it.
  /// - Parameter digest: The key's digest, as the entry's table holds it.
  func number(ofKeyOf entry: LocalizationEntry, digest: UInt64?, table: String) -> Int? {
    guard let known = tables[table], let position = known.keys.index(ofKeyOf: entry, digest: digest) else {
      return nil
    }
    return known.numbers[position]
  }

  /// Whether some lookup asks for a key of `table`.
  func asksFor(table: String) -> Bool { tables[table] != nil }

  // MARK: - Private

  private mutating func modifying<Result>(_ table: String, _ body: (inout TableKeys) -> Result) -> Result {
    body(&tables[table, default: TableKeys()])
  }
}
