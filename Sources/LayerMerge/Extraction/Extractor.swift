/// Turns N full per-target copies of the localization tables into a base, optional brands and
/// one thin overlay per target, and proves that each target merges back into its copy.
///
/// Rules (docs/migrating.md):
/// - A key goes to the base when every target has it, with the value most targets use (ties: the
///   preferred target's value, else the earliest target's; a key where every target has its own
///   value stays in the overlays). A brand does the same for its targets, above the base.
/// - What targets still need beyond the base and brands, the targets that need the same value
///   get once from a layer of exactly theirs, after the brands in their stacks.
/// - An overlay holds only the keys whose value no other target needs alike. Overlays cannot
///   delete, so nothing a target lacks is ever put below it.
/// - The base keeps the most common comment of each key, an overlay its own only where it
///   differs; shared tables follow the most common order of their keys, overlays their copy's.
/// - Before anything can be written, every target is merged back from the rendered files with
///   ``LayerMerger`` and compared with its copy: the same tables, keys and values.
public enum Extractor {
  /// Reads the copies and extracts the layers.
  /// - Parameters:
  ///   - copies: One folder per target, holding that target's full tables; the layer's name is
  ///     the target's name.
  ///   - options: Brands and the preferred target.
  /// - Returns: The layers, the report, and every problem (check ``Extraction/hasErrors``).
  public static func extract(_ copies: [Layer], options: ExtractionOptions = ExtractionOptions()) -> Extraction {
    extract(loaded: LoadedLayer.load(copies, options: MergeOptions(), keeping: options.counts), options: options)
  }

  /// Extracts the layers from copies that are already loaded.
  /// - Parameters:
  ///   - copies: One loaded folder per target.
  ///   - options: Brands and the preferred target.
  /// - Returns: The layers, the report, and every problem (check ``Extraction/hasErrors``).
  public static func extract(loaded copies: [LoadedLayer], options: ExtractionOptions = ExtractionOptions())
    -> Extraction
  {
    var extraction = split(copies, options: options)
    guard !extraction.hasErrors else { return extraction }
    finish(&extraction, copies: copies)
    return extraction
  }

