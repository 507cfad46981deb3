extension MergeChecker {
  /// A key a layer adds that is one edit away from a key lower layers have, in any language of
  /// the table, is probably a failed override. Each key is reported once per table (not once per
  /// language), in the development language when it adds the key there.
  mutating func checkNearMisses() {
    var groups: [String: [MergedTable]] = [:]
    for table in tables {
      let address = table.address
      groups["\(address.directory)/\(address.table).\(address.kind.rawValue)", default: []].append(table)
    }
    for name in groups.keys.sorted() {
      let group = (groups[name] ?? []).sorted { lhs, rhs in
        let lhsDevelopment = lhs.address.language == developmentLanguage
        let rhsDevelopment = rhs.address.language == developmentLanguage
        return lhsDevelopment != rhsDevelopment ? lhsDevelopment : lhs.address < rhs.address
      }
      // Only what layers above the base define can be added; the base's records are not looked at.
      var candidates: [(table: Int, index: Int)] = []
      var seen: Set<String> = []
      for (tableIndex, table) in group.enumerated() {
        for index in table.nonInheritedPositions
        where table.status(at: index) == .added && seen.insert(table.entry(at: index).key).inserted {
          candidates.append((tableIndex, index))
        }
      }
      guard !candidates.isEmpty else { continue }
      var candidatesByLayer: [Int: [(table: Int, index: Int)]] = [:]
      for candidate in candidates {
        candidatesByLayer[group[candidate.table].record(at: candidate.index).winner.layerIndex, default: []].append(
          candidate)
      }
      // The keys below the lowest layer that adds some are shared with other merges; the keys of
      // each layer above it join an index of this merge's own as the layers go up, so that many
      // layers are not indexed again for each layer above them.
      let layersAdding = candidatesByLayer.keys.sorted()
      let byLayer = LayerKeys(of: group, checker: self)
      let lower = byLayer.keys(below: layersAdding[0], shared: shared)
      var upper = SharedCheckWork.LowerKeys(keys: [], index: NearMissIndex([]))
      var indexedUpTo = layersAdding[0]
      for layerIndex in layersAdding {
        for layer in indexedUpTo..<layerIndex {
          for key in byLayer.keys(in: layer) where !lower.keys.contains(key) && upper.keys.insert(key).inserted {
            upper.index.insert(key)
          }
        }
        indexedUpTo = layerIndex
        for candidate in candidatesByLayer[layerIndex] ?? [] {
          let record = group[candidate.table].record(at: candidate.index)
          guard !lower.keys.contains(record.key), !upper.keys.contains(record.key),
            let intended = [lower.index.nearMiss(for: record.key), upper.index.nearMiss(for: record.key)]
              .compactMap({ $0 }).min()
          else { continue }
          diagnostics.append(
            Diagnostic(
              .warning, .nearMissKey,
              "layer '\(record.winner.layer)' adds \(quoted(record.key)), one edit away from the existing key "
                + "\(quoted(intended)); did you mean to override it?", at: record.winner.location))
        }
      }
    }
  }

  /// The keys each layer gives any language of a table: those of its files, since every
  /// definition of a key is in its record; for a catalog's languages (no files of their own), the
  /// keys by the layer that introduced them.
  private struct LayerKeys {
    /// Each layer's files, or `nil` when a language is a catalog's.
    var files: [Int: [ParsedFile]]?
    /// Each key by the lowest layer that introduced it, when there are no files.
    var introduced: [Int: [String]] = [:]

    init(of group: [MergedTable], checker: MergeChecker) {
      var files: [Int: [ParsedFile]]? = [:]
      for table in group {
        for (source, layer) in zip(table.sources, table.layerIndexes) {
          guard let file = checker.file(at: source, of: table.address, in: layer) else {
            files = nil
            break
          }
          files?[layer, default: []].append(file)
        }
        if files == nil { break }
      }
      self.files = files
      guard files == nil else { return }
      for (key, layer) in checker.introducingLayers(ofKeysIn: group) { introduced[layer, default: []].append(key) }
    }

    /// The keys of the layers below `layerIndex`, indexed for near misses; shared layers' keys are
    /// gathered and indexed once for every merge that sits on them.
    func keys(below layerIndex: Int, shared: SharedCheckWork?) -> SharedCheckWork.LowerKeys {
      guard let files else {
        let keys = Set((0..<layerIndex).flatMap { introduced[$0] ?? [] })
        return SharedCheckWork.LowerKeys(keys: keys, index: NearMissIndex(keys))
      }
      let lower = (0..<layerIndex).flatMap { files[$0] ?? [] }
      let make = {
        let keys = MergeChecker.distinctKeys(lower.map { file in (file.table, { _ in true }) })
        return SharedCheckWork.LowerKeys(keys: keys, index: NearMissIndex(keys))
      }
      guard let shared else { return make() }
      return shared.lowerKeys.value(lower.map(\.path).sorted().joined(separator: "\u{0}"), make)
    }

    /// The keys of one layer.
    func keys(in layer: Int) -> [String] {
      guard let files else { return introduced[layer] ?? [] }
      return Array(MergeChecker.distinctKeys((files[layer] ?? []).map { file in (file.table, { _ in true }) }))
    }
  }

  /// Each key of a group's records with the lowest layer that introduced it in any language; for
  /// a catalog's languages, the keys its layers' catalogs have, localized or not: a key without
  /// localizations is still one the code uses.
  private func introducingLayers(ofKeysIn group: [MergedTable]) -> [(key: String, layer: Int)] {
    if let catalog = catalogs.first(where: { $0.address.inLanguage(group[0].address.language) == group[0].address }),
      catalog.introducingLayers.count == catalog.catalog.entries.count,
      group.allSatisfy({ $0.address == catalog.address.inLanguage($0.address.language) })
    {
      let entries = catalog.catalog.entries
      return entries.indices.map { (entries[$0].key, catalog.introducingLayers[$0]) }
    }
    // A table's languages mostly share their keys: each is found by its bytes and made into a
    // string once.
    var seen = LocalizationTable()
    var found: [(key: String, layer: Int)] = []
    for table in group {
      let entries = table.table.entries
      let provenance = table.provenance
      for index in entries.indices {
        let layer = introducingLayer(provenance[index])
        let (position, previous) = seen.upsertReturningIndex(entries[index], digest: table.table.digest(at: index))
        if previous == nil {
          found.append((entries[index].key, layer))
        } else {
          found[position].layer = min(found[position].layer, layer)
        }
      }
    }
    return found
  }

  /// The keys of the entries `includes` accepts, each made into a string once: a table's languages
  /// mostly share their keys, so a key already given is found by its bytes, in one lookup.
  fileprivate static func distinctKeys(_ tables: [(table: LocalizationTable, includes: (Int) -> Bool)]) -> Set<String> {
    var seen = LocalizationTable()
    var keys: Set<String> = []
    for (position, (table, includes)) in tables.enumerated() {
      for index in table.entries.indices where includes(index) {
        let entry = table.entries[index]
        let digest = table.digest(at: index)
        // Most keys stand where the first table has them, which gave them already.
        if position > 0, let first = tables.first, index < first.table.count, first.table.digest(at: index) == digest,
          first.includes(index), first.table.index(ofKeyOf: entry, digest: digest, hint: index) == index
        {
          continue
        }
        if seen.upsertReturningIndex(entry, digest: digest).previous == nil { keys.insert(entry.key) }
      }
    }
    return keys
  }

  /// The lowest layer that defines the record's key: the one that introduced it.
  func introducingLayer(_ record: KeyProvenance) -> Int {
    MergedTable.introducingLayer(record)
  }
}
