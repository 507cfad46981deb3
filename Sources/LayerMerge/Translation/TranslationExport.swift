/// What to hand translators for a project's targets, language by language: every string whose
/// translation belongs in some layer, grouped by the layer's development-language table that
/// owns it (``OwnedKey``), read from the targets' merges.
///
/// ```swift
/// let export = TranslationExport(project: project, targets: project.targets, options: project.options)
/// for language in export.languages {
///   for table in language.tables { print(table.original, table.units.count) }
/// }
/// ```
///
/// By default only what needs a translator: a key some target shows without a translation in a
/// language it ships, or with the translation of a lower layer's text (the brand changed the
/// English, German still shows the base's German). With `all`, every string of every owned key,
/// with the owning layer's current translation where it has one — never a lower layer's, so that
/// importing the export back changes nothing.
public struct TranslationExport: Sendable {
  /// The units of one language.
  public struct Language: Hashable, Sendable {
    /// The language code, as the tables' folders spell it (`de`, `zh-Hans`).
    public var language: String
    /// The owning tables with units in this language, sorted by ``TranslationTable/original``.
    public var tables: [TranslationTable]

    /// Every unit of the language.
    public var unitCount: Int { tables.reduce(0) { $0 + $1.units.count } }
  }

  /// The development language the targets' text is written in (the first target's, when they differ).
  public var developmentLanguage: String
  /// Every language asked for, else every language a target ships, sorted; a language without
  /// units has nothing a translator needs to do.
  public var languages: [Language]
  /// Errors of the targets' merges (files Apple's reader rejects, formats that can crash), each
  /// once: what the export reads is what `build` would refuse.
  public var diagnostics: [Diagnostic]

  /// Reads and merges the targets' layers and chooses the units.
  /// - Parameters:
  ///   - project: The project.
  ///   - targets: The targets whose text is exported (several showing a key export it once).
  ///   - options: The settings of the merges (the project's, usually).
  ///   - languages: Only these languages; empty for every language a target ships. A language
  ///     no layer has yet is a new one: every target counts as shipping it.
  ///   - all: Every unit, with its current translation, instead of only what needs a translator.
  public init(
    project: ProjectFile, targets: [ProjectFile.Target], options: MergeOptions, languages: [String] = [],
    all: Bool = false
  ) {
    let stacks = targets.map(project.layers(of:))
    let shared = SharedLayers(stacks.flatMap { $0 }, options: options)
    let present = Self.languagesPresent(in: Array(shared.loadedByPath.values))
    let requested = Set(languages)
    let newLanguages = requested.subtracting(present)
    let counts = shared.merge(stacks, options: options) { _, result in
      (
        census: TranslationCensus(result, languages: requested, shippedEverywhere: newLanguages),
        errors: result.diagnostics.filter { $0.severity == .error }
      )
    }
    var census = TranslationCensus()
    for count in counts { census.add(count.census) }
    diagnostics = Diagnostic.once(counts.map(\.errors))
    developmentLanguage = census.developmentLanguages.first ?? options.developmentLanguage ?? "en"
    let layers = shared.loadedByPath
    let selection = Selection(census: census, all: all, root: project.folder) { layers[$0] }
    let chosen = languages.isEmpty ? census.languages : languages.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    self.languages = chosen.concurrentMap { Language(language: $0, tables: selection.tables(in: $0)) }
  }

  /// The languages the layers have: their tables' folders and their catalogs' localizations.
  static func languagesPresent(in layers: [LoadedLayer]) -> Set<String> {
    var languages: Set<String> = []
    for layer in layers {
      for address in layer.files.keys { languages.insert(address.language) }
      for catalog in layer.catalogs.values { languages.formUnion(catalog.catalog?.languages ?? []) }
    }
    return languages
  }

