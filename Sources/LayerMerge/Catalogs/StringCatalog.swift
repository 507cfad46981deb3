/// A String Catalog (`.xcstrings`): one table whose unit is a (key, language) localization.
///
///     {
///       "sourceLanguage" : "en",
///       "strings" : {
///         "%lld files" : {
///           "comment" : "File count",
///           "localizations" : {
///             "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { … } }, … } } }
///           }
///         }
///       },
///       "version" : "1.0"
///     }
///
/// Every key and localization keeps the line and column it was read at, and every field this
/// model does not know is kept verbatim, at every level, so that a catalog written back is the one
/// that was read (FORMATS.md §4, XCSTRINGS.md §7). Keys are compared by their bytes, as
/// CoreFoundation compares dictionary keys: `é` and `e\u{301}` are two entries.
public struct StringCatalog: Hashable, Sendable {
  /// The language the keys and source values are written in (`"en"`).
  public var sourceLanguage: String
  /// The format version, verbatim (`"1.0"`, `"1.1"`, `"1.2"` occur); `nil` when the file has none.
  public var version: String?
  /// The entries in the order of the file (writers sort them).
  public private(set) var entries: [CatalogEntry]
  /// Top-level fields this model does not know, verbatim.
  public var otherFields: [JSONMember]
  /// Where `"sourceLanguage"` stands, for files that were read.
  public var sourceLanguagePosition: TextPosition?

  private var indexByKey: [ByteKey: Int]

  /// Creates a catalog.
  /// - Parameters:
  ///   - sourceLanguage: The development language.
  ///   - version: The format version.
  ///   - entries: The entries; a repeated key replaces the earlier entry in place.
  ///   - otherFields: Unknown top-level fields to keep.
  public init(
    sourceLanguage: String, version: String? = "1.0", entries: [CatalogEntry] = [], otherFields: [JSONMember] = []
  ) {
    self.sourceLanguage = sourceLanguage
    self.version = version
    self.entries = []
    self.otherFields = otherFields
    self.indexByKey = [:]
    for entry in entries { upsert(entry) }
  }

  /// A catalog of entries whose keys are known to differ (a reader checked them): the array is
  /// taken whole instead of entry by entry.
  init(sourceLanguage: String, version: String?, otherFields: [JSONMember], distinctEntries entries: [CatalogEntry]) {
    self.sourceLanguage = sourceLanguage
    self.version = version
    self.otherFields = otherFields
    var indexByKey: [ByteKey: Int] = [:]
    indexByKey.reserveCapacity(entries.count)
    for position in entries.indices { indexByKey[ByteKey(entries[position].key)] = position }
    self.indexByKey = indexByKey
    self.entries = entries
  }

  /// The entry for a key (compared by bytes), if there is one.
  public subscript(key: String) -> CatalogEntry? {
    indexByKey[ByteKey(key)].map { entries[$0] }
  }

  /// Adds an entry at the end, or replaces the entry with the same key where it stands.
  /// - Parameter entry: The entry.
  /// - Returns: The entry it replaced, if any.
  @discardableResult
  public mutating func upsert(_ entry: CatalogEntry) -> CatalogEntry? {
    let bytes = ByteKey(entry.key)
    if let index = indexByKey[bytes] {
      let previous = entries[index]
      entries[index] = entry
      return previous
    }
    indexByKey[bytes] = entries.count
    entries.append(entry)
    return nil
  }

  /// Removes the entry for a key, if there is one.
  /// - Parameter key: The key, compared by bytes.
  /// - Returns: The removed entry.
  @discardableResult
  public mutating func remove(key: String) -> CatalogEntry? {
    guard let index = indexByKey.removeValue(forKey: ByteKey(key)) else { return nil }
    let removed = entries.remove(at: index)
    for position in index..<entries.count { indexByKey[ByteKey(entries[position].key)] = position }
    return removed
  }

  // MARK: In place, for the merge

  /// Where the entry for a key (compared by bytes) stands.
  func index(ofKey key: String) -> Int? {
    indexByKey[ByteKey(key)]
  }

  /// Changes the entry at `index` in place (a copy would share its localizations, and the first
  /// one set would copy them all). `body` must leave the key as it is.
  mutating func updateEntry<Result>(at index: Int, _ body: (inout CatalogEntry) -> Result) -> Result {
    body(&entries[index])
  }

  /// Makes `localization` the one of its language in the entry at `index`: it replaces the last
  /// localization with the same language (compared by bytes) where that stands, or is appended.
  /// - Returns: The localization it replaced, if any.
  mutating func setLocalization(_ localization: CatalogLocalization, ofEntryAt index: Int) -> CatalogLocalization? {
    let language = localization.language
    // Bytes that differ as Strings differ as bytes: `==` (raw bits for small strings) first.
    guard
      let previous = entries[index].localizations?.lastIndex(where: {
        $0.language == language && $0.language.utf8.elementsEqual(language.utf8)
      })
    else {
      if entries[index].localizations == nil { entries[index].localizations = [] }
      entries[index].localizations?.append(localization)
      return nil
    }
    let replaced = entries[index].localizations?[previous]
    entries[index].localizations?[previous] = localization
    return replaced
  }

  /// The languages any entry has a localization for, sorted by their bytes.
  public var languages: [String] {
    var seen: Set<String> = []
    for entry in entries {
      for localization in entry.localizations ?? [] { seen.insert(localization.language) }
    }
    return seen.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Catalogs are equal when they hold the same fields and entries in the same order; positions
  /// do not count.
  public static func == (lhs: StringCatalog, rhs: StringCatalog) -> Bool {
    lhs.sourceLanguage == rhs.sourceLanguage && lhs.version == rhs.version && lhs.entries == rhs.entries
      && lhs.otherFields.map(JSONMemberContent.init) == rhs.otherFields.map(JSONMemberContent.init)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(sourceLanguage)
    hasher.combine(entries)
  }
}

/// A JSON member without positions, for comparisons that ignore where text stood.
struct JSONMemberContent: Hashable {
  var key: String
  var value: JSONNodeContent

  init(_ member: JSONMember) {
    key = member.key
    value = JSONNodeContent(member.value)
  }
}

/// A JSON value without positions.
indirect enum JSONNodeContent: Hashable {
  case object([JSONMemberContent])
  case array([JSONNodeContent])
  case string([UInt8])
  case number(String)
  case bool(Bool)
  case null

  init(_ node: JSONNode) {
    switch node.value {
    case .object(let members): self = .object(members.map(JSONMemberContent.init))
    case .array(let elements): self = .array(elements.map(JSONNodeContent.init))
    case .string(let text): self = .string(Array(text.utf8))
    case .number(let text): self = .number(text)
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    }
  }
}
