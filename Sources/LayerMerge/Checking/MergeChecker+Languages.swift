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
      // Each language's tables, found once (not by going through the folder's tables per language).
      var languageTables: [String: [MergedTable]] = [:]
      var tableAt: [TableAddress: MergedTable] = [:]
      for table in group {
        languageTables[table.address.language, default: []].append(table)
        tableAt[table.address] = table
      }
      let languages = languageTables.keys.filter { $0 != developmentLanguage && $0 != "Base" }.sorted()
      // The first layer that has the language when the base does not (its translations go there:
      // the base would ship a partial language to every target).
      let onlyIn = Dictionary(
        uniqueKeysWithValues: languages.map { language -> (String, Int?) in
          let present = Set((languageTables[language] ?? []).flatMap(\.layerIndexes)).sorted()
          return (language, baseHasFolder && !present.contains(0) ? present.first : nil)
        })
      for source in development {
        // The layer that introduced each key, and each layer's keys in order.
        let layerOfEach = layers.count == 1 ? Array(repeating: 0, count: source.count) : source.introducingLayers
        var keysByLayer: [Int: [Int]] = [:]
        for (index, layer) in layerOfEach.enumerated() { keysByLayer[layer, default: []].append(index) }
        var lacks = MissingTranslationGroups()
        for language in languages {
          let address = source.address.inLanguage(language)
          let target = tableAt[address]
          let missing = missingKeys(of: source, in: target, layerOfEach: layerOfEach, keysByLayer: keysByLayer)
          for layer in missing.keys.sorted() {
            guard let lack = missing[layer] else { continue }
            let home = onlyIn[language].flatMap { $0 } ?? layer
            lacks.add(
              language: language, layer: layer, lack: lack, tableExists: target != nil,
              location: location(of: address, in: home, target: target))
          }
        }
        for lack in lacks.groups {
          diagnostics.append(
            Diagnostic(
              .warning, .missingTranslation, message(lack, of: keysByLayer[lack.layer]?.count ?? 0, in: source),
              at: lack.location))
        }
      }
    }
  }

  /// What `target` lacks of the keys of `source`, by the layer that introduced them. The work is
  /// in proportion to the smaller of what `target` has and what it lacks, never the development
  /// table once per language: from the keys it has when it has few, else from the keys it lacks
  /// (its base file's, found once for every merge that shares it).
  private func missingKeys(
    of source: MergedTable, in target: MergedTable?, layerOfEach: [Int], keysByLayer: [Int: [Int]]
  ) -> [Int: MissingTranslationGroups.Lack] {
    var lacks: [Int: MissingTranslationGroups.Lack] = [:]
    guard let target, target.count * 2 >= source.count else {
      // Few keys: look each one up in the development table.
      var present: [Int: Set<Int>] = [:]
      for index in 0..<(target?.count ?? 0) {
        guard let target,
          let position = source.index(ofKeyOf: target.entry(at: index), digest: target.digest(at: index))
        else { continue }
        present[layerOfEach[position], default: []].insert(position)
      }
      for (layer, keys) in keysByLayer where keys.count > present[layer]?.count ?? 0 {
        lacks[layer] = MissingTranslationGroups.Lack(layerKeys: keys, present: present[layer] ?? [])
      }
      return lacks
    }
    var missingByLayer: [Int: [Int]] = [:]
    for index in absentKeys(of: source, in: target) { missingByLayer[layerOfEach[index], default: []].append(index) }
    for (layer, missing) in missingByLayer {
      lacks[layer] = MissingTranslationGroups.Lack(layerKeys: keysByLayer[layer] ?? [], missing: missing)
    }
    return lacks
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

  /// For one language, "de.lproj/X.strings lacks 3 of the 8 keys that layer 'Base' has in
  /// en.lproj/X.strings ("a", "b", "c", …)", or, when it has no such table, "de.lproj has no
  /// X.strings: the 8 keys … have no de translation"; for several, "3 of the 8 keys that layer
  /// 'Base' has in en.lproj/X.strings ("a", "b", "c", …) are missing in 4 languages: de, fr, it, ja".
  private func message(_ lack: MissingTranslationGroups.Group, of total: Int, in source: MergedTable) -> String {
    let origin =
      MissingTranslationGroups.origin(layer: lack.layer, name: layers[lack.layer].name)
      + (lack.layer == 0 ? " in " : " to ") + source.address.relativePath
    let shown = MissingTranslationGroups.shown(
      lack.missing.shown.map { source.entry(at: $0).key }, of: lack.missing.count)
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
