/// Resolves a stack of layers into merged tables with per-key provenance and diagnostics.
///
/// Precedence, written down in docs/merging.md:
/// - Layers are ordered lowest (the base) to highest; for each table path and key, the highest
///   layer that defines the key wins.
/// - Output order is the lowest layer's order, then keys added by higher layers in their order.
/// - The winner's comment is kept; without one, the nearest shadowed definition's comment is.
/// - A table or language only lower layers have passes through whole.
/// - `.stringsdict` entries override per top-level key.
public enum LayerMerger {
  /// Reads the layers and merges them.
  /// - Parameters:
  ///   - layers: The stack, lowest first.
  ///   - options: What to check.
  /// - Returns: The merged tables, diagnostics and the files read.
  public static func merge(_ layers: [Layer], options: MergeOptions = MergeOptions()) -> MergeResult {
    merge(loaded: LoadedLayer.load(layers, options: options), options: options)
  }

  /// Merges layers that are already loaded (the audit loads the base once for every target).
  /// - Parameters:
  ///   - loaded: The stack, lowest first.
  ///   - options: What to check.
  /// - Returns: The merged tables, diagnostics and the files read.
  public static func merge(loaded given: [LoadedLayer], options: MergeOptions = MergeOptions()) -> MergeResult {
    merge(loaded: given, options: options, shared: nil)
  }

  /// The same, reusing what depends only on layers other merges share: the records of their
  /// tables and what the checks work out from them.
  static func merge(loaded given: [LoadedLayer], options: MergeOptions, shared: SharedLayers?) -> MergeResult {
    // Two layers called alike are told apart by their paths; excluded tables are left out even
    // when the caller loaded them.
    let names = Layer.uniquelyNamed(given.map(\.layer))
    let loaded = zip(given, names).map { layer, named in
      var copy = layer
      copy.layer = named
      if !options.exclude.isEmpty {
        copy.files = copy.files.filter { !options.excludes($0.key.relativePath) }
        copy.catalogs = copy.catalogs.filter { !options.excludes($0.key.relativePath) }
      }
      return copy
    }
    var diagnostics: [Diagnostic] = []
    for layer in loaded {
      diagnostics += layer.diagnostics
      // Most files have nothing to report: sorting a base's addresses for every target is not free.
      if layer.files.values.contains(where: { !$0.diagnostics.isEmpty }) {
        for address in layer.files.keys.sorted() { diagnostics += layer.files[address]?.diagnostics ?? [] }
      }
      for address in layer.catalogs.keys.sorted() {
        diagnostics += layer.catalogs[address]?.diagnostics ?? []
      }
    }
    // Tables that some layer holds as a catalog are merged as catalogs, with every layer's
    // `.strings` and `.stringsdict` tables of the same name.
    let layout = CatalogLayout(loaded.map(\.catalogs), layers: loaded.map(\.layer))
    diagnostics += layout.diagnostics
    let legacyFiles =
      layout.addresses.isEmpty
      ? loaded.map(\.files) : loaded.map { layer in layer.files.filter { layout.catalog(for: $0.key) == nil } }
    let orders = zip(loaded, legacyFiles).map { layer, files in
      layout.addresses.isEmpty ? layer.sortedFileAddresses : layer.sortedFileAddresses.filter { files[$0] != nil }
    }
    let (sourcesByAddress, caseDiagnostics) = alignAddresses(legacyFiles, orders: orders, layers: loaded.map(\.layer))
    diagnostics += caseDiagnostics

    let layerNames = loaded.map(\.layer.name)
    let work = sourcesByAddress.keys.sorted().map { ($0, sourcesByAddress[$0] ?? []) }
    let legacyTables = work.concurrentMap { address, sources in
      mergeTable(address, sources: sources, layerNames: layerNames)
    }
    let catalogSources = layout.sources(in: loaded)
    let catalogWork = layout.addresses.map { address in (address, catalogSources[address] ?? []) }
    let mergedCatalogs = catalogWork.concurrentMap { address, sources in
      CatalogMerger.merge(address, sources: sources, layerNames: layerNames)
    }
    diagnostics += mergedCatalogs.flatMap(\.diagnostics)
    // The tables are merged in address order; only catalogs' languages need sorting in.
    let tables =
      mergedCatalogs.isEmpty
      ? legacyTables : (legacyTables + mergedCatalogs.flatMap(\.languages)).sorted { $0.address < $1.address }
    let developmentLanguage = options.developmentLanguage ?? pickDevelopmentLanguage(loaded.first)
    let checker = MergeChecker(
      tables: tables, layers: loaded.map(\.layer), layerFiles: loaded.map(\.files),
      developmentLanguage: developmentLanguage, catalogs: mergedCatalogs.map(\.catalog), shared: shared?.checkWork)
    diagnostics += checker.run()

    diagnostics = options.rules.apply(to: sortedByLocation(diagnostics))
    if !options.baseline.isEmpty {
      diagnostics = KnownError.dropping(options.baseline, from: diagnostics, layers: loaded)
    }
    let inputs = (loaded.flatMap { $0.files.values.map(\.path) } + loaded.flatMap { $0.catalogs.values.map(\.path) })
      .sorted()
    var fingerprints: [String: FileFingerprint] = [:]
    for file in loaded.flatMap(\.files.values) { fingerprints[file.path] = file.fingerprint }
    for catalog in loaded.flatMap(\.catalogs.values) { fingerprints[catalog.path] = catalog.fingerprint }
    var result = MergeResult(
      layers: loaded.map(\.layer), tables: tables, diagnostics: diagnostics, inputFiles: inputs,
      inputFingerprints: fingerprints, developmentLanguage: developmentLanguage)
    result.catalogs = mergedCatalogs.map(\.catalog)
    result.catalogOutput = options.catalogOutput
    return result
  }

