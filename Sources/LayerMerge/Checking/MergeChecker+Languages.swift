extension MergeChecker {
  /// Every key of a development-language table should be in the same table of every other
  /// language of its folder. A warning says which languages lack what and sits on the file to
  /// edit: the other language's table in the layer that added the keys to the development
  /// language — or, for a language only overlays have, in the first overlay that has it (a
  /// folder only overlays have is compared within those overlays). Languages that lack the same
  /// keys of the same layer are one warning (``MissingTranslationGroups``).
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
      // Each language's tables, and the first layer that has the language when the base does not
      // (its translations go there: the base would ship a partial language to every target).
      let languageTables = Dictionary(
        uniqueKeysWithValues: languages.map { language in (language, group.filter { $0.address.language == language }) }
      )
      let onlyIn = Dictionary(
        uniqueKeysWithValues: languages.map { language -> (String, Int?) in
          let present = Set((languageTables[language] ?? []).flatMap(\.layerIndexes)).sorted()
          return (language, baseHasFolder && !present.contains(0) ? present.first : nil)
        })
      for source in development {
        // The layer that introduced each key, and how many keys each layer introduced.
        let layerOfEach = layers.count == 1 ? Array(repeating: 0, count: source.count) : source.introducingLayers
        var introduced: [Int: Int] = [:]
        for layer in layerOfEach { introduced[layer, default: 0] += 1 }
        var lacks = MissingTranslationGroups()
        for language in languages {
          let address = source.address.inLanguage(language)
          let target = languageTables[language]?.first { $0.address == address }
          // Positions of the missing keys; only the few shown become strings.
          let missing = missingKeys(of: source, in: target)
          guard !missing.isEmpty else { continue }
          var byLayer: [Int: [Int]] = [:]
          for index in missing { byLayer[layerOfEach[index], default: []].append(index) }
          for layer in byLayer.keys.sorted() {
            let home = onlyIn[language].flatMap { $0 } ?? layer
            lacks.add(
              language: language, layer: layer, missing: byLayer[layer] ?? [], tableExists: target != nil,
              location: location(of: address, in: home, target: target))
          }
        }
        for lack in lacks.groups {
          diagnostics.append(
            Diagnostic(
              .warning, .missingTranslation, message(lack, of: introduced[lack.layer] ?? 0, in: source),
              at: lack.location))
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

  /// For one language, "de.lproj/X.strings lacks 3 of the 8 keys that layer 'Base' has in
  /// en.lproj/X.strings ("a", "b", "c", …)", or, when it has no such table, "de.lproj has no
  /// X.strings: the 8 keys … have no de translation"; for several, "3 of the 8 keys that layer
  /// 'Base' has in en.lproj/X.strings ("a", "b", "c", …) are missing in 4 languages: de, fr, it, ja".
  private func message(_ lack: MissingTranslationGroups.Group, of total: Int, in source: MergedTable) -> String {
    let origin =
      MissingTranslationGroups.origin(layer: lack.layer, name: layers[lack.layer].name)
      + (lack.layer == 0 ? " in " : " to ") + source.address.relativePath
    let shown = MissingTranslationGroups.shown(
      lack.missing.prefix(3).map { source.entry(at: $0).key }, of: lack.missing.count)
    let keys = MissingTranslationGroups.keys(missing: lack.missing.count, of: total)
    let table = "\(source.address.table).\(source.address.kind.fileExtension)"
    guard lack.languages.count == 1, let language = lack.languages.first else {
      let verb = lack.missing.count == 1 ? "is" : "are"
      let without = lack.tableExists ? "" : ", which have no \(table)"
      return "\(keys.capitalizedFirst) \(origin) (\(shown)) \(verb) missing in \(lack.languages.count) languages"
        + "\(without): \(lack.languages.joined(separator: ", "))"
    }
    let address = source.address.inLanguage(language)
    guard lack.tableExists else {
      let folder = (address.directory.isEmpty ? "" : address.directory + "/") + "\(language).lproj"
      let all = total == 1 ? "the key" : "the \(total) keys"
      return "\(folder) has no \(table): \(all) \(origin) (\(shown)) \(total == 1 ? "has" : "have") no \(language) "
        + "translation"
    }
    return "\(address.relativePath) lacks \(keys) \(origin) (\(shown))"
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
