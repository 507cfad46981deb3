/// Merges the layers of one table that some layer holds as a String Catalog (docs/merging.md,
/// "String Catalogs"; XCSTRINGS.md §5.2):
///
/// - For each key and language, the highest layer with a localization for that language wins,
///   **whole**: string unit, variations and substitutions together.
/// - Entry fields (comment, extraction state, …, unknown fields): the highest layer that sets a
///   field wins that field, `extractionState` too (`stale` stays `stale`). A key the base layer
///   lacks and no layer gives an extraction state becomes `extractionState: manual`.
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
  ///   - takingFirstCatalogWhole: Whether the first catalog is taken whole, its records made only
  ///     when asked for, rather than localization by localization (the same result; tests compare
  ///     the two).
  static func merge(
    _ address: TableAddress, sources: [Source], layerNames: [String], takingFirstCatalogWhole: Bool = true
  ) -> Merged {
    var merge = Merge(address: address, layerNames: layerNames, takesFirstCatalogWhole: takingFirstCatalogWhole)
    merge.run(sources)
    return merge.result()
  }

  /// What the runtime sees for a localization: its compiled string or `.stringsdict` rule; a
  /// device rule with its `.strings` fallback as the device `other`.
  static func runtimeValue(of variant: CatalogVariant, key: String) -> LocalizationValue {
    // A plain string unit is its text, as the compiler would find.
    if variant.variations == nil, variant.substitutions == nil, let unit = variant.stringUnit {
      return .string(unit.value)
    }
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
  let takesFirstCatalogWhole: Bool
  var sourceLanguage: String?
  var sourceLanguageOrigin: (layer: Int, path: String, position: TextPosition?)?
  var version: String?
  var topFields: [JSONMember] = []
  /// The merged entries; the catalog's other parts are set by `result()`.
  var merged = StringCatalog(sourceLanguage: "")
  /// The lowest layer that has each entry.
  var lowestLayer: [Int] = []
  var languages: [String: CatalogLanguageTable] = [:]
  var sources: [(Int, String)] = []
  var diagnostics: [Diagnostic] = []

  init(address: TableAddress, layerNames: [String], takesFirstCatalogWhole: Bool) {
    self.address = address
    self.layerNames = layerNames
    self.takesFirstCatalogWhole = takesFirstCatalogWhole
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
    for field in catalog.otherFields { Self.setField(field, in: &topFields) }
    if takesFirstCatalogWhole, merged.entries.isEmpty, takeWhole(catalog, path: path, layer: layer) { return }
    // By index: a copy of each entry would retain all its parts.
    let given = catalog.entries
    for position in given.indices {
      let index = entryIndex(for: given[position].key, layer: layer, position: given[position].position)
      // Fields are set in place: a copy of the entry would share its localizations, and the
      // first localization set below would copy them all.
      merged.updateEntry(at: index) { entry in
        if let comment = given[position].comment { entry.comment = comment }
        if let flag = given[position].isCommentAutoGenerated { entry.isCommentAutoGenerated = flag }
        if let state = given[position].extractionState { entry.extractionState = state }
        if let flag = given[position].shouldTranslate { entry.shouldTranslate = flag }
        if let flag = given[position].generatesSymbol { entry.generatesSymbol = flag }
        for field in given[position].otherFields { Self.setField(field, in: &entry.otherFields) }
        if given[position].localizations != nil, entry.localizations == nil {
          var empty: [CatalogLocalization] = []
          empty.reserveCapacity(given[position].localizations?.count ?? 0)
          entry.localizations = empty
        }
      }
      guard let localizations = given[position].localizations else { continue }
      for localization in localizations.indices {
        set(localizations[localization], entry: index, layer: layer, file: path, fromTable: false)
      }
    }
  }

  /// The first catalog of the merge, taken as it is: its entries are the merged entries, and
  /// its localizations stay in it until something asks for their records. `false` (nothing
  /// taken) when the catalog has something that taking it entry by entry resolves: an entry
  /// field given twice, a language given twice for a key.
  mutating func takeWhole(_ catalog: StringCatalog, path: String, layer: Int) -> Bool {
    for entry in catalog.entries where entry.otherFields.count > 1 {
      var fields: [JSONMember] = []
      for field in entry.otherFields { Self.setField(field, in: &fields) }
      guard fields.count == entry.otherFields.count else { return false }
    }
    guard
      let first = FirstCatalogLanguages(catalog: catalog, layerIndex: layer, layerName: layerNames[layer], file: path)
    else { return false }
    merged = catalog
    lowestLayer = Array(repeating: layer, count: catalog.entries.count)
    for slot in first.languages.indices {
      languages[first.languages[slot]] = CatalogLanguageTable(first: first.language(slot))
    }
    return true
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
      let sourceLanguage = sourceLanguage
      merged.updateEntry(at: index) { entry in
        if entry.localizations == nil { entry.localizations = [] }
        // Only the source language's comments describe the key; translations repeat them.
        if tableAddress.kind == .strings, language == sourceLanguage, let comment = item.comment {
          entry.comment = comment
        }
      }
      set(
        CatalogLocalization(language: language, variant: variant, position: item.position), entry: index, layer: layer,
        file: file.path, fromTable: true)
    }
  }

  // MARK: Shared

  mutating func entryIndex(for key: String, layer: Int, position: TextPosition?) -> Int {
    if let index = merged.index(ofKey: key) { return index }
    var entry = CatalogEntry(key: key)
    entry.position = position
    merged.upsert(entry)
    lowestLayer.append(layer)
    return merged.entries.count - 1
  }

  /// Makes `localization` the one of its language in the entry, whole.
  mutating func set(_ localization: CatalogLocalization, entry index: Int, layer: Int, file: String, fromTable: Bool) {
    let key = merged.entries[index].key
    let replaced = merged.setLocalization(localization, ofEntryAt: index)
    let value = CatalogMerger.runtimeValue(of: localization.variant, key: key)
    let definition = Definition(
      layerIndex: layer, layer: layerNames[layer], file: file,
      entry: LocalizationEntry(key: key, value: value, position: localization.position))
    languages[localization.language, default: CatalogLanguageTable()].record(
      definition, entryAt: index, variant: localization.variant, fromTable: fromTable, replacing: replaced)
  }

  /// Sets a field by its key: the later value replaces the earlier one where it stands.
  static func setField(_ field: JSONMember, in fields: inout [JSONMember]) {
    if let index = fields.firstIndex(where: { $0.key.utf8.elementsEqual(field.key.utf8) }) {
      fields[index] = field
    } else {
      fields.append(field)
    }
  }

  /// The merged catalog and its languages, moved out of the merge (a copy would be copied again
  /// at the first change below).
  mutating func result() -> CatalogMerger.Merged {
    var catalog = merged
    merged = StringCatalog(sourceLanguage: "")
    catalog.sourceLanguage = sourceLanguage ?? ""
    catalog.version = version
    catalog.otherFields = topFields
    catalog.sourceLanguagePosition = sourceLanguageOrigin?.position
    // Xcode's extraction would mark a key the project's code does not have as stale; a state a
    // layer gives (Xcode's own `stale`, say) is kept, so that Xcode goes on flagging it.
    for index in lowestLayer.indices where lowestLayer[index] > 0 && catalog.entries[index].extractionState == nil {
      catalog.updateEntry(at: index) { $0.extractionState = "manual" }
    }
    let tables = languages.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { language in
      languages[language]?.mergedTable(address: address.inLanguage(language))
    }
    var merged = MergedCatalog(
      address: address, catalog: catalog, sources: sources.map(\.1), layerIndexes: sources.map(\.0))
    merged.introducingLayers = lowestLayer
    return CatalogMerger.Merged(catalog: merged, languages: tables, diagnostics: diagnostics)
  }
}