  /// The layers and the report's counts and lists, not yet rendered or checked.
  static func split(_ copies: [LoadedLayer], options: ExtractionOptions) -> Extraction {
    let names = copies.map(\.layer.name)
    var extraction = Extraction(
      base: ExtractedLayer(name: ExtractionOptions.baseName, role: .base),
      brands: options.groups.map { ExtractedLayer(name: $0.name, role: .brand) },
      targets: names.map { ExtractedLayer(name: $0, role: .target) }, options: options,
      report: ExtractionReport(), diagnostics: problems(copies, options: options), files: [], errorsInCopies: [])
    // A copy the runtime reads differently from its text (or not at all) cannot be moved exactly.
    guard !extraction.hasErrors else { return extraction }

    let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var brandOfTarget = [Int?](repeating: nil, count: names.count)
    for (brand, group) in options.groups.enumerated() {
      for member in group.members { brandOfTarget[index[member] ?? 0] = brand }
    }
    let scopes = TableExtraction.Scopes(
      targetNames: names, brandMembers: options.groups.map { $0.members.compactMap { index[$0] }.sorted() },
      preferred: options.preferred.flatMap { index[$0] }, brandOfTarget: brandOfTarget)
    // A table some target holds as a catalog and another as .strings/.stringsdict is not shared
    // below a target that holds the other kind: the merge would fold one into the other.
    let legacyNames = Set(copies.flatMap { $0.files.keys.map { [$0.directory, $0.table] } })
    var holdersByName: [[String]: Set<Int>] = [:]
    for (target, copy) in copies.enumerated() {
      for address in copy.catalogs.keys {
        holdersByName[[address.languageFoldersDirectory, address.table], default: []].insert(target)
      }
    }
    let catalogHolders = holdersByName
    let addresses = Set(copies.flatMap(\.files.keys)).sorted()
    let parts = addresses.concurrentMap { address in
      (
        address,
        TableExtraction(
          address: address, tables: copies.map { $0.files[address]?.table },
          catalogHolders: catalogHolders[[address.directory, address.table]] ?? [], scopes: scopes)
      )
    }
    let catalogAddresses = Set(copies.flatMap(\.catalogs.keys)).sorted()
    let catalogParts = catalogAddresses.concurrentMap { address in
      (
        address,
        CatalogExtraction(
          address: address, catalogs: copies.map { $0.catalogs[address]?.catalog },
          shareable: !legacyNames.contains([address.languageFoldersDirectory, address.table]), scopes: scopes)
      )
    }

    var report = ExtractionReport()
    report.targets = names.indices.map {
      ExtractionReport.TargetSummary(name: names[$0], brand: brandOfTarget[$0].map { options.groups[$0].name })
    }
    // The layers shared by sets of targets, by their ascending target indexes.
    var shared: [[Int]: ExtractedLayer] = [:]
    for (address, part) in parts {
      if let table = part.base { extraction.base.tables[address] = table }
      for (brand, table) in part.brands.enumerated() {
        if let table { extraction.brands[brand].tables[address] = table }
      }
      for (members, table) in part.shared {
        shared[members, default: ExtractedLayer(name: "", role: .brand)].tables[address] = table
      }
      for (target, table) in part.targets.enumerated() {
        if let table { extraction.targets[target].tables[address] = table }
      }
      report.add(part.counts, missingTable: part.missingTable, missingKeys: part.missingKeys)
      report.perTargetKeys += part.perTargetKeys
      report.lookAlikeValues += part.lookAlikeValues
    }
    for (address, part) in catalogParts {
      if let catalog = part.base { extraction.base.catalogs[address] = catalog }
      for (brand, catalog) in part.brands.enumerated() {
        if let catalog { extraction.brands[brand].catalogs[address] = catalog }
      }
      for (members, catalog) in part.shared {
        shared[members, default: ExtractedLayer(name: "", role: .brand)].catalogs[address] = catalog
      }
      for (target, catalog) in part.targets.enumerated() {
        if let catalog { extraction.targets[target].catalogs[address] = catalog }
      }
      report.add(part.counts, missingTable: part.missingTable, missingKeys: part.missingKeys)
    }
    // Above the brands (a shared layer may span brands, and gives its targets their own values),
    // the larger sets first; a target's stack takes them in this order.
    var used = Set(([ExtractionOptions.baseName] + names + options.groups.map(\.name)).map { $0.lowercased() })
    for members in shared.keys.sorted(by: Self.largerSetFirst) {
      guard var layer = shared[members] else { continue }
      let memberNames = members.map { names[$0] }
      layer.name = sharedLayerName(memberNames, used: &used, number: extraction.brands.count + 1)
      extraction.brands.append(layer)
      extraction.options.groups.append(ExtractionOptions.Group(name: layer.name, members: memberNames))
    }
    report.baseEntries = extraction.base.entryCount
    report.brandEntries = extraction.brands.map { ($0.name, $0.entryCount) }
    extraction.report = report
    return extraction
  }

  /// What keeps copies from being extracted: names that cannot be layer folders, options that
  /// cannot work, and every problem reading the copies, sorted by place.
  /// A file several copies hold (the same files in several targets of an Xcode project) is
  /// reported once.
  static func problems(_ copies: [LoadedLayer], options: ExtractionOptions) -> [Diagnostic] {
    var lists = [options.problems(targets: copies.map(\.layer.name)).map { Diagnostic(.error, .invalidLayer, $0) }]
    for copy in copies {
      var diagnostics = copy.diagnostics
      for address in copy.files.keys.sorted() { diagnostics += copy.files[address]?.diagnostics ?? [] }
      for address in copy.catalogs.keys.sorted() { diagnostics += copy.catalogs[address]?.diagnostics ?? [] }
      lists.append(diagnostics + catalogsBesideTables(in: copy))
    }
    return Diagnostic.once(lists)
  }

