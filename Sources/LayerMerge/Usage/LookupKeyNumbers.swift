/// The literal keys a run's code looks up, each key of each table numbered once for the run: the
/// targets' checks then speak of numbers (``BitSet``), and a table's keys are matched with the
/// lookups once per file shared by several targets, not once per target and language.
///
/// Keys compare as the tables' keys do, byte for byte (as CoreFoundation compares them): `"é"`
/// written precomposed and decomposed are two keys.
struct LookupKeyNumbers: Sendable {
  /// The keys, by number.
  private var literals = NumberedTexts()
  /// The interpolated keys (``CheckedLookups/interpolationText(_:)``), numbered apart.
  private var interpolations = NumberedTexts()
  /// Each table name's place, which the texts are numbered with.
  private var tableIndexes: [String: Int] = [:]
  private var tableNames: [String] = []

  /// How many keys are numbered: every number is below it.
  var count: Int { literals.count }
  /// How many distinct interpolations (pieces and table) the code looks up: each target matches
  /// one with its tables once, however many lookups repeat it.
  var interpolationCount: Int { interpolations.count }

  /// The table and key of a number.
  func key(_ number: Int) -> (table: String, key: String) {
    (tableNames[literals.table(of: number)], literals.text(of: number))
  }

  /// The table and pieces of an interpolated key's number
  /// (``number(ofInterpolationBytes:in:digest:)``).
  func interpolation(_ number: Int) -> (table: String, pieces: [String]) {
    (tableNames[interpolations.table(of: number)], interpolations.withBytes(of: number, CheckedLookups.pieces(ofText:)))
  }

  /// The table of an interpolated key's number.
  func interpolationTable(_ number: Int) -> String {
    tableNames[interpolations.table(of: number)]
  }

  /// A table name's place among the tables the numbers know (``slot(of:)``): a file's lookups
  /// name a table or two, each named once per file, not hashed or compared per lookup.
  struct TableSlot {
    fileprivate let index: Int
  }

  /// The place of a table name, made if it is new.
  mutating func slot(of table: String) -> TableSlot {
    if let index = tableIndexes[table] { return TableSlot(index: index) }
    tableNames.append(table)
    tableIndexes[table] = tableNames.count - 1
    return TableSlot(index: tableNames.count - 1)
  }

  /// The place of a table name, if some lookup asks for a key of it.
  func askedSlot(of table: String) -> TableSlot? {
    tableIndexes[table].map(TableSlot.init)
  }

  /// The number of a key of a table given by its bytes, numbering it if it is new.
  /// - Parameter digest: The key's digest (``KeyIndex/digest(_:)``).
  mutating func number(ofBytes key: UnsafeBufferPointer<UInt8>, in table: TableSlot, digest: UInt64) -> Int {
    literals.number(of: key, table: table.index, digest: digest)
  }

  /// The number of an interpolated key of a table given by its text's bytes, numbering it if it
  /// is new.
  /// - Parameters:
  ///   - text: Its pieces as ``CheckedLookups/interpolationText(_:)`` spells them.
  ///   - digest: The text's digest (``KeyIndex/digest(_:)``).
  mutating func number(ofInterpolationBytes text: UnsafeBufferPointer<UInt8>, in table: TableSlot, digest: UInt64)
    -> Int
  {
    interpolations.number(of: text, table: table.index, digest: digest)
  }

  /// The number of `key` of `table`, if some lookup asks for it.
  func number(of key: String, table: String) -> Int? {
    askedSlot(of: table).flatMap { number(of: key, in: $0) }
  }

  /// The number of `key` of a table, if some lookup asks for it.
  func number(of key: String, in table: TableSlot) -> Int? {
    var text = key
    return text.withUTF8 { literals.find($0, table: table.index, digest: KeyIndex.digest($0)) }
  }

  /// The number of a table entry's key, if some lookup asks for it.
  /// - Parameter digest: The key's digest, as the entry's table holds it.
  func number(ofKeyOf entry: LocalizationEntry, digest: UInt64?, in table: TableSlot) -> Int? {
    entry.withKeyBytes { literals.find($0, table: table.index, digest: digest ?? KeyIndex.digest($0)) }
  }
}

/// Texts of several tables, each numbered once in the order first seen: an open-addressing hash
/// set whose buckets hold each text's digest mixed with its table beside its number, so that a
/// probe reads one bucket (a run's keys outgrow the caches: each array read is a miss) and the
/// text's bytes only when the digests match. The texts' bytes lie one after the other in one
/// array, a few bytes apiece: the lookups' own strings were scattered over everything the scan
/// allocated, and comparing with one cost a miss.
private struct NumberedTexts: Sendable {
  private struct Bucket {
    /// The text's digest mixed with its table (``mixed(_:_:)``).
    var hash: UInt64
    var number: Int32
    var table: Int32
  }

  /// The texts' bytes, by number: text `n` is `bytes[starts[n]..<starts[n + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  private var tables: [Int32] = []
  /// Never more than half full; a bucket with number `-1` is empty.
  private var buckets = [Bucket](repeating: Bucket(hash: 0, number: -1, table: 0), count: 64)

  var count: Int { tables.count }

  func text(of number: Int) -> String { String(decoding: bytes[starts[number]..<starts[number + 1]], as: UTF8.self) }
  func table(of number: Int) -> Int { Int(tables[number]) }
  func withBytes<Result>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]])) }
  }

  /// The number of the text with these bytes in `table`, if it has one.
  func find(_ text: UnsafeBufferPointer<UInt8>, table: Int, digest: UInt64) -> Int? {
    let hash = Self.mixed(digest, table)
    let mask = buckets.count - 1
    var index = Int(truncatingIfNeeded: hash >> 32) & mask
    return bytes.withUnsafeBufferPointer { bytes in
      while true {
        let bucket = buckets[index]
        if bucket.number < 0 { return nil }
        if bucket.hash == hash, bucket.table == Int32(table) {
          let number = Int(bucket.number)
          if bytesEqual(UnsafeBufferPointer(rebasing: bytes[starts[number]..<starts[number + 1]]), text) {
            return number
          }
        }
        index = (index + 1) & mask
      }
    }
  }

  /// The number of the text with these bytes in `table`, numbering it if it is new.
  mutating func number(of text: UnsafeBufferPointer<UInt8>, table: Int, digest: UInt64) -> Int {
    if let known = find(text, table: table, digest: digest) { return known }
    let number = tables.count
    bytes.append(contentsOf: text)
    starts.append(bytes.count)
    tables.append(Int32(table))
    let bucket = Bucket(hash: Self.mixed(digest, table), number: Int32(number), table: Int32(table))
    if tables.count * 2 > buckets.count {
      let old = buckets
      buckets = [Bucket](repeating: Bucket(hash: 0, number: -1, table: 0), count: buckets.count * 2)
      for known in old where known.number >= 0 { place(known) }
    }
    place(bucket)
    return number
  }

  // MARK: - Private

  private mutating func place(_ bucket: Bucket) {
    let mask = buckets.count - 1
    var index = Int(truncatingIfNeeded: bucket.hash >> 32) & mask
    while buckets[index].number >= 0 { index = (index + 1) & mask }
    buckets[index] = bucket
  }

  /// The digest mixed with the table, so that one key of many tables spreads too.
  private static func mixed(_ digest: UInt64, _ table: Int) -> UInt64 {
    (digest ^ UInt64(truncatingIfNeeded: table) &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD
  }
}
