/// Merges the layers of one table that some layer holds as a String Catalog (docs/merging.md,
/// "String Catalogs"; XCSTRINGS.md §5.2):
///
/// - For each key and language, the highest layer with a localization for that language wins,
///   **whole**: string unit, variations and substitutions together.
/// - Entry fields (comment, extraction state, …, unknown fields): the highest layer that sets a
///   field wins that field. Keys the base layer lacks become `extractionState: manual`.
/// - The source language must be the same in every catalog; the version is the highest; unknown
///   top-level fields win per field, the highest layer last.
/// - A layer's `.strings` and `.stringsdict` tables of the table are read as localizations of
///   their language, above the layer's own catalog if it has one (``LegacyLocalization``).
enum CatalogMerger {
  /// One layer's part of a catalog table.
  struct Source: Sendable {
    var layerIndex: Int
    /// The layer's catalog of the table, if it has one.
    var catalog: ParsedCatalog?
    /// The layer's `.strings` and `.stringsdict` tables of the table, sorted by address.
    var tables: [(address: TableAddress, file: ParsedFile)]
  }

  /// What merging one catalog table gives.
  struct Merged: Sendable {
    var catalog: MergedCatalog
    /// One table per language, sorted by language.
    var languages: [MergedTable]
    var diagnostics: [Diagnostic]
  }

  /// Merges one table.
  /// - Parameters:
  ///   - address: The catalog's address (language `""`).
  ///   - sources: The layers that have the table, lowest first.
  ///   - layerNames: The name of every layer of the stack.
  static func merge(_ address: TableAddress, sources: [Source], layerNames: [String]) -> Merged {
    var merge = Merge(address: address, layerNames: layerNames)
    merge.run(sources)
    return merge.result()
  }

  /// What the runtime sees for a localization: its compiled string or `.stringsdict` rule; a
  /// device rule with its `.strings` fallback as the device `other`.
  static func runtimeValue(of variant: CatalogVariant, key: String) -> LocalizationValue {
    let compiled = CatalogCompiler.compiledValue(of: variant, key: key, choices: .reference)
    guard let rule = compiled.rule else { return .string(compiled.string ?? "") }
    guard let fallback = compiled.string, case .dictionary(var outer) = rule,
      case .dictionary(var devices)? = outer["NSStringDeviceSpecificRuleType"]
    else { return rule }
    devices["other"] = .string(fallback)
    outer["NSStringDeviceSpecificRuleType"] = .dictionary(devices)
    return .dictionary(outer)
  }

  /// Whether a version string is below another, compared numerically per dot-separated part
  /// (`1.9` < `1.10`); parts that are not numbers compare by their bytes.
  static func versionPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (lhs.split(separator: "."), rhs.split(separator: "."))
    for (a, b) in zip(left, right) where a != b {
      if let x = Int(a), let y = Int(b) { return x < y }
      return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
    return left.count < right.count
  }
}

// MARK: - Private

private struct Merge {
  let address: TableAddress
  let layerNames: [String]
  var sourceLanguage: String?
  var sourceLanguageOrigin: (layer: Int, path: String, position: TextPosition?)?
  var version: String?
  var topFields: [JSONMember] = []
  var entries: [CatalogEntry] = []
  var indexByKey: [ByteKey: Int] = [:]
  /// The lowest layer that has each entry.
  var lowestLayer: [Int] = []
  var languages: [String: LanguageTable] = [:]
  var sources: [(Int, String)] = []
  var diagnostics: [Diagnostic] = []

  init(address: TableAddress, layerNames: [String]) {
    self.address = address
    self.layerNames = layerNames
  }

  mutating func run(_ layers: [CatalogMerger.Source]) {
    // Known before any table is read, so that a lower layer's tables know their source language.
    sourceLanguage = layers.lazy.compactMap { $0.catalog?.catalog?.sourceLanguage }.first
    for source in layers {
      if let parsed = source.catalog {
        sources.append((source.layerIndex, parsed.path))
        if let catalog = parsed.catalog { take(catalog, path: parsed.path, layer: source.layerIndex) }
        if !source.tables.isEmpty {
          let names = source.tables.prefix(3).map(\.address.relativePath).joined(separator: ", ")
          diagnostics.append(
            Diagnostic(
              .warning, .tablesBesideCatalog,
              "layer '\(layerNames[source.layerIndex])' has both this catalog and tables of the same name (\(names)"
                + "\(source.tables.count > 3 ? ", …" : "")); the tables override the catalog's localizations, but "
                + "Xcode refuses both in one target", at: SourceLocation(path: parsed.path)))
        }
      }
      for (tableAddress, file) in source.tables {
        sources.append((source.layerIndex, file.path))
        take(file, address: tableAddress, layer: source.layerIndex)
      }
    }
  }