  /// Renders the layers (an empty base kept by its placeholder), sizes the copies and the
  /// overlays, says why the base is empty if it is, and checks that every target's stack merges
  /// back into its copy, collecting what `build` would refuse.
  /// - Parameters:
  ///   - extraction: The layers, with ``Extraction/report`` listing the targets in their order.
  ///   - copies: Each target's whole copy, in the order of ``Extraction/targets``.
  static func finish(_ extraction: inout Extraction, copies: [LoadedLayer]) {
    for (target, copy) in copies.enumerated() {
      extraction.report.targets[target].copyEntries =
        copy.files.values.reduce(0) { $0 + $1.table.count }
        + copy.catalogs.values.reduce(0) { $0 + ($1.catalog?.entries.count ?? 0) }
      extraction.report.targets[target].copyBytes =
        copy.files.values.reduce(0) { $0 + Int($1.fingerprint?.size ?? 0) }
        + copy.catalogs.values.reduce(0) { $0 + Int($1.fingerprint?.size ?? 0) }
    }
    if extraction.base.isEmpty { extraction.report.emptyBase = ExtractionReport.EmptyBase.cause(copies) }
    let layers = [extraction.base] + extraction.brands + extraction.targets
    let rendered = layers.concurrentMap { $0.files }
    for (target, files) in rendered.suffix(extraction.targets.count).enumerated() {
      extraction.report.targets[target].overlayBytes = files.reduce(0) { $0 + $1.bytes.count }
    }
    extraction.files = rendered.flatMap { $0 }
    if extraction.base.isEmpty {
      // The project file names the base: its folder must exist even when nothing is shared.
      extraction.files.insert(
        OutputFile(relativePath: extraction.base.name + "/" + Extraction.placeholderName, bytes: []), at: 0)
    }
    let check = ExtractionCheck.problems(extraction, layerFiles: rendered, copies: copies)
    extraction.diagnostics += check.mismatches
    extraction.errorsInCopies = check.errorsInCopies
  }

  /// Whether a set of targets (ascending indexes) comes before another: the larger first, then
  /// the one whose targets come first.
  static func largerSetFirst(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    lhs.count != rhs.count ? lhs.count > rhs.count : lhs.lexicographicallyPrecedes(rhs)
  }

  /// The folder of a layer shared by some targets only: their names joined by `+` when that is
  /// short and free, else `Shared-<n>`.
  static func sharedLayerName(_ members: [String], used: inout Set<String>, number: Int) -> String {
    let joined = members.joined(separator: "+")
    var name =
      members.count <= 3 && joined.count <= 60 && FolderName.problem(joined) == nil
        && !used.contains(joined.lowercased()) ? joined : "Shared-\(number)"
    var suffix = 2
    while used.contains(name.lowercased()) {
      name = "Shared-\(number)-\(suffix)"
      suffix += 1
    }
    used.insert(name.lowercased())
    return name
  }

  // MARK: - Private

  /// A copy that holds a catalog and `.strings`/`.stringsdict` tables of its name cannot be
  /// extracted: Xcode refuses both in one target, and a merge reads such tables into the catalog,
  /// so no layers would give them back apart.
  private static func catalogsBesideTables(in copy: LoadedLayer) -> [Diagnostic] {
    var tablesByName: [[String]: [TableAddress]] = [:]
    for address in copy.files.keys { tablesByName[[address.directory, address.table], default: []].append(address) }
    return copy.catalogs.keys.sorted().compactMap { address in
      guard let tables = tablesByName[[address.languageFoldersDirectory, address.table]] else { return nil }
      let names = tables.map(\.relativePath).sorted()
      let listed = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
      return Diagnostic(
        .error, .tablesBesideCatalog,
        "copy '\(copy.layer.name)' holds both the catalog \(address.relativePath) and its tables \(listed): Xcode "
          + "refuses both in one target, and layers cannot give them back apart; keep the catalog or the tables",
        at: SourceLocation(path: copy.catalogs[address]?.path ?? copy.layer.path + "/" + address.relativePath))
    }
  }
}
