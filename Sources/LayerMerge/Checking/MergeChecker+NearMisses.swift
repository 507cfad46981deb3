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
      var candidates: [KeyProvenance] = []
      var seen: Set<String> = []
      for table in group {
        for record in table.provenance where record.status == .added && seen.insert(record.key).inserted {
          candidates.append(record)
        }
      }
      guard !candidates.isEmpty else { continue }
      for layerIndex in Set(candidates.map(\.winner.layerIndex)).sorted() {
        // The keys lower layers give any language of the table.
        var lower: Set<String> = []
        for table in group {
          for record in table.provenance where introducingLayer(record) < layerIndex { lower.insert(record.key) }
        }
        let index = NearMissIndex(lower)
        for record in candidates where record.winner.layerIndex == layerIndex && !lower.contains(record.key) {
          guard let intended = index.nearMiss(for: record.key) else { continue }
          diagnostics.append(
            Diagnostic(
              .warning, .nearMissKey,
              "layer '\(record.winner.layer)' adds \(quoted(record.key)), one edit away from the existing key "
                + "\(quoted(intended)); did you mean to override it?", at: record.winner.location))
        }
      }
    }
  }

  /// The lowest layer that defines the record's key: the one that introduced it.
  func introducingLayer(_ record: KeyProvenance) -> Int {
    (record.shadowed.last ?? record.winner).layerIndex
  }
}
