/// For every key the chosen targets show, who owns it and what each language needs: read from
/// each target's merge, whose provenance says which layer gives every key's value in every
/// language.
///
/// A target *ships* a language in a folder when its merge has a table of that language there
/// (for a catalog, a localization in that language), as `lint` counts missing translations. For
/// each key of a development-language table (or catalog) and each language the target ships
/// beside it:
///
/// - the owner is the layer whose development-language value wins (``OwnedKey``);
/// - the need is ``TranslationNeed/missing`` when the language has no value,
///   ``TranslationNeed/translatesOtherText`` when its value comes from a layer below the owner
///   (the brand changed the text, the translation is the base's), else
///   ``TranslationNeed/translated``.
///
/// Targets that show the same owned key add up: the key takes the most urgent need of each
/// language, and the languages of all of them.
public struct TranslationCensus: Sendable {
  /// What the chosen targets need of one owned key.
  public struct Needs: Hashable, Sendable {
    /// The comment the merged development-language entry carries (the owner's, else the nearest
    /// one it overrides), for the translator.
    public var note: String?
    /// The need of each language some target ships beside the key.
    public var languages: [String: TranslationNeed] = [:]
  }

  /// Every owned key some chosen target shows, with its needs.
  public var keys: [OwnedKey: Needs] = [:]
  /// The development language of each target's merge, each once, in the order first seen.
  public var developmentLanguages: [String] = []

  /// An empty census.
  public init() {}

  /// The census of one target's merge.
  /// - Parameters:
  ///   - result: The target's merge.
  ///   - languages: Only these languages (all when empty).
  ///   - shippedEverywhere: Languages counted as shipped beside every table, whether the target
  ///     has them or not: a language the project is starting.
  public init(_ result: MergeResult, languages: Set<String> = [], shippedEverywhere: Set<String> = []) {
    guard let development = result.developmentLanguage else { return }
    developmentLanguages = [development]
    var census = Counting(result: result, only: languages, everywhere: shippedEverywhere)
    census.countTables(development: development)
    census.countCatalogs()
    keys = census.keys
  }

  /// Adds another target's census: each language of a key takes the more urgent need.
  public mutating func add(_ other: TranslationCensus) {
    for language in other.developmentLanguages where !developmentLanguages.contains(language) {
      developmentLanguages.append(language)
    }
    for (key, needs) in other.keys {
      // Changed in place: a copy taken out and put back would copy its languages each time.
      guard let index = keys.index(forKey: key) else {
        keys[key] = needs
        continue
      }
      keys.values[index].note = keys.values[index].note ?? needs.note
      for (language, need) in needs.languages {
        if let current = keys.values[index].languages[language], current >= need { continue }
        keys.values[index].languages[language] = need
      }
    }
  }

