/// What a target ships, as its code looks it up: each table name's merged tables by language —
/// `.strings`, `.stringsdict` and the compiled languages of a String Catalog alike, in any folder
/// of the bundle but inside another bundle (`Settings.bundle`), whose tables the app's lookups do
/// not read.
///
/// A String Catalog's key is in its source language whether or not it has a source-language value:
/// Xcode compiles only the values, and the runtime shows a key the compiled table lacks as it is,
/// which for a catalog is the source text (NetNewsWire's catalogs list most keys with a comment
/// only). So a key of the target's merged catalog counts as defined in the development language.
///
/// Looking a key up probes the merged tables' and catalogs' own indexes; nothing is copied per key.
struct ShippedTables {
  /// The language the code's keys must be in (the merge's development language).
  let developmentLanguage: String
  /// The languages the target ships (every language folder of its tables but `Base`), sorted: a
  /// user who prefers one of them gets that language, and a key it lacks falls back.
  let languages: [String]
  /// The merged tables, by table name and language.
  private let tables: [String: [String: [MergedTable]]]
  /// The merged String Catalogs, by table name.
  private let catalogs: [String: [MergedCatalog]]
  /// Each table's keys with format specifiers in the development language (and `Base`), by their
  /// pieces between specifiers, in parts (a merged table's lowest file's keys, then those the
  /// layers above add) in the order the runtime reads them; made when an interpolated lookup
  /// first asks.
  private let skeletons = LocalMemo<[SkeletonIndex]>()

  /// Each table name's merged tables by the index of their language in ``languages``, made when
  /// ``languages(defining:table:)`` first asks for the name: it runs for every key an
  /// interpolation matches, and a dictionary look-up per language cost more than the probes.
  private let tablesByLanguageIndex = LocalMemo<[[TableProbe]]>()

  /// A merged table to probe for keys. A class: calling a method on a `MergedTable` in an array
  /// copied the whole struct first (a dozen retains and releases), 40,000 times in a `lint` of 18
  /// targets; the class's constant property is probed where it is.
  private final class TableProbe: Sendable {
    let table: MergedTable
    init(_ table: MergedTable) { self.table = table }

    func defines(_ entry: LocalizationEntry, digest: UInt64) -> Bool {
      table.index(ofKeyOf: entry, digest: digest) != nil
    }
  }

  /// Keys by their pieces between format specifiers (``KeySkeleton``), each list in table order.
  typealias SkeletonIndex = [[String]: [String]]

  /// The tables of a merge.
  /// - Parameters:
  ///   - merge: A target's merge.
  ///   - developmentLanguage: The language when the merge names none.
  ///   - copied: Tables the target ships beside its merge (those its Xcode target still copies
  ///     itself), looked up after the merge's.
  init(_ merge: MergeResult, copied: MergeResult? = nil, developmentLanguage fallback: String = "en") {
    var tables: [String: [String: [MergedTable]]] = [:]
    var languages: Set<String> = []
    let merges = [merge] + (copied.map { [$0] } ?? [])
    for table in merges.flatMap(\.tables) where !Self.isInNestedBundle(table.address.directory) {
      tables[table.address.table, default: [:]][table.address.language, default: []].append(table)
      if table.address.language != "Base" && !table.address.language.isEmpty {
        languages.insert(table.address.language)
      }
    }
    var catalogs: [String: [MergedCatalog]] = [:]
    for catalog in merges.flatMap(\.catalogs) where !Self.isInNestedBundle(catalog.address.directory) {
      catalogs[catalog.address.table, default: []].append(catalog)
    }
    self.tables = tables
    self.catalogs = catalogs
    let sorted = languages.sorted()
    self.languages = sorted
    self.developmentLanguage = merge.developmentLanguage ?? fallback
  }

  /// Whether the target has a table of this name in any language.
  func has(table name: String) -> Bool { tables[name] != nil || catalogs[name] != nil }

  /// Where `key` is defined in the table of this name and language: the merged table and position.
  func find(_ key: String, table name: String, language: String) -> (table: MergedTable, position: Int)? {
    guard let candidates = tables[name]?[language] else { return nil }
    let entry = LocalizationEntry(key: key, value: .string(""))
    for table in candidates {
      if let position = table.index(ofKeyOf: entry) { return (table, position) }
    }
    return nil
  }

