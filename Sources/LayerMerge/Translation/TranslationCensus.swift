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
      guard var mine = keys[key] else {
        keys[key] = needs
        continue
      }
      mine.note = mine.note ?? needs.note
      for (language, need) in needs.languages {
        mine.languages[language] = max(mine.languages[language] ?? .translated, need)
      }
      keys[key] = mine
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

  /// The owned key of a winning definition.
  func ownedKey(_ winner: Definition, key: String, fallbackTable: String) -> OwnedKey {
    let layer = result.layers[winner.layerIndex].path
    let prefix = layer.hasSuffix("/") ? layer : layer + "/"
    let table = winner.file.hasPrefix(prefix) ? String(winner.file.dropFirst(prefix.count)) : fallbackTable
    return OwnedKey(layer: layer, table: table, key: key)
  }

  mutating func note(_ key: OwnedKey, _ comment: @autoclosure () -> String?) {
    if keys[key] == nil { keys[key] = TranslationCensus.Needs(note: comment()) }
  }

  mutating func count(_ key: OwnedKey, language: String, _ need: TranslationNeed) {
    let current = keys[key]?.languages[language] ?? .translated
    keys[key, default: TranslationCensus.Needs()].languages[language] = max(current, need)
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
        for index in 0..<source.count {
          let record = source.record(at: index)
          let owned = ownedKey(record.winner, key: record.key, fallbackTable: source.address.relativePath)
          let entry = source.entry(at: index)
          note(owned, entry.comment)
          for language in languages {
            let need: TranslationNeed
            if let table = tableAt[source.address.inLanguage(language)],
              let position = table.index(ofKeyOf: entry, digest: source.digest(at: index), hint: index)
            {
              let layer = table.record(at: position).winner.layerIndex
              need = layer < record.winner.layerIndex ? .translatesOtherText : .translated
            } else {
              need = .missing
            }
            count(owned, language: language, need)
          }
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
        note(owner.key, entry.comment)
        for language in languages {
          let need: TranslationNeed
          if let table = tables[language], let position = table.index(ofKeyOf: lookup) {
            need = table.record(at: position).winner.layerIndex < owner.layer ? .translatesOtherText : .translated
          } else {
            need = .missing
          }
          count(owner.key, language: language, need)
        }
      }
    }
  }

  /// The catalog file a layer contributes to a merged catalog, if it has one.
  static func catalogFile(of merged: MergedCatalog, inLayer layer: Int) -> String? {
    zip(merged.sources, merged.layerIndexes).first { $0.1 == layer && $0.0.hasSuffix(".xcstrings") }?.0
  }
}
