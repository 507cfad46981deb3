extension Extractor {
  /// Extracts the per-target copies an Xcode project records (`locmerge init --xcodeproj`), one
  /// table at a time: each family's copies are read from the files the project names, wherever
  /// they lie, and split as `extract` splits copies (``extract(loaded:options:)``).
  ///
  /// Families copied by the same targets are extracted together; what they share goes to
  /// ``Extraction/base`` when those are all the targets of every family, else to a layer of
  /// their own among ``Extraction/brands``, in the stacks of exactly those targets (named after
  /// them: `Acme+Globex`), since a table below a target that lacks it would reach its product.
  /// Each target's overlay holds what it has of its own in every family. The whole result is
  /// checked as `extract` checks it: every target's stack merges back into all its copies.
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
    var used = Set(([ExtractionOptions.baseName] + names).map { $0.lowercased() })
    for members in sets {
      let tables = tablesOfSet[members] ?? []
      let part = split(
        members.compactMap { name in index[name].map { copies[$0].only(tables) } },
        options: ExtractionOptions())
      if members == names {
        extraction.base.tables.merge(part.base.tables) { first, _ in first }
        extraction.base.catalogs.merge(part.base.catalogs) { first, _ in first }
      } else if !part.base.isEmpty {
        var shared = part.base
        shared.name = sharedLayerName(members, used: &used, number: extraction.brands.count + 1)
        shared.role = .brand
        extraction.brands.append(shared)
        extraction.options.groups.append(ExtractionOptions.Group(name: shared.name, members: members))
      }
      for overlay in part.targets {
        guard let target = index[overlay.name] else { continue }
        extraction.targets[target].tables.merge(overlay.tables) { first, _ in first }
        extraction.targets[target].catalogs.merge(overlay.catalogs) { first, _ in first }
      }
      extraction.report.absorb(part.report)
    }
    extraction.report.baseEntries = extraction.base.entryCount
    extraction.report.brandEntries = extraction.brands.map { ($0.name, $0.entryCount) }
    finish(&extraction, copies: copies)
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

  /// The folder of a layer shared by some targets only: their names joined by `+` when that is
  /// short and free, else `Shared-<n>`.
  private static func sharedLayerName(_ members: [String], used: inout Set<String>, number: Int) -> String {
    let joined = members.joined(separator: "+")
    var name =
      members.count <= 3 && joined.count <= 60 && FolderName.problem(joined) == nil ? joined : "Shared-\(number)"
    var suffix = 2
    while used.contains(name.lowercased()) {
      name = "Shared-\(number)-\(suffix)"
      suffix += 1
    }
    used.insert(name.lowercased())
    return name
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

extension ExtractionReport {
  /// Adds what the extraction of some targets' tables found to the report of all targets.
  fileprivate mutating func absorb(_ part: ExtractionReport) {
    for summary in part.targets {
      guard let index = targets.firstIndex(where: { $0.name == summary.name }) else { continue }
      targets[index].inherited += summary.inherited
      targets[index].overridden += summary.overridden
      targets[index].added += summary.added
    }
    missingTables += part.missingTables
    missingKeys += part.missingKeys
    perTargetKeys += part.perTargetKeys
    lookAlikeValues += part.lookAlikeValues
  }
}