  /// Every language some key is counted in, sorted.
  public var languages: [String] {
    Set(keys.values.flatMap(\.languages.keys)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}

// MARK: - Private

/// One target's count, table by table.
private struct Counting {
  let result: MergeResult
  let only: Set<String>
  let everywhere: Set<String>
  var keys: [OwnedKey: TranslationCensus.Needs] = [:]

  init(result: MergeResult, only: Set<String>, everywhere: Set<String>) {
    self.result = result
    self.only = only
    self.everywhere = everywhere
  }

  /// The languages counted beside a table: those shipped there and those shipped everywhere,
  /// without the table's own and `Base`, and only those asked for.
  func counted(_ shipped: some Sequence<String>, besides own: String) -> [String] {
    Set(shipped).union(everywhere).filter { language in
      language != own && language != "Base" && (only.isEmpty || only.contains(language))
    }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The last winning file's layer and table, for ``ownedKey(_:key:fallbackTable:)``: a table's
  /// records mostly come from one file, whose name is then not cut again for every key.
  private var lastOwner: (layerIndex: Int, file: String, layer: String, table: String)?

  /// The owned key of a winning definition.
  mutating func ownedKey(_ winner: Definition, key: String, fallbackTable: String) -> OwnedKey {
    if let last = lastOwner, last.layerIndex == winner.layerIndex, last.file == winner.file {
      return OwnedKey(layer: last.layer, table: last.table, key: key)
    }
    let layer = result.layers[winner.layerIndex].path
    let prefix = layer.hasSuffix("/") ? layer : layer + "/"
    let table = winner.file.hasPrefix(prefix) ? String(winner.file.dropFirst(prefix.count)) : fallbackTable
    lastOwner = (winner.layerIndex, winner.file, layer, table)
    return OwnedKey(layer: layer, table: table, key: key)
  }

  /// Counts a key's needs: the key is found once, each language's need (by its index in
  /// `languages`) takes the more urgent.
  mutating func count(
    _ key: OwnedKey, note: @autoclosure () -> String?, _ languages: [String], need: (Int) -> TranslationNeed
  ) {
    func add(to needs: inout TranslationCensus.Needs) {
      for (index, language) in languages.enumerated() {
        let found = need(index)
        if let current = needs.languages[language], current >= found { continue }
        needs.languages[language] = found
      }
    }
    if let index = keys.index(forKey: key) {
      add(to: &keys.values[index])
    } else {
      var needs = TranslationCensus.Needs(note: note())
      add(to: &needs)
      keys[key] = needs
    }
  }

  /// `.strings` and `.stringsdict` tables, folder by folder (as `lint` compares languages).
  mutating func countTables(development: String) {
    var byDirectory: [String: [MergedTable]] = [:]
    for table in result.tables where !table.address.isCatalog {
      byDirectory[table.address.directory, default: []].append(table)
    }
    for (_, group) in byDirectory {
      var tableAt: [TableAddress: MergedTable] = [:]
      for table in group { tableAt[table.address] = table }
      let languages = counted(group.map(\.address.language), besides: development)
      for source in group where source.address.language == development {
        // Language by language, each table taken once (a copy per key and language retains
        // every part of it), and each record's winner read without making the record.
        let owners = (0..<source.count).map { source.winnerLayerIndex(at: $0) }
        let needs: [[TranslationNeed]] = languages.map { language in
          guard let table = tableAt[source.address.inLanguage(language)] else {
            return Array(repeating: .missing, count: source.count)
          }
          return (0..<source.count).map { index in
            guard
              let position = table.index(
                ofKeyOf: source.entry(at: index), digest: source.digest(at: index), hint: index)
            else { return .missing }
            return table.winnerLayerIndex(at: position) < owners[index] ? .translatesOtherText : .translated
          }
        }
        for index in 0..<source.count {
          let record = source.record(at: index)
          let owned = ownedKey(record.winner, key: record.key, fallbackTable: source.address.relativePath)
          count(owned, note: source.entry(at: index).comment, languages) { needs[$0][index] }
        }
      }
    }
  }

  /// String Catalogs: each key against the catalog's source language; a key without a
  /// source-language localization (its key is its text) belongs to the layer that brought it.
  mutating func countCatalogs() {
    guard !result.catalogs.isEmpty else { return }
    var languageTables: [String: [String: MergedTable]] = [:]
    for table in result.tables where table.address.isCatalog {
      languageTables[table.address.relativePath, default: [:]][table.address.language] = table
    }
    for merged in result.catalogs {
      let tables = languageTables[merged.address.relativePath] ?? [:]
      let sourceLanguage = merged.catalog.sourceLanguage
      let source = tables[sourceLanguage]
      let languages = counted(tables.keys, besides: sourceLanguage)
      for (index, entry) in merged.catalog.entries.enumerated() where entry.shouldTranslate != false {
        let lookup = LocalizationEntry(key: entry.key, string: "")
        let owner: (layer: Int, key: OwnedKey)
        if let source, let position = source.index(ofKeyOf: lookup) {
          let winner = source.record(at: position).winner
          owner = (winner.layerIndex, ownedKey(winner, key: entry.key, fallbackTable: merged.address.relativePath))
        } else if index < merged.introducingLayers.count,
          let catalog = Self.catalogFile(of: merged, inLayer: merged.introducingLayers[index])
        {
          let layer = merged.introducingLayers[index]
          let definition = Definition(layerIndex: layer, layer: "", file: catalog, position: nil, value: .string(""))
          owner = (layer, ownedKey(definition, key: entry.key, fallbackTable: merged.address.relativePath))
        } else {
          // Brought by a table in another language only: no development-language file owns it.
          continue
        }
        count(owner.key, note: entry.comment, languages) { languageIndex in
          guard let table = tables[languages[languageIndex]], let position = table.index(ofKeyOf: lookup) else {
            return .missing
          }
          return table.winnerLayerIndex(at: position) < owner.layer ? .translatesOtherText : .translated
        }
      }
    }
  }

  /// The catalog file a layer contributes to a merged catalog, if it has one.
  static func catalogFile(of merged: MergedCatalog, inLayer layer: Int) -> String? {
    zip(merged.sources, merged.layerIndexes).first { $0.1 == layer && $0.0.hasSuffix(".xcstrings") }?.0
  }
}
