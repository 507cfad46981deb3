extension MergeChecker {
  /// Every key of a development-language table should be in the same table of every other
  /// language of its folder. A warning says which language lacks what and sits on the file to
  /// edit: the other language's table in the layer that added the keys to the development
  /// language (a folder only overlays have is compared within those overlays).
  mutating func checkLanguages() {
    guard let developmentLanguage else { return }
    var byDirectory: [String: [MergedTable]] = [:]
    // Catalogs have their own check, against their source language.
    for table in tables where !table.address.isCatalog {
      byDirectory[table.address.directory, default: []].append(table)
    }
    for directory in byDirectory.keys.sorted() {
      let group = byDirectory[directory] ?? []
      let development = group.filter { $0.address.language == developmentLanguage }.sorted { $0.address < $1.address }
      guard !development.isEmpty else { continue }
      let baseHasFolder = group.contains { $0.layerIndexes.contains(0) }
      var tablesByLanguage: [String: [MergedTable]] = [:]
      var tableAt: [TableAddress: MergedTable] = [:]
      for table in group {
        tablesByLanguage[table.address.language, default: []].append(table)
        tableAt[table.address] = table
      }
      let languages = tablesByLanguage.keys.filter { $0 != developmentLanguage && $0 != "Base" }.sorted()
      // The layer that introduced each key of each development-language table, and each layer's
      // keys in order, worked out once for all languages.
      let sources = development.map { source in
        DevelopmentKeys(source, layers: layers.count == 1 ? Array(repeating: 0, count: source.count) : nil)
      }
      for language in languages {
        let languageTables = tablesByLanguage[language] ?? []
        let languageLayers = Set(languageTables.flatMap(\.layerIndexes)).sorted()
        let overlayOnly = baseHasFolder && !languageLayers.contains(0)
        for source in sources {
          let address = source.table.address.inLanguage(language)
          let target = tableAt[address]
          let missing = missingKeys(of: source, in: target)
          guard !missing.isEmpty else { continue }
          if overlayOnly {
            let layer = languageLayers[0]
            let names = languageLayers.map { "'\(layers[$0].name)'" }.joined(separator: ", ")
            let shown = Array(missing.values.flatMap(\.shown).sorted().prefix(3))
            diagnostics.append(
              Diagnostic(
                .warning, .overlayOnlyLanguage,
                "language '\(language)' exists only in layer\(languageLayers.count == 1 ? "" : "s") \(names), not in "
                  + "the base: "
                  + lack(
                    language: language, address: address, tableExists: target != nil,
                    missing: (missing.values.reduce(0) { $0 + $1.count }, shown), of: source.table.count,
                    in: source.table, origin: "of \(source.table.address.relativePath)"),
                at: location(of: address, in: layer, target: target)))
            continue
          }
          for layer in missing.keys.sorted() {
            let origin: String
            if layers.count == 1 {
              origin = "of \(source.table.address.relativePath)"
            } else if layer == 0 {
              origin = "that layer '\(layers[layer].name)' has in \(source.table.address.relativePath)"
            } else {
              origin = "that layer '\(layers[layer].name)' adds to \(source.table.address.relativePath)"
            }
            diagnostics.append(
              Diagnostic(
                .warning, .missingTranslation,
                lack(
                  language: language, address: address, tableExists: target != nil, missing: missing[layer] ?? (0, []),
                  of: source.positionsByLayer[layer]?.count ?? 0, in: source.table, origin: origin),
                at: location(of: address, in: layer, target: target)))
          }
        }
      }
    }
  }

  /// A development-language table with the layer that introduced each key, and each layer's keys
  /// in order.
  private struct DevelopmentKeys {
    let table: MergedTable
    let layerOfEach: [Int]
    let positionsByLayer: [Int: [Int]]

    init(_ table: MergedTable, layers: [Int]?) {
      self.table = table
      layerOfEach = layers ?? table.introducingLayers
      var positions: [Int: [Int]] = [:]
      for (index, layer) in layerOfEach.enumerated() { positions[layer, default: []].append(index) }
      positionsByLayer = positions
    }
  }

  /// How many keys of `source` `target` lacks, by the layer that introduced them, with the first
  /// three of each. The work is in proportion to the smaller of what `target` has and what it
  /// lacks, never the development table once per language: from the keys it has when it has few,
  /// else from the keys it lacks (its base file's, found once for every merge that shares it).
  private func missingKeys(of source: DevelopmentKeys, in target: MergedTable?) -> [Int: (count: Int, shown: [Int])] {
    var missing: [Int: (count: Int, shown: [Int])] = [:]
    guard let target else {
      for (layer, positions) in source.positionsByLayer {
        missing[layer] = (positions.count, Array(positions.prefix(3)))
      }
      return missing
    }
    let table = source.table
    if target.count * 2 < table.count {
      var present: [Int: Set<Int>] = [:]
      for index in 0..<target.count {
        guard let position = table.index(ofKeyOf: target.entry(at: index), digest: target.digest(at: index)) else {
          continue
        }
        present[source.layerOfEach[position], default: []].insert(position)
      }
      for (layer, positions) in source.positionsByLayer {
        let found = present[layer] ?? []
        guard positions.count > found.count else { continue }
        missing[layer] = (positions.count - found.count, Array(positions.lazy.filter { !found.contains($0) }.prefix(3)))
      }
      return missing
    }
    for position in absentKeys(of: table, in: target) {
      let layer = source.layerOfEach[position]
      var entry = missing[layer] ?? (0, [])
      entry.count += 1
      if entry.shown.count < 3 { entry.shown.append(position) }
      missing[layer] = entry
    }
    return missing
  }

  /// The positions of the keys of `source` that `target` lacks, in order.
  private func absentKeys(of source: MergedTable, in target: MergedTable) -> [Int] {
    let absent = { (index: Int) in
      target.index(ofKeyOf: source.entry(at: index), digest: source.digest(at: index), hint: index) == nil
    }
    guard let shared, source.layerIndexes.first == 0, target.layerIndexes.first == 0,
      let sourceFile = file(at: source.sources[0], of: source.address, in: 0),
      let targetFile = file(at: target.sources[0], of: target.address, in: 0)
    else { return (0..<source.count).filter(absent) }
    // Both tables start with their base file's keys, in its order. A base key the other base
    // file has is in the merged table too; only the others, and keys overlays add, can be missing.
    let baseMissing = shared.missingKeys.value(sourceFile.path + "\u{0}" + targetFile.path) {
      sourceFile.table.entries.indices.filter { index in
        targetFile.table.index(
          ofKeyOf: sourceFile.table.entries[index], digest: sourceFile.table.digest(at: index), hint: index) == nil
      }
    }
    return baseMissing.filter(absent) + (sourceFile.table.count..<source.count).filter(absent)
  }

  /// "de.lproj/X.strings lacks 3 of the 8 keys of en.lproj/X.strings ("a", "b", "c", …)", or,
  /// when the language has no such table, "de.lproj has no X.strings: the 8 keys … have no de
  /// translation".
  private func lack(
    language: String, address: TableAddress, tableExists: Bool, missing: (count: Int, shown: [Int]), of total: Int,
    in source: MergedTable, origin: String
  ) -> String {
    let shown =
      missing.shown.prefix(3).map { quoted(source.entry(at: $0).key) }.joined(separator: ", ")
      + (missing.count > 3 ? ", …" : "")
    if !tableExists {
      let folder = (address.directory.isEmpty ? "" : address.directory + "/") + "\(language).lproj"
      let keys = total == 1 ? "the key" : "the \(total) keys"
      return "\(folder) has no \(address.table).\(address.kind.fileExtension): \(keys) \(origin) (\(shown)) "
        + "\(total == 1 ? "has" : "have") no \(language) translation"
    }
    let count =
      missing.count == total ? (total == 1 ? "the key" : "all \(total) keys") : "\(missing.count) of the \(total) keys"
    return "\(address.relativePath) lacks \(count) \(origin) (\(shown))"
  }

  /// The file a person edits to add the missing keys: the layer's own table if it has one, else
  /// where that table would be.
  private func location(of address: TableAddress, in layer: Int, target: MergedTable?) -> SourceLocation {
    if let target, let position = target.layerIndexes.firstIndex(of: layer) {
      return SourceLocation(path: target.sources[position])
    }
    return SourceLocation(path: layers[layer].path + "/" + address.relativePath)
  }
}
