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
      let layerOf = { (candidate: (table: Int, index: Int)) in
        group[candidate.table].record(at: candidate.index).winner.layerIndex
      }
      for layerIndex in Set(candidates.map(layerOf)).sorted() {
        let lower = keys(of: group, below: layerIndex)
        for candidate in candidates where layerOf(candidate) == layerIndex {
          let record = group[candidate.table].record(at: candidate.index)
          guard !lower.keys.contains(record.key), let intended = lower.index.nearMiss(for: record.key) else {
            continue
          }
          diagnostics.append(
            Diagnostic(
              .warning, .nearMissKey,
              "layer '\(record.winner.layer)' adds \(quoted(record.key)), one edit away from the existing key "
                + "\(quoted(intended)); did you mean to override it?", at: record.winner.location))
        }
      }
    }
  }

  /// The keys lower layers give any language of a table — those of their files, since every
  /// definition of a key is in its record — indexed for near misses. Shared layers' keys are
  /// gathered and indexed once for every merge that sits on them.
  private func keys(of group: [MergedTable], below layerIndex: Int) -> SharedCheckWork.LowerKeys {
    var files: [ParsedFile] = []
    for table in group {
      for (source, layer) in zip(table.sources, table.layerIndexes) where layer < layerIndex {
        // A catalog's languages are not files of their own: their keys come from the records.
        guard let file = file(at: source, of: table.address, in: layer) else {
          return lowerKeys(recordsOf: group, below: layerIndex)
        }
        files.append(file)
      }
    }
    let make = {
      let keys = Self.distinctKeys(files.map { file in (file.table, { _ in true }) })
      return SharedCheckWork.LowerKeys(keys: keys, index: NearMissIndex(keys))
    }
    guard let shared else { return make() }
    return shared.lowerKeys.value(files.map(\.path).sorted().joined(separator: "\u{0}"), make)
  }

  /// The same, from the merged records; for a catalog's languages, the keys lower layers' catalogs
  /// have, localized or not: a key without localizations is still one the code uses.
  private func lowerKeys(recordsOf group: [MergedTable], below layerIndex: Int) -> SharedCheckWork.LowerKeys {
    if let catalog = catalogs.first(where: { $0.address.inLanguage(group[0].address.language) == group[0].address }),
      catalog.introducingLayers.count == catalog.catalog.entries.count,
      group.allSatisfy({ $0.address == catalog.address.inLanguage($0.address.language) })
    {
      var keys: Set<String> = []
      let entries = catalog.catalog.entries
      for index in entries.indices where catalog.introducingLayers[index] < layerIndex {
        keys.insert(entries[index].key)
      }
      return SharedCheckWork.LowerKeys(keys: keys, index: NearMissIndex(keys))
    }
    let keys = Self.distinctKeys(
      group.map { table in (table.table, { introducingLayer(table.provenance[$0]) < layerIndex }) })
    return SharedCheckWork.LowerKeys(keys: keys, index: NearMissIndex(keys))
  }

  /// The keys of the entries `includes` accepts, each made into a string once: a table's languages
  /// mostly share their keys, so a key already given is found by its bytes, in one lookup.
  private static func distinctKeys(_ tables: [(table: LocalizationTable, includes: (Int) -> Bool)]) -> Set<String> {
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