  // MARK: - Private

  /// The inputs and outputs of a merge, found by scanning the layers without reading the files
  /// (`locmerge files`).
  /// - Parameters:
  ///   - layers: The stack, lowest first.
  ///   - options: The merge's options (only the excluded tables matter here).
  /// - Returns: Every table file, and the addresses of the merged tables, both sorted.
  public static func plannedFiles(_ layers: [Layer], options: MergeOptions = MergeOptions())
    -> (inputs: [String], outputs: [TableAddress])
  {
    let planned = plan(layers, options: options)
    return (planned.inputs, planned.outputs)
  }

  /// The inputs and outputs of a merge, found by scanning the layers without reading the files,
  /// and what the scan skipped. Where a layer holds String Catalogs, the layers are read and
  /// merged to know what the catalogs write: the languages a catalog compiles to depend on its
  /// content (as for Xcode's own dry run).
  /// - Parameters:
  ///   - layers: The stack, lowest first.
  ///   - options: The merge's options: excluded tables are left out, links from a layer into
  ///     its destination are skipped, and ``MergeOptions/catalogOutput`` says what catalogs write.
  /// - Returns: Every table and catalog file and the addresses of the merged tables (for a merged
  ///   catalog, the catalog's address), both sorted, and the scan's warnings.
  public static func plan(_ layers: [Layer], options: MergeOptions = MergeOptions()) -> PlannedFiles {
    plan(layers, options: options) { LayerScanner.scan($0, skippingLinksInto: options.destination) }
  }

  /// ``plan(_:options:)`` with the layers' scans given, so that planning many targets scans each
  /// shared layer once.
  package static func plan(_ layers: [Layer], options: MergeOptions, scan: (Layer) -> LayerScan) -> PlannedFiles {
    let scans = layers.map(scan)
    let scanned = scans.map { scan in scan.tables.filter { !options.excludes($0.key.relativePath) } }
    let catalogs = scans.map { scan in scan.catalogs.filter { !options.excludes($0.key.relativePath) } }
    let inputs = (scanned.flatMap(\.values) + catalogs.flatMap(\.values)).sorted()
    let diagnostics = scans.flatMap(\.diagnostics)
    guard catalogs.contains(where: { !$0.isEmpty }) else {
      let (aligned, _) = alignAddresses(scanned, orders: scanned.map { $0.keys.sorted() }, layers: layers)
      return PlannedFiles(inputs: inputs, outputs: aligned.keys.sorted(), diagnostics: diagnostics)
    }
    let result = merge(loaded: LoadedLayer.load(layers, options: options), options: options)
    let outputs = OutputFile.files(for: result).compactMap { file in
      TableAddress(relativePath: file.relativePath) ?? TableAddress(catalogPath: file.relativePath)
    }
    return PlannedFiles(inputs: inputs, outputs: outputs.sorted(), diagnostics: diagnostics)
  }

