extension Extractor {
  /// Extracts the per-target copies an Xcode project records (`locmerge init --xcodeproj`), one
  /// table at a time: each family's copies are read from the files the project names, wherever
  /// they lie, and split as `extract` splits copies (``extract(loaded:options:)``).
  ///
  /// Families copied by the same targets are extracted together; what they all share goes to
  /// ``Extraction/base`` when those are all the targets of every family, else to a layer of
  /// their own among ``Extraction/brands``, in the stacks of exactly those targets (named after
  /// them: `Acme+Globex`), since a table below a target that lacks it would reach its product.
  /// What some of them share beyond that (the same files in several targets, an extension whose
  /// strings are the app's) goes once to the layer of exactly those targets; one set's layers
  /// from several families are one folder. Each target's overlay holds what no other target has
  /// with the same value. The whole result is checked as `extract` checks it: every target's
  /// stack merges back into all its copies.
  /// - Parameters:
  ///   - families: What the project copies per target (``TableFamilies``).
  ///   - sourceRoot: The folder the families' paths are relative to (`$(SRCROOT)`).
  /// - Returns: The layers, the report, and every problem (check ``Extraction/hasErrors``).
  public static func extract(_ families: TableFamilies, sourceRoot: String) -> Extraction {
    let names = families.targets
    let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let copies = loadCopies(families, names: names, index: index, sourceRoot: sourceRoot)
    var extraction = Extraction(
      base: ExtractedLayer(name: ExtractionOptions.baseName, role: .base), brands: [],
      targets: names.map { ExtractedLayer(name: $0, role: .target) }, options: ExtractionOptions(),
      report: ExtractionReport(), diagnostics: problems(copies, options: ExtractionOptions()), files: [],
      errorsInCopies: [])
    guard !extraction.hasErrors else { return extraction }

    // The families of each set of targets, in the order the sets first appear.
    var sets: [[String]] = []
    var tablesOfSet: [[String]: Set<String>] = [:]
    for family in families.families {
      if tablesOfSet[family.targets] == nil { sets.append(family.targets) }
      tablesOfSet[family.targets, default: []].insert(family.table)
    }
    extraction.report.targets = names.map { ExtractionReport.TargetSummary(name: $0) }
    // The layers of sets of targets (ascending indexes): what all targets of some families share
    // (below what some of them share, which is above the brands in ``split``), then the rest.
    var familyLayers: [[Int]: ExtractedLayer] = [:]
    var sharedLayers: [[Int]: ExtractedLayer] = [:]
    for members in sets {
      let tables = tablesOfSet[members] ?? []
      let part = split(
        members.compactMap { name in index[name].map { copies[$0].only(tables) } },
        options: ExtractionOptions())
      let indexes = members.compactMap { index[$0] }.sorted()
      if indexes.count == names.count {
        extraction.base.add(part.base)
      } else {
        familyLayers[indexes, default: ExtractedLayer(name: "", role: .brand)].add(part.base)
      }
      for (layer, group) in zip(part.brands, part.options.groups) {
        let shared = group.members.compactMap { index[$0] }.sorted()
        sharedLayers[shared, default: ExtractedLayer(name: "", role: .brand)].add(layer)
      }
      for overlay in part.targets {
        guard let target = index[overlay.name] else { continue }
        extraction.targets[target].add(overlay)
      }
      extraction.report.absorb(part.report)
    }
    var used = Set(([ExtractionOptions.baseName] + names).map { $0.lowercased() })
    let ordered =
      familyLayers.keys.sorted(by: largerSetFirst)
      + sharedLayers.keys.filter { familyLayers[$0] == nil }.sorted(by: largerSetFirst)
    for members in ordered {
      var layer = familyLayers[members] ?? ExtractedLayer(name: "", role: .brand)
      if let shared = sharedLayers[members] { layer.add(shared) }
      // A layer that holds nothing is not written.
      guard !layer.isEmpty else { continue }
      let memberNames = members.map { names[$0] }
      layer.name = sharedLayerName(memberNames, used: &used, number: extraction.brands.count + 1)
      extraction.brands.append(layer)
      extraction.options.groups.append(ExtractionOptions.Group(name: layer.name, members: memberNames))
    }
    extraction.report.baseEntries = extraction.base.entryCount
    extraction.report.brandEntries = extraction.brands.map { ($0.name, $0.entryCount) }
    finish(&extraction, copies: copies)
    // The project's development region, when the copies have it, is what Xcode shows untranslated:
    // left to pick by key counts, a merge without `en` could take another language (DuckDuckGo's `bg`).
    if let region = families.developmentRegion,
      families.families.contains(where: { $0.members.contains { $0.files[region] != nil } })
    {
      extraction.developmentLanguage = region
    }
    return extraction
  }

  // MARK: - Private

  /// Each target's copies of every family it is in, read from the files the project names.
  private static func loadCopies(
    _ families: TableFamilies, names: [String], index: [String: Int], sourceRoot: String
  ) -> [LoadedLayer] {
    var files: [LoadedLayer.FileToRead] = []
    for family in families.families {
      for member in family.members {
        guard let target = index[member.target] else { continue }
        for (language, path) in member.files.sorted(by: { $0.key < $1.key }) {
          let address =
            language == "*"
            ? TableAddress(catalogPath: family.table) : TableAddress(relativePath: "\(language).lproj/\(family.table)")
          if let address {
            files.append(LoadedLayer.FileToRead(layer: target, address: address, path: PathText.join(sourceRoot, path)))
          }
        }
      }
    }
    var copies = names.map { LoadedLayer(layer: Layer(name: $0, path: sourceRoot), files: [:]) }
    LoadedLayer.read(files, into: &copies)
    return copies
  }
}

extension LoadedLayer {
  /// The layer with only the tables and catalogs of these names (`Localizable.strings`).
  fileprivate func only(_ tables: Set<String>) -> LoadedLayer {
    LoadedLayer(
      layer: layer, files: files.filter { tables.contains(PathText.lastComponent($0.key.relativePath)) },
      catalogs: catalogs.filter { tables.contains(PathText.lastComponent($0.key.relativePath)) })
  }
}

extension ExtractedLayer {
  /// Takes another layer's tables and catalogs too (of other tables: extracted from other families).
  fileprivate mutating func add(_ other: ExtractedLayer) {
    tables.merge(other.tables) { first, _ in first }
    catalogs.merge(other.catalogs) { first, _ in first }
  }
}

extension ExtractionReport {
  /// Adds what the extraction of some targets' tables found to the report of all targets.
  fileprivate mutating func absorb(_ part: ExtractionReport) {
    for summary in part.targets {
      guard let index = targets.firstIndex(where: { $0.name == summary.name }) else { continue }
      targets[index].inherited += summary.inherited
      targets[index].overridden += summary.overridden
      targets[index].added += summary.added
      targets[index].ownEntries += summary.ownEntries
    }
    missingTables += part.missingTables
    missingKeys += part.missingKeys
    perTargetKeys += part.perTargetKeys
    lookAlikeValues += part.lookAlikeValues
  }
}