  // MARK: Catalogs

  mutating func take(_ catalog: StringCatalog, path: String, layer: Int) {
    if let origin = sourceLanguageOrigin, let expected = sourceLanguage {
      if !catalog.sourceLanguage.utf8.elementsEqual(expected.utf8) {
        diagnostics.append(
          Diagnostic(
            .error, .sourceLanguageConflict,
            "the source language of this catalog is '\(catalog.sourceLanguage)', but layer "
              + "'\(layerNames[origin.layer])' has '\(expected)'; translations would be keyed against different sources",
            at: SourceLocation(path: path, position: catalog.sourceLanguagePosition),
            notes: [
              Diagnostic.Note(
                "the source language of layer '\(layerNames[origin.layer])' is here",
                at: SourceLocation(path: origin.path, position: origin.position))
            ]))
      }
    } else {
      sourceLanguageOrigin = (layer, path, catalog.sourceLanguagePosition)
    }
    if let given = catalog.version, version.map({ CatalogMerger.versionPrecedes($0, given) }) ?? true {
      version = given
    }
    for field in catalog.otherFields { setField(field, in: &topFields) }
    // By index: a copy of each entry would retain all its parts.
    let given = catalog.entries
    for position in given.indices {
      let index = entryIndex(for: given[position].key, layer: layer, position: given[position].position)
      // Fields are set in place: a copy of the entry would share its localizations, and the
      // first localization set below would copy them all.
      if let comment = given[position].comment { entries[index].comment = comment }
      if let flag = given[position].isCommentAutoGenerated { entries[index].isCommentAutoGenerated = flag }
      if let state = given[position].extractionState { entries[index].extractionState = state }
      if let flag = given[position].shouldTranslate { entries[index].shouldTranslate = flag }
      if let flag = given[position].generatesSymbol { entries[index].generatesSymbol = flag }
      for field in given[position].otherFields { setField(field, in: &entries[index].otherFields) }
      guard let localizations = given[position].localizations else { continue }
      if entries[index].localizations == nil {
        var empty: [CatalogLocalization] = []
        empty.reserveCapacity(localizations.count)
        entries[index].localizations = empty
      }
      for localization in localizations.indices {
        set(localizations[localization], entry: index, layer: layer, file: path, fromTable: false)
      }
    }
  }

  // MARK: Tables

  mutating func take(_ file: ParsedFile, address tableAddress: TableAddress, layer: Int) {
    let language = tableAddress.language
    for item in file.table.entries {
      let variant: CatalogVariant
      if tableAddress.kind == .strings {
        // A value that is not a string is reported by the reader; the runtime ignores it.
        guard let text = item.value.stringValue else { continue }
        variant = LegacyLocalization.variant(string: text)
      } else {
        switch LegacyLocalization.variant(rule: item.value) {
        case .success(let converted): variant = converted
        case .failure(let problem):
          diagnostics.append(
            Diagnostic(
              .error, .unsupportedVariation,
              "the .stringsdict entry \(quoted(item.key)) cannot be part of the String Catalog "
                + "\(address.relativePath): \(problem.reason); it is left out",
              at: SourceLocation(path: file.path, position: item.position)))
          continue
        }
      }
      let key = item.key
      let index = entryIndex(for: key, layer: layer, position: nil)
      if entries[index].localizations == nil { entries[index].localizations = [] }
      // Only the source language's comments describe the key; translations repeat them.
      if tableAddress.kind == .strings, language == sourceLanguage, let comment = item.comment {
        entries[index].comment = comment
      }
      set(
        CatalogLocalization(language: language, variant: variant, position: item.position), entry: index, layer: layer,
        file: file.path, fromTable: true)
    }
  }