  /// The files a merge reads, found by scanning the layers without reading them.
  /// - Parameters:
  ///   - layers: The stack, lowest first.
  ///   - options: The merge's options: excluded tables are left out, and links from a layer into
  ///     its destination are skipped.
  /// - Returns: Every table and catalog file, sorted.
  public static func plannedInputs(_ layers: [Layer], options: MergeOptions = MergeOptions()) -> [String] {
    let scans = layers.map { LayerScanner.scan($0, skippingLinksInto: options.destination) }
    return scans.flatMap { scan in
      Array(scan.tables.filter { !options.excludes($0.key.relativePath) }.values)
        + Array(scan.catalogs.filter { !options.excludes($0.key.relativePath) }.values)
    }.sorted()
  }

  /// Which file of which layer feeds each output address. Language folders that differ only in
  /// case (`zh-Hans`, `zh-hans`) are one language, spelled as the lowest layer spells it.
  /// - Parameter orders: Each layer's addresses of `files`, sorted.
  private static func alignAddresses<File>(_ files: [[TableAddress: File]], orders: [[TableAddress]], layers: [Layer])
    -> ([TableAddress: [(Int, File)]], [Diagnostic])
  {
    var canonicalLanguage: [LanguageFolding: String] = [:]
    var sources: [TableAddress: [(Int, File)]] = [:]
    var diagnostics: [Diagnostic] = []
    var reported: Set<String> = []
    for (layerIndex, layerFiles) in files.enumerated() {
      for address in orders[layerIndex] {
        guard let file = layerFiles[address] else { continue }
        let folding = LanguageFolding(directory: address.directory, language: lowercased(address.language))
        let spelling = canonicalLanguage[folding] ?? address.language
        canonicalLanguage[folding] = spelling
        guard spelling != address.language else {
          sources[address, default: []].append((layerIndex, file))
          continue
        }
        let folded = "\(folding.directory)/\(folding.language)"
        if reported.insert("\(layerIndex)/\(folded)/\(address.language)").inserted {
          let folder = address.directory.isEmpty ? "" : address.directory + "/"
          diagnostics.append(
            Diagnostic(
              .warning, .languageCaseConflict,
              "language folder '\(address.language).lproj' differs only in case from '\(spelling).lproj'; they are "
                + "merged as '\(spelling)', but on a case-sensitive file system they would be two languages",
              at: SourceLocation(path: "\(layers[layerIndex].path)/\(folder)\(address.language).lproj")))
        }
        sources[address.inLanguage(spelling), default: []].append((layerIndex, file))
      }
    }
    return (sources, diagnostics)
  }

  /// The language lowercased; an ASCII name without capitals as it is, without making a string.
  private static func lowercased(_ language: String) -> String {
    language.utf8.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
      ? language.lowercased() : language
  }

  private static func mergeTable(_ address: TableAddress, sources: [(Int, ParsedFile)], layerNames: [String])
    -> MergedTable
  {
    guard let (lowestLayer, lowestFile) = sources.first else {
      return MergedTable(address: address, table: LocalizationTable(), provenance: [], sources: [], layerIndexes: [])
    }
    // The lowest file's table stays as it is, shared with every merge over the same layers, and
    // its records are made when read; only what the layers above change is kept per merge. Keys
    // stay bytes, and digests come from the inputs.
    let lowest = lowestFile.table
    let source = MergedTable.LowestFile(layerIndex: lowestLayer, layer: layerNames[lowestLayer], path: lowestFile.path)
    var patch = TablePatch(capacity: sources.dropFirst().reduce(0) { $0 + $1.1.table.count })
    for (layerIndex, file) in sources.dropFirst() {
      let layerName = layerNames[layerIndex]
      let input = file.table
      for position in input.entries.indices {
        let entry = input.entries[position]
        let digest = input.digest(at: position)
        let definition = Definition(layerIndex: layerIndex, layer: layerName, file: file.path, entry: entry)
        if let below = lowest.index(ofKeyOf: entry, digest: digest) {
          patch.change(below, from: { (lowest.entries[below], source.record(of: lowest.entries[below])) }) {
            current, record in
            current = withComment(of: current, ifMissingIn: entry) ?? entry
            override(&record, with: definition)
          }
          continue
        }
        let (index, previous) = patch.added.upsertReturningIndex(entry, digest: digest)
        guard let previous else {
          patch.addedRecords.append(
            KeyProvenance(status: layerIndex == 0 ? .inherited : .added, winner: definition, shadowed: []))
          continue
        }
        if let commented = withComment(of: previous, ifMissingIn: entry) {
          _ = patch.added.upsertReturningIndex(commented, digest: digest)
        }
        override(&patch.addedRecords[index], with: definition)
      }
    }
    return MergedTable(
      address: address, lowest: lowest, file: source, patch: patch, sources: sources.map(\.1.path),
      layerIndexes: sources.map(\.0))
  }

