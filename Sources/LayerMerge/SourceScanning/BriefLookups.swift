/// A brief scan's lookups (``SourceScanner``'s scan for numbering): of each only what the counts
/// and numbering read, as plain values. A literal key of ASCII, and the text of an interpolation
/// whose pieces are ASCII, is a span of one byte array per file; a key that is its own string, the
/// text of another interpolation and a table's name are each kept once in a list.
///
/// Not a ``SourceLookup`` each: a run's lookups are numbered and let go, and making, hashing and
/// freeing a string per key was a fifth of the work the code added to `lint`; building, reading
/// and freeing a lookup of four strings was another tenth, and most of the run's memory.
struct BriefLookups: Sendable {
  /// Where a key's bytes are in ``bytes``.
  struct Span: Sendable {
    var start: Int32
    var end: Int32
  }

  /// How a lookup's key is held.
  enum Key: UInt8, Sendable {
    /// Bytes in ``BriefLookups/bytes`` (``Lookup/span``).
    case bytes
    /// A string of ``BriefLookups/strings`` (``Lookup/string``): a literal that is not ASCII.
    case string
    /// An interpolation's text (``CheckedLookups/interpolationText(_:)``) in
    /// ``BriefLookups/strings``: one with a piece that is not ASCII.
    case interpolation
    /// An interpolation's text in ``BriefLookups/bytes`` (``Lookup/span``).
    case interpolationBytes
    /// Not a literal: counted, never numbered.
    case dynamic

    /// Whether the key is an interpolation's text, numbered apart from literal keys.
    var isInterpolation: Bool { self == .interpolation || self == .interpolationBytes }
  }

  /// One lookup.
  struct Lookup: Sendable {
    var key: Key
    var span = Span(start: 0, end: 0)
    var string: Int32 = -1
    /// The table's name in ``BriefLookups/tables``, or `-1` for a table that is not a literal.
    var table: Int32
    /// Whether it reads the tables of the target whose code it is (``SourceLookup/readsOwnTables``).
    var readsOwnTables: Bool
    /// Whether the key has text a person translates (``KeySkeleton/hasText(_:)``).
    var hasText: Bool
  }

  /// The lookups, in the order of their keys (``SourceScanner/scan(_:language:)``'s order).
  var lookups: [Lookup] = []
  /// The keys' bytes, one after the other: the first ``used`` (the array is grown ahead, zeroed,
  /// so that a key is copied in place: appending a buffer to an array took 200 instructions).
  private(set) var bytes: [UInt8] = []
  private var used = 0
  private(set) var strings: [String] = []
  /// The tables' names, each once, and their indexes by name once there are more than a few (a
  /// file names a few, but a file made to name a new one per lookup must stay linear).
  private(set) var tables: [String] = []
  private var tableIndexes: [String: Int32] = [:]

  /// No lookups, for a brief scan to record into.
  init() {}

  /// A full scan's lookups, recorded as a brief scan records them (no key as bytes).
  init(_ lookups: [SourceLookup]) {
    self.lookups.reserveCapacity(lookups.count)
    for lookup in lookups {
      self.lookups.append(self.lookup(key: lookup.key, span: nil, table: lookup.table, bundle: lookup.bundle))
    }
  }

  /// Adds the value of the literals that are the tokens `literalTokens` to ``bytes``, if it is
  /// ASCII (a key with other bytes keeps its string, which repairs what is not UTF-8 as a string
  /// does).
  mutating func appendKey(_ decoder: LiteralDecoder, literalTokens: Range<Int>) -> Span? {
    decoder.withJoinedBytes(ofLiteralTokens: literalTokens) { value in
      guard SourceBytes.isASCII(value) else { return nil }
      let start = used
      append(value)
      return span(from: start)
    }
  }

