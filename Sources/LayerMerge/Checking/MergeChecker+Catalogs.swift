extension MergeChecker {
  /// The checks of merged String Catalogs, each at the file and place of the localization:
  ///
  /// - every override against the localization it replaces: its format arguments through plural
  ///   forms, substitutions and devices (``FormatFit``), a repeat of it (redundant), a state
  ///   `new` or `needs_review` (it ships unreviewed);
  /// - drift: an overlay that changes a key's source-language value over lower layers'
  ///   translations;
  /// - keys of the catalog without a localization in one of its languages;
  /// - the compiler's checks on the merged catalog (``CatalogChecks``), as Xcode will compile it.
  ///
  /// Each catalog gives two families that run beside the others: the checks of what the merge did
  /// (`checkMerge(ofCatalog:languages:)`) and the compiler's checks
  /// (`checkCompilation(ofCatalog:languages:)`); `catalogDiagnostics(merge:compilation:)` joins them.
  func catalogFamilies() -> [@Sendable (inout MergeChecker) -> Void] {
    var languagesByCatalog: [String: [MergedTable]] = [:]
    for table in tables where table.address.isCatalog {
      languagesByCatalog[table.address.relativePath, default: []].append(table)
    }
    return catalogs.indices.flatMap { index -> [@Sendable (inout MergeChecker) -> Void] in
      let languages = languagesByCatalog[catalogs[index].address.relativePath] ?? []
      return [
        { $0.checkMerge(ofCatalog: index, languages: languages) },
        { $0.checkCompilation(ofCatalog: index, languages: languages) },
      ]
    }
  }

  /// The diagnostics of one catalog, from the checkers its two families ran on.
  static func catalogDiagnostics(merge: MergeChecker, compilation: MergeChecker) -> [Diagnostic] {
    // The compiler compares translations with the source language; where an override was already
    // found not to fit what it replaces, that is the finding to act on.
    merge.diagnostics
      + compilation.diagnostics.filter { diagnostic in
        guard [.formatMismatch, .formatMisprint].contains(diagnostic.code), let location = diagnostic.location else {
          return true
        }
        return !merge.overrideFormats.contains(location)
      }
  }

  // MARK: - Private

  /// The checks of what the merge did; keeps the places of overrides found not to fit.
  private mutating func checkMerge(ofCatalog index: Int, languages: [MergedTable]) {
    let merged = catalogs[index]
    var overrideFormats: Set<SourceLocation> = []
    for table in languages {
      // Only what layers above the base define: the base catalog's records are not made at all
      // (a first catalog above the base has no inherited records, and every one is read).
      for position in table.nonInheritedPositions {
        checkOverride(
          table.record(at: position), language: table.address.language, in: merged, formats: &overrideFormats)
      }
    }
    checkDrift(merged, languages: languages)
    checkMissingTranslations(merged, languages: languages)
    self.overrideFormats = overrideFormats
  }

  /// The compiler's checks on the merged catalog.
  private mutating func checkCompilation(ofCatalog index: Int, languages: [MergedTable]) {
    diagnostics += compilerChecks(catalogs[index], languages: languages)
  }

  private mutating func checkOverride(
    _ record: KeyProvenance, language: String, in merged: MergedCatalog, formats: inout Set<SourceLocation>
  ) {
    // Made only for a diagnostic: most overrides have nothing to report.
    let subject = { "the \(language) localization of \(quoted(record.key)) in layer '\(record.winner.layer)'" }
    if let below = record.shadowed.first {
      let note = Diagnostic.Note(
        "the localization it replaces, in layer '\(below.layer)', is here", at: below.location)
      if record.status == .redundant {
        diagnostics.append(
          Diagnostic(
            .warning, .redundantOverride,
            "layer '\(record.winner.layer)' repeats the \(language) localization of \(quoted(record.key)) from layer "
              + "'\(below.layer)'; the override can be removed", at: record.winner.location, notes: [note]))
      } else if let found = catalogFormatMismatch(of: record.winner, against: below) {
        formats.insert(record.winner.location)
        diagnostics.append(
          formatDiagnostic(
            subject(), against: "the localization it replaces", reference: "the localization it replaces", found,
            at: record.winner.location, note: note))
      }
    }
    guard record.winner.layerIndex > 0, record.status != .redundant,
      let variant = Self.variant(of: record, language: language, in: merged.catalog),
      let state = unreviewedState(in: variant)
    else { return }
    let skipped =
      language == merged.catalog.sourceLanguage && state == "new" && variant.variations == nil
      && variant.substitutions == nil && variant.stringUnit?.state == "new"
    diagnostics.append(
      Diagnostic(
        .warning, .unreviewedOverride,
        "\(subject()) is marked '\(state)'; "
          + (skipped
            ? "source-language units marked 'new' are not compiled (the text is expected in the code), so the app "
              + "does not show it"
            : "it ships as it is"),
        at: record.winner.location))
  }

  /// The merged localization a record describes, found in place: a copy of its entry would
  /// retain all the entry's parts.
  private static func variant(of record: KeyProvenance, language: String, in catalog: StringCatalog)
    -> CatalogVariant?
  {
    guard let index = catalog.index(ofKey: record.key) else { return nil }
    return catalog.entries[index].localizations?.last { $0.language.utf8.elementsEqual(language.utf8) }?.variant
  }

  /// Why a catalog override's format does not fit the localization it replaces, with the plural
  /// or device form it is in. A replaced localization without `%` is not used as a format.
  private func catalogFormatMismatch(of winner: Definition, against below: Definition)
    -> (variant: String, mismatch: FormatMismatch)?
  {
    guard mayHaveFormat(below.entry) else { return nil }
    var signatures: [FormatSignature] = []
    for (_, value) in Self.forms(of: below.value) {
      guard let signature = FormatFit.arguments(of: value) else { return nil }
      signatures.append(signature)
    }
    let reference = FormatSignature.union(signatures)
    return FormatFit.worstMismatch(of: Self.forms(of: winner.value), against: reference)
  }

  /// A localization's runtime value as the runtime formats it: one value, or one per device
  /// (an import checks catalog translations by the same forms).
  static func forms(of value: LocalizationValue) -> [(label: String, value: LocalizationValue)] {
    guard case .dictionary(let rule) = value, case .dictionary(let devices)? = rule["NSStringDeviceSpecificRuleType"]
    else { return [("", value)] }
    return devices.pairs.map { ($0.key, $0.value) }
  }

  /// The first state `new` or `needs_review` of any string unit of a localization.
  private func unreviewedState(in variant: CatalogVariant) -> String? {
    if let state = variant.stringUnit?.state, state == "new" || state == "needs_review" { return state }
    let cases =
      (variant.variations?.plural ?? []) + (variant.variations?.device ?? [])
      + (variant.substitutions ?? []).flatMap { $0.variations?.plural ?? [] }
    for item in cases {
      if let state = unreviewedState(in: item.variant) { return state }
    }
    return nil
  }

  /// An overlay that changes the source-language value of a key while translations of lower
  /// layers stay: they translate the old text.
  private mutating func checkDrift(_ merged: MergedCatalog, languages: [MergedTable]) {
    let sourceLanguage = merged.catalog.sourceLanguage
    guard let source = languages.first(where: { $0.address.language == sourceLanguage }) else { return }
    var others: [String: (rank: Int, table: MergedTable)] = [:]
    for (rank, table) in languages.enumerated() where table.address.language != sourceLanguage {
      others[table.address.language] = others[table.address.language] ?? (rank, table)
    }
    // A drifting record is one a layer above the base defines; the others are looked up by key,
    // in the languages the merged entry has (not in every language of the catalog).
    for index in source.nonInheritedPositions {
      let record = source.record(at: index)
      guard record.winner.layerIndex > 0, record.status == .overridden || record.status == .added else { continue }
      let previous = record.shadowed.first?.value ?? .string(record.key)
      guard previous != record.winner.value else { continue }
      let entry = source.entry(at: index)
      var stale: [(language: String, definition: Definition)] = []
      let localized = merged.catalog.index(ofKey: record.key).flatMap { merged.catalog.entries[$0].localizations } ?? []
      // In the order of the catalog's language tables, each once.
      let found = Set(localized.map(\.language)).compactMap { others[$0] }.sorted { $0.rank < $1.rank }
      for (_, table) in found {
        guard let position = table.index(ofKeyOf: entry) else { continue }
        let winner = table.record(at: position).winner
        if winner.layerIndex < record.winner.layerIndex { stale.append((table.address.language, winner)) }
      }
      guard !stale.isEmpty else { continue }
      var layerNames: [String] = []
      for (_, definition) in stale where !layerNames.contains(definition.layer) { layerNames.append(definition.layer) }
      let several = stale.count > 1
      diagnostics.append(
        Diagnostic(
          .warning, .translationDrift,
          "layer '\(record.winner.layer)' changes the \(sourceLanguage) value of \(quoted(record.key)), but its "
            + stale.map(\.language).joined(separator: ", ")
            + (several ? " localizations come" : " localization comes")
            + " from layer\(layerNames.count > 1 ? "s" : "") "
            + layerNames.map { "'\($0)'" }.joined(separator: ", ")
            + "; \(several ? "they" : "it") may no longer translate it",
          at: record.winner.location,
          notes: stale.map { Diagnostic.Note("the \($0.language) localization is here", at: $0.definition.location) }))
    }
  }

  /// Every key to translate should have a localization in every language of its catalog; a
  /// warning sits on the catalog of the layer that added the keys, one for all the languages
  /// that lack the same keys (``MissingTranslationGroups``).
  private mutating func checkMissingTranslations(_ merged: MergedCatalog, languages: [MergedTable]) {
    let catalog = merged.catalog
    let targets = languages.map(\.address.language).filter { $0 != catalog.sourceLanguage }
    guard !targets.isEmpty else { return }
    let entries = catalog.entries
    let translatable = entries.indices.filter { entries[$0].shouldTranslate != false }
    // Each layer's keys in order, and the ones each language has: the work is in proportion to
    // the localizations, never the keys once per language.
    var keysByLayer: [Int: [Int]] = [:]
    for index in translatable { keysByLayer[merged.introducingLayers[index], default: []].append(index) }
    let present = Self.rows(of: entries, at: translatable, byLanguage: targets)
    let files = TranslationFiles(merged)
    var lacks = MissingTranslationGroups()
    for (bit, language) in targets.enumerated() where present[bit].count < translatable.count {
      var presentByLayer: [Int: Set<Int>] = [:]
      for row in present[bit] {
        presentByLayer[merged.introducingLayers[translatable[row]], default: []].insert(translatable[row])
      }
      for layer in keysByLayer.keys.sorted() {
        let keys = keysByLayer[layer] ?? []
        guard keys.count > presentByLayer[layer]?.count ?? 0 else { continue }
        lacks.add(
          language: language, layer: layer,
          lack: MissingTranslationGroups.Lack(layerKeys: keys, present: presentByLayer[layer] ?? []),
          location: SourceLocation(path: files.path(for: merged, in: layer, language: language, layers: layers)))
      }
    }
    for lack in lacks.groups {
      let shown = MissingTranslationGroups.shown(lack.missing.shown.map { entries[$0].key }, of: lack.missing.count)
      let keys =
        MissingTranslationGroups.keys(missing: lack.missing.count, of: keysByLayer[lack.layer]?.count ?? 0) + " "
        + MissingTranslationGroups.origin(layer: lack.layer, name: layers[lack.layer].name)
      let languages =
        lack.languages.count == 1
        ? "\(lack.languages[0]) localization"
        : "localization in \(lack.languages.count) languages (\(lack.languages.joined(separator: ", ")))"
      diagnostics.append(
        Diagnostic(
          .warning, .missingTranslation, "\(merged.address.relativePath) has no \(languages) for \(keys) (\(shown))",
          at: lack.location))
    }
  }

  /// For each of the `languages`, the rows (positions in `indexes`) of the entries that have it,
  /// in order; languages matched as a dictionary of them matches (String equality).
  private static func rows(of entries: [CatalogEntry], at indexes: [Int], byLanguage languages: [String]) -> [[Int]] {
    var slotOfLanguage: [String: Int] = [:]
    for (slot, language) in languages.enumerated() { slotOfLanguage[language] = slot }
    var rows = [[Int]](repeating: [], count: languages.count)
    // -1: not one of the languages.
    var slots = LanguageAtPosition<Int>()
    for (row, index) in indexes.enumerated() {
      guard let localizations = entries[index].localizations else { continue }
      for position in localizations.indices {
        let slot = slots.value(of: localizations[position].language, at: position) { slotOfLanguage[$0] ?? -1 }
        if slot >= 0, rows[slot].last != row { rows[slot].append(row) }
      }
    }
    return rows
  }

  /// Where each layer's translations of a catalog go: its catalog, else its table of that
  /// language (existing or not), found in one lookup per language.
  private struct TranslationFiles {
    var catalogs: [Int: String] = [:]
    /// Each layer's tables by their last path components, as many as a table's relative path has.
    var tables: [Int: [String: String]] = [:]
    let components: Int

    init(_ merged: MergedCatalog) {
      let directory = merged.address.languageFoldersDirectory
      components = (directory.isEmpty ? 0 : directory.split(separator: "/").count) + 2
      for (path, layer) in zip(merged.sources, merged.layerIndexes) {
        if path.hasSuffix(".xcstrings") {
          catalogs[layer] = catalogs[layer] ?? path
        } else {
          let tail = path.split(separator: "/", omittingEmptySubsequences: false).suffix(components + 1)
          guard tail.count == components + 1 else { continue }
          tables[layer, default: [:]][tail.dropFirst().joined(separator: "/"), default: path] = path
        }
      }
    }

    func path(for merged: MergedCatalog, in layer: Int, language: String, layers: [Layer]) -> String {
      if let catalog = catalogs[layer] { return catalog }
      let address = TableAddress(
        directory: merged.address.languageFoldersDirectory, language: language, table: merged.address.table,
        kind: .strings)
      return tables[layer]?[address.relativePath] ?? layers[layer].path + "/" + address.relativePath
    }
  }

  /// The compiler's checks on the merged catalog, each at the file its localization came from.
  private func compilerChecks(_ merged: MergedCatalog, languages: [MergedTable]) -> [Diagnostic] {
    var byLanguage: [String: MergedTable] = [:]
    for table in languages { byLanguage[table.address.language] = table }
    let fallback = merged.sources.last ?? merged.address.relativePath
    let lookup = byLanguage
    return CatalogChecks(catalog: merged.catalog, options: CatalogCompiler.Options()) { key, language in
      guard let table = lookup[language], let index = table.index(ofKeyOf: LocalizationEntry(key: key, string: ""))
      else { return fallback }
      return table.record(at: index).winner.file
    }.run()
  }
}