  /// An override without a comment keeps the translator context of what it replaces: the
  /// override with the replaced entry's comment, or `nil` when it keeps its own.
  private static func withComment(of previous: LocalizationEntry, ifMissingIn entry: LocalizationEntry)
    -> LocalizationEntry?
  {
    guard previous.mayHaveComment, !entry.hasComment, let comment = previous.comment else { return nil }
    var commented = entry
    commented.comment = comment
    return commented
  }

  /// Makes `definition` the winner of a key's record, what it replaces the first shadowed.
  private static func override(_ record: inout KeyProvenance, with definition: Definition) {
    record.shadowed.insert(record.winner, at: 0)
    record.winner = definition
    record.status = record.shadowed[0].entry.hasSameValue(as: definition.entry) ? .redundant : .overridden
  }

  /// Diagnostics grouped by file and in line order, so output is stable and easy to scan; the
  /// sort is stable, so problems at one place keep the order in which they were found.
  static func sortedByLocation(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element.location, rhs.element.location)
      if a?.path != b?.path { return (a?.path ?? "").utf8.lexicographicallyPrecedes((b?.path ?? "").utf8) }
      let (pa, pb) = (a?.position ?? TextPosition(line: 0, column: 0), b?.position ?? TextPosition(line: 0, column: 0))
      if pa != pb { return pa < pb }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// `en` if the base has it; else the language whose base tables hold the most keys (the one
  /// the others are translated from), English variants first on a tie; else `Base`; else the
  /// source language of the base's catalogs.
  private static func pickDevelopmentLanguage(_ base: LoadedLayer?) -> String? {
    if base?.files.isEmpty ?? true,
      let catalog = base?.catalogs.keys.sorted().lazy.compactMap({ base?.catalogs[$0]?.catalog }).first
    {
      return catalog.sourceLanguage
    }
    var keys: [String: Int] = [:]
    for (address, file) in base?.files ?? [:] { keys[address.language, default: 0] += file.table.count }
    if keys["en"] != nil { return "en" }
    let candidates = keys.keys.filter { $0 != "Base" }.sorted { lhs, rhs in
      let (lhsKeys, rhsKeys) = (keys[lhs] ?? 0, keys[rhs] ?? 0)
      if lhsKeys != rhsKeys { return lhsKeys > rhsKeys }
      let (lhsEnglish, rhsEnglish) = (
        lhs.hasPrefix("en-") || lhs.hasPrefix("en_"), rhs.hasPrefix("en-") || rhs.hasPrefix("en_")
      )
      if lhsEnglish != rhsEnglish { return lhsEnglish }
      return lhs < rhs
    }
    return candidates.first ?? (keys["Base"] != nil ? "Base" : nil)
  }
}

/// A folder's language with case folded: `zh-Hans.lproj` and `zh-hans.lproj` are one language.
private struct LanguageFolding: Hashable {
  var directory: String
  var language: String
}

/// The files a merge would read and write (``LayerMerger/plan(_:skippingLinksInto:)``).
public struct PlannedFiles: Sendable {
  /// Every table file of every layer, sorted.
  public var inputs: [String]
  /// The addresses of the merged tables, sorted.
  public var outputs: [TableAddress]
  /// What scanning the layers skipped, and layers without tables, as warnings.
  public var diagnostics: [Diagnostic]
}