  /// Adds the text of an interpolated literal's pieces (``CheckedLookups/interpolationText(_:)``)
  /// to ``bytes``, if every piece is ASCII: no string is made for a piece or for the text.
  mutating func appendInterpolation(_ decoder: LiteralDecoder, literal: Int32) -> Span? {
    let start = used
    var isASCII = true
    decoder.forEachPiece(of: literal) { piece in
      guard isASCII, SourceBytes.isASCII(piece) else {
        isASCII = false
        return
      }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { room in
        let written = CheckedLookups.writeLength(piece.count, into: room)
        append(UnsafeBufferPointer(rebasing: room[..<written]))
      }
      append(piece)
    }
    guard isASCII else {
      used = start
      return nil
    }
    return span(from: start)
  }

  /// The lookup of a key (its bytes at `span` when ``appendKey(_:literalTokens:)`` or
  /// ``appendInterpolation(_:literal:)`` took them) in `table`, reading `bundle`; its strings are
  /// added to the lists.
  mutating func lookup(key: LookupKey, span: Span?, table: LookupTable, bundle: String?) -> Lookup {
    var tableIndex: Int32 = -1
    if let name = table.name { tableIndex = index(ofTable: name) }
    let ownTables = SourceLookup.readsOwnTables(bundle: bundle)
    if let span {
      var isInterpolation = false
      if case .interpolated = key { isInterpolation = true }
      // An interpolation's lengths and colons are no letters: its text has one when a piece does.
      return Lookup(
        key: isInterpolation ? .interpolationBytes : .bytes, span: span, table: tableIndex, readsOwnTables: ownTables,
        hasText: withKey(span, KeySkeleton.hasASCIILetter))
    }
    switch key {
    case .literal(let text):
      strings.append(text)
      return Lookup(
        key: .string, string: Int32(strings.count - 1), table: tableIndex, readsOwnTables: ownTables,
        hasText: KeySkeleton.hasText(key))
    case .interpolated(let pieces):
      strings.append(CheckedLookups.interpolationText(pieces))
      return Lookup(
        key: .interpolation, string: Int32(strings.count - 1), table: tableIndex, readsOwnTables: ownTables,
        hasText: KeySkeleton.hasText(key))
    case .dynamic:
      return Lookup(key: .dynamic, table: tableIndex, readsOwnTables: ownTables, hasText: false)
    }
  }

  /// The text a lookup's key is numbered by, its bytes or its string's, read in place; `nil` for a
  /// dynamic key.
  func withText<Result>(of lookup: Lookup, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    switch lookup.key {
    case .bytes, .interpolationBytes:
      return withKey(lookup.span, body)
    case .string, .interpolation:
      var text = strings[Int(lookup.string)]
      return text.withUTF8(body)
    case .dynamic:
      return nil
    }
  }

  /// The key of a span, read in place.
  func withKey<Result>(_ span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)])) }
  }

  /// Copies `value` after the first ``used`` bytes, growing the array ahead.
  private mutating func append(_ value: UnsafeBufferPointer<UInt8>) {
    let end = used + value.count
    if end > bytes.count { bytes += repeatElement(0, count: max(end, 2 * bytes.count, 512) - bytes.count) }
    if let source = value.baseAddress, !value.isEmpty {
      bytes.withUnsafeMutableBufferPointer {
        guard let base = $0.baseAddress else { return }
        (base + used).update(from: source, count: value.count)
      }
    }
    used = end
  }

  /// The bytes added since `start`, or `nil` (and none kept) past the 2 GB a span counts.
  private mutating func span(from start: Int) -> Span? {
    guard used < Int(Int32.max) else {
      used = start
      return nil
    }
    return Span(start: Int32(start), end: Int32(used))
  }

  private mutating func index(ofTable name: String) -> Int32 {
    // A file names a few tables, compared one by one (hashing every lookup's table name cost 36
    // million instructions in the benchmark); past a few, by the dictionary.
    if tables.count <= Self.fewTables {
      if let index = tables.firstIndex(of: name) { return Int32(index) }
    } else if let index = tableIndexes[name] {
      return index
    }
    tables.append(name)
    let index = Int32(tables.count - 1)
    if tables.count > Self.fewTables {
      if tableIndexes.isEmpty {
        for (known, table) in tables.enumerated() { tableIndexes[table] = Int32(known) }
      } else {
        tableIndexes[name] = index
      }
    }
    return index
  }

  /// How many table names are searched one by one before the dictionary is made.
  private static let fewTables = 8
}