  /// A path relative to the project's folder, as an XLIFF `original` names a table.
  package static func original(_ path: String, root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

// MARK: - Private

/// The units of the census's keys, read from the owning layers' own files.
private struct Selection: Sendable {
  let all: Bool
  let root: String
  let layer: @Sendable (String) -> LoadedLayer?
  /// The census's keys by owning table.
  let byTable: [TableKey: [String: TranslationCensus.Needs]]

  struct TableKey: Hashable, Comparable, Sendable {
    var layer: String
    var table: String

    static func < (lhs: TableKey, rhs: TableKey) -> Bool {
      OwnedKey(layer: lhs.layer, table: lhs.table, key: "") < OwnedKey(layer: rhs.layer, table: rhs.table, key: "")
    }
  }

  init(census: TranslationCensus, all: Bool, root: String, layer: @escaping @Sendable (String) -> LoadedLayer?) {
    self.all = all
    self.root = root
    self.layer = layer
    var byTable: [TableKey: [String: TranslationCensus.Needs]] = [:]
    for (key, needs) in census.keys {
      byTable[TableKey(layer: key.layer, table: key.table), default: [:]][key.key] = needs
    }
    self.byTable = byTable
  }

  /// The tables with units in a language, sorted by their path relative to the project.
  func tables(in language: String) -> [TranslationTable] {
    byTable.keys.sorted().compactMap { key -> TranslationTable? in
      guard let needs = byTable[key], let loaded = layer(key.layer), let kind = LocalizationFileKind(path: key.table)
      else { return nil }
      let units =
        kind == .xcstrings
        ? catalogUnits(key, needs: needs, language: language, loaded: loaded)
        : tableUnits(key, kind: kind, needs: needs, language: language, loaded: loaded)
      guard !units.isEmpty else { return nil }
      return TranslationTable(
        layer: key.layer, table: key.table,
        original: TranslationExport.original(PathText.join(key.layer, key.table), root: root),
        kind: kind, units: units)
    }.sorted { $0.original.utf8.lexicographicallyPrecedes($1.original.utf8) }
  }

  /// Whether a key's need in a language makes it exported, and with which need.
  func exported(_ needs: TranslationCensus.Needs, _ language: String) -> TranslationNeed? {
    guard let need = needs.languages[language], all || need.needsTranslator else { return nil }
    return need
  }

  private func tableUnits(
    _ key: TableKey, kind: LocalizationFileKind, needs: [String: TranslationCensus.Needs], language: String,
    loaded: LoadedLayer
  ) -> [TranslationUnit] {
    guard let address = TableAddress(relativePath: key.table), let file = loaded.files[address] else { return [] }
    let translations = loaded.files[address.inLanguage(language)]?.table
    var units: [TranslationUnit] = []
    for entry in file.table.entries {
      guard let keyNeeds = needs[entry.key], let need = exported(keyNeeds, language) else { continue }
      let translation = translations?[entry.key]?.value
      if kind == .strings {
        guard let source = entry.value.stringValue else { continue }
        units.append(
          TranslationUnit(
            key: entry.key, path: [], source: source, target: translation?.stringValue, note: keyNeeds.note, need: need)
        )
      } else {
        for leaf in TranslationLeaves.ofRule(entry.value, language: language) {
          units.append(
            TranslationUnit(
              key: entry.key, path: leaf.path, source: leaf.source,
              target: translation.flatMap { TranslationLeaves.string(at: leaf.path, inRule: $0) }, note: keyNeeds.note,
              need: need))
        }
      }
    }
    return units
  }

  private func catalogUnits(
    _ key: TableKey, needs: [String: TranslationCensus.Needs], language: String, loaded: LoadedLayer
  ) -> [TranslationUnit] {
    guard let address = TableAddress(catalogPath: key.table), let catalog = loaded.catalogs[address]?.catalog else {
      return []
    }
    var units: [TranslationUnit] = []
    for entry in catalog.entries {
      guard let keyNeeds = needs[entry.key], let need = exported(keyNeeds, language) else { continue }
      let translation = entry[language]?.variant
      for leaf in TranslationLeaves.ofCatalog(
        entry[catalog.sourceLanguage]?.variant, key: entry.key, language: language)
      {
        let unit = translation.flatMap { TranslationLeaves.unit(at: leaf.path, in: $0) }
        units.append(
          TranslationUnit(
            key: entry.key, path: leaf.path, source: leaf.source, target: unit?.value, state: unit?.state,
            note: keyNeeds.note, need: need))
      }
    }
    return units
  }
}
