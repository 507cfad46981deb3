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
      let languages = Set(group.map(\.address.language)).subtracting([developmentLanguage, "Base"]).sorted()
      // The layer that introduced each key of each development-language table, and how many
      // keys each layer introduced, worked out once for all languages.
      var introducedBy: [TableAddress: [Int]] = [:]
      var introducedCount: [TableAddress: [Int: Int]] = [:]
      for source in development {
        let layerOfEach = layers.count == 1 ? Array(repeating: 0, count: source.count) : source.introducingLayers
        introducedBy[source.address] = layerOfEach
        var counts: [Int: Int] = [:]
        for layer in layerOfEach { counts[layer, default: 0] += 1 }
        introducedCount[source.address] = counts
      }
      for language in languages {
        let languageTables = group.filter { $0.address.language == language }
        let languageLayers = Set(languageTables.flatMap(\.layerIndexes)).sorted()
        let overlayOnly = baseHasFolder && !languageLayers.contains(0)
        for source in development {
          let address = source.address.inLanguage(language)
          let target = languageTables.first { $0.address == address }
          // Positions of the missing keys; only the few shown become strings.
          let missing = missingKeys(of: source, in: target)
          guard !missing.isEmpty else { continue }
          if overlayOnly {
            let layer = languageLayers[0]
            let names = languageLayers.map { "'\(layers[$0].name)'" }.joined(separator: ", ")
            diagnostics.append(
              Diagnostic(
                .warning, .overlayOnlyLanguage,
                "language '\(language)' exists only in layer\(languageLayers.count == 1 ? "" : "s") \(names), not in "
                  + "the base: "
                  + lack(
                    language: language, address: address, tableExists: target != nil, missing: missing,
                    of: source.count, in: source, origin: "of \(source.address.relativePath)"),
                at: location(of: address, in: layer, target: target)))
            continue
          }
          let layerOfEach = introducedBy[source.address] ?? []
          let introduced = introducedCount[source.address] ?? [:]
          var byLayer: [Int: [Int]] = [:]
          for index in missing { byLayer[layerOfEach[index], default: []].append(index) }
          for layer in byLayer.keys.sorted() {
            let origin: String
            if layers.count == 1 {
              origin = "of \(source.address.relativePath)"
            } else if layer == 0 {
              origin = "that layer '\(layers[layer].name)' has in \(source.address.relativePath)"
            } else {
              origin = "that layer '\(layers[layer].name)' adds to \(source.address.relativePath)"
            }
            diagnostics.append(
              Diagnostic(
                .warning, .missingTranslation,
                lack(
                  language: language, address: address, tableExists: target != nil, missing: byLayer[layer] ?? [],
                  of: introduced[layer] ?? 0, in: source, origin: origin),
                at: location(of: address, in: layer, target: target)))
          }
        }
      }
    }
  }

  /// The positions of the keys of `source` that `target` lacks, in order.
  private func missingKeys(of source: MergedTable, in target: MergedTable?) -> [Int] {
    guard let target else { return Array(0..<source.count) }
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
    language: String, address: TableAddress, tableExists: Bool, missing: [Int], of total: Int, in source: MergedTable,
    origin: String
  ) -> String {
    let shown =
      missing.prefix(3).map { quoted(source.entry(at: $0).key) }.joined(separator: ", ")
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