  /// Which of ``languages`` (by index) have tables of this name that define `key`: for the keys
  /// interpolations match that the run's numbers lack (``definedKeys(numbers:shared:)`` answers for
  /// the rest).
  func languages(defining key: String, table name: String) -> [Bool] {
    guard let byLanguage = tables[name] else { return languages.map { _ in false } }
    let byIndex = tablesByLanguageIndex.value(name) { languages.map { (byLanguage[$0] ?? []).map(TableProbe.init) } }
    // The key's digest once for every language; the tables are probed in place, never copied.
    let entry = LocalizationEntry(key: key, value: .string(""))
    let digest = KeyIndex.digest(of: key)
    return byIndex.map { probes in probes.contains { $0.defines(entry, digest: digest) } }
  }

  /// Which of a run's numbered keys each of ``languages`` defines (by the language's index), and
  /// which the development language defines (it, `Base`, or a catalog of the table, as
  /// ``developmentDefinition(of:table:)`` finds them).
  ///
  /// A merged table's keys are its lowest file's and those the layers above add; the first are
  /// matched with the numbers once per run (`shared`, by the file's path), so targets over one base
  /// match only what their own layers add.
  func definedKeys(numbers: LookupKeyNumbers, shared: SharedMemo<BitSet>) -> (
    languages: [BitSet], development: BitSet
  ) {
    let none = BitSet(count: numbers.count)
    var byLanguage = Array(repeating: none, count: languages.count)
    var development = none
    let languageIndexes = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($1, $0) })
    for (name, byLanguageName) in tables {
      // A table no lookup asks for has no key numbered.
      guard let slot = numbers.askedSlot(of: name) else { continue }
      for (language, merged) in byLanguageName {
        let index = languageIndexes[language]
        let isDevelopment = language == developmentLanguage || language == "Base"
        guard index != nil || isDevelopment else { continue }
        var defined = none
        for table in merged.indices {
          Self.addKeys(of: merged[table], name: name, slot: slot, numbers: numbers, shared: shared, to: &defined)
        }
        if let index { byLanguage[index].formUnion(defined) }
        if isDevelopment { development.formUnion(defined) }
      }
    }
    for (name, merged) in catalogs {
      guard let slot = numbers.askedSlot(of: name) else { continue }
      for catalog in merged {
        for entry in catalog.catalog.entries {
          if let number = numbers.number(of: entry.key, in: slot) { development.insert(number) }
        }
      }
    }
    return (byLanguage, development)
  }

  /// Where the development language (else `Base`, which the runtime reads last) defines `key`,
  /// or a catalog of the table lists it; `nil` when the target would show the key raw.
  func developmentDefinition(of key: String, table name: String) -> SourceLocation? {
    if let found = find(key, table: name, language: developmentLanguage) ?? find(key, table: name, language: "Base") {
      return found.table.record(at: found.position).winner.location
    }
    for catalog in catalogs[name] ?? [] {
      guard let index = catalog.catalog.index(ofKey: key) else { continue }
      return Self.location(of: index, in: catalog)
    }
    return nil
  }

  /// The development-language (or `Base`) key an interpolated lookup asks for, if the table has one.
  /// - Parameter shared: The indexes of table files several targets' merges share, made for the
  ///   first target that asks (parsing every key's specifiers again for each target cost as much
  ///   as the rest of its check).
  func match(_ pieces: [String], table name: String, shared: SharedMemo<SkeletonIndex>? = nil) -> String? {
    for part in skeletons.value(name, { skeletonIndexes(of: name, shared: shared) }) {
      if let key = part[pieces]?.first { return key }
    }
    return nil
  }

  /// What an interpolated lookup matches in a target's tables.
  struct InterpolationMatch: Sendable {
    /// The development-language key it matches, or `nil`.
    var key: String?
    /// The key's number among the run's literal keys, if a literal lookup asks for it too.
    var number: Int?
    /// When the key has no number: which of ``languages`` define it (by index).
    var languages: [Bool] = []
  }

  /// What the interpolation with this number matches (``match(_:table:shared:)``), with the
  /// key's number or its languages.
  func match(interpolation: Int, numbers: LookupKeyNumbers, shared: SharedMemo<SkeletonIndex>?) -> InterpolationMatch {
    let (table, pieces) = numbers.interpolation(interpolation)
    guard let key = match(pieces, table: table, shared: shared) else { return InterpolationMatch() }
    guard let number = numbers.number(of: key, table: table) else {
      return InterpolationMatch(key: key, languages: languages(defining: key, table: table))
    }
    return InterpolationMatch(key: key, number: number)
  }

  /// A text that two targets' tables give alike exactly when what their interpolations match in a
  /// table, and in which languages, is alike: the same development language and languages, and
  /// each language's tables of the name the same lowest files, with no key added above them
  /// (layers above only change values) and no catalog of the name. `nil` when a layer above adds
  /// keys to the table, or it has a catalog.
  func sharedKeysSignature(ofTable name: String) -> String? {
    guard catalogs[name] == nil, let byLanguage = tables[name] else { return nil }
    var text = name + "\u{0}" + developmentLanguage + "\u{0}" + languages.joined(separator: "\u{1}")
    for (language, merged) in byLanguage.sorted(by: { $0.key < $1.key }) {
      text += "\u{0}" + language
      for table in merged {
        guard let file = table.sharedLowestFile, table.count == table.sharedPartCount else { return nil }
        text += "\u{1}" + file
      }
    }
    return text
  }

  // MARK: - Private

  private func skeletonIndexes(of name: String, shared: SharedMemo<SkeletonIndex>?) -> [SkeletonIndex] {
    var parts: [SkeletonIndex] = []
    for language in [developmentLanguage, "Base"] {
      for table in tables[name]?[language] ?? [] {
        var sharedCount = 0
        if let file = table.sharedLowestFile, let shared {
          sharedCount = table.sharedPartCount
          let keys = { (0..<sharedCount).map { table.entry(at: $0).key } }
          parts.append(shared.value("\(name)\u{0}\(file)") { Self.skeletonIndex(of: keys()) })
        }
        parts.append(Self.skeletonIndex(of: (sharedCount..<table.count).map { table.entry(at: $0).key }))
      }
    }
    for catalog in catalogs[name] ?? [] {
      parts.append(Self.skeletonIndex(of: catalog.catalog.entries.map(\.key)))
    }
    return parts
  }

  private static func skeletonIndex(of keys: [String]) -> SkeletonIndex {
    var index: SkeletonIndex = [:]
    for key in keys {
      guard let pieces = KeySkeleton.pieces(of: key) else { continue }
      index[pieces, default: []].append(key)
    }
    return index
  }

  /// Adds the numbers of a merged table's keys: its lowest file's from `shared` (matched the first
  /// time a merge asks), the rest one by one.
  private static func addKeys(
    of table: MergedTable, name: String, slot: LookupKeyNumbers.TableSlot, numbers: LookupKeyNumbers,
    shared: SharedMemo<BitSet>, to defined: inout BitSet
  ) {
    func add(_ positions: Range<Int>, to bits: inout BitSet) {
      for position in positions {
        let number = numbers.number(ofKeyOf: table.entry(at: position), digest: table.digest(at: position), in: slot)
        if let number { bits.insert(number) }
      }
    }
    let sharedCount = table.sharedPartCount
    if let file = table.sharedLowestFile {
      defined.formUnion(
        shared.value("\(name)\u{0}\(file)") {
          var bits = BitSet(count: numbers.count)
          add(0..<sharedCount, to: &bits)
          return bits
        })
    }
    add(sharedCount..<table.count, to: &defined)
  }

  /// Where a merged catalog's entry stands: in the file of the lowest layer that has the key, at
  /// its position there.
  private static func location(of index: Int, in catalog: MergedCatalog) -> SourceLocation {
    let layer = index < catalog.introducingLayers.count ? catalog.introducingLayers[index] : catalog.layerIndexes.first
    let file = catalog.layerIndexes.firstIndex(of: layer ?? -1).map { catalog.sources[$0] } ?? catalog.sources.first
    return SourceLocation(path: file ?? catalog.address.relativePath, position: catalog.catalog.entries[index].position)
  }

  /// Whether a table's folder lies inside a bundle of its own (`Settings.bundle/en.lproj`): any
  /// folder with an extension but a catalog's `mul.lproj`.
  private static func isInNestedBundle(_ directory: String) -> Bool {
    guard !directory.isEmpty else { return false }
    return directory.split(separator: "/").contains { component in
      let name = String(component)
      return !PathText.pathExtension(name).isEmpty && !name.hasSuffix(".lproj")
    }
  }
}