  // MARK: Shared

  mutating func entryIndex(for key: String, layer: Int, position: TextPosition?) -> Int {
    let bytes = ByteKey(key)
    if let index = indexByKey[bytes] { return index }
    var entry = CatalogEntry(key: key)
    entry.position = position
    indexByKey[bytes] = entries.count
    entries.append(entry)
    lowestLayer.append(layer)
    return entries.count - 1
  }

  /// Makes `localization` the one of its language in the entry, whole.
  mutating func set(_ localization: CatalogLocalization, entry index: Int, layer: Int, file: String, fromTable: Bool) {
    let key = entries[index].key
    let language = localization.language
    // Bytes that differ as Strings differ as bytes: `==` (raw bits for small strings) first.
    let previous = entries[index].localizations?.lastIndex {
      $0.language == language && $0.language.utf8.elementsEqual(language.utf8)
    }
    let replaced = previous.map { entries[index].localizations?[$0] }
    if let previous {
      entries[index].localizations?[previous] = localization
    } else {
      entries[index].localizations?.append(localization)
    }
    let value = CatalogMerger.runtimeValue(of: localization.variant, key: key)
    let definition = Definition(
      layerIndex: layer, layer: layerNames[layer], file: file,
      entry: LocalizationEntry(key: key, value: value, position: localization.position))
    languages[language, default: LanguageTable()].record(
      definition, variant: localization.variant, fromTable: fromTable, replacing: replaced ?? nil)
  }

  /// Sets a field by its key: the later value replaces the earlier one where it stands.
  func setField(_ field: JSONMember, in fields: inout [JSONMember]) {
    if let index = fields.firstIndex(where: { $0.key.utf8.elementsEqual(field.key.utf8) }) {
      fields[index] = field
    } else {
      fields.append(field)
    }
  }

  func result() -> CatalogMerger.Merged {
    var catalog = StringCatalog(
      sourceLanguage: sourceLanguage ?? "", version: version, otherFields: topFields)
    catalog.sourceLanguagePosition = sourceLanguageOrigin?.position
    for (index, entry) in entries.enumerated() {
      var entry = entry
      // Xcode's extraction would mark a key the project's code does not have as stale.
      if lowestLayer[index] > 0 { entry.extractionState = "manual" }
      catalog.upsert(entry)
    }
    let tables = languages.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { language in
      languages[language].map { table in
        MergedTable(
          address: address.inLanguage(language), table: table.table, provenance: table.provenance,
          sources: table.files.map(\.1), layerIndexes: table.files.map(\.0))
      }
    }
    var merged = MergedCatalog(
      address: address, catalog: catalog, sources: sources.map(\.1), layerIndexes: sources.map(\.0))
    merged.introducingLayers = lowestLayer
    return CatalogMerger.Merged(catalog: merged, languages: tables, diagnostics: diagnostics)
  }
}

/// The provenance of one language of a catalog, built as localizations arrive, lowest layer first.
private struct LanguageTable {
  var table = LocalizationTable()
  var provenance: [KeyProvenance] = []
  /// Whether each winner came from a `.strings` or `.stringsdict` table.
  var fromTables: [Bool] = []
  var files: [(Int, String)] = []

  mutating func record(
    _ definition: Definition, variant: CatalogVariant, fromTable: Bool, replacing replaced: CatalogLocalization?
  ) {
    if !files.contains(where: { $0.1 == definition.file }) { files.append((definition.layerIndex, definition.file)) }
    let (index, previous) = table.upsertReturningIndex(definition.entry)
    guard previous != nil else {
      provenance.append(
        KeyProvenance(status: definition.layerIndex == 0 ? .inherited : .added, winner: definition, shadowed: []))
      fromTables.append(fromTable)
      return
    }
    let below = provenance[index].winner
    // Two catalog localizations are the same when everything in them is, states included; a
    // table entry has no state, so it is the same as what it compiles to.
    let same =
      fromTable || fromTables[index] ? below.value == definition.value : replaced?.variant == variant
    provenance[index].shadowed.insert(below, at: 0)
    provenance[index].winner = definition
    provenance[index].status = same ? .redundant : .overridden
    fromTables[index] = fromTable
  }
}
