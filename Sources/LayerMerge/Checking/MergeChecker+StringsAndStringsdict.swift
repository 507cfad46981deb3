extension MergeChecker {
  /// The runtime prefers a `.stringsdict` entry over a `.strings` entry of the same table and
  /// key: a `.strings` override of a rule does nothing, and a rule that replaces a `.strings`
  /// value must take its arguments.
  mutating func checkStringsAgainstStringsdict() {
    var stringsdicts: [String: MergedTable] = [:]
    for table in tables where table.address.kind == .stringsdict {
      stringsdicts[groupKey(table.address)] = table
    }
    for table in tables where table.address.kind == .strings {
      guard let dictionary = stringsdicts[groupKey(table.address)] else { continue }
      // Rules are few and `.strings` keys many: look each rule up, then go in the `.strings` order.
      var both: [(index: Int, ruleIndex: Int)] = []
      for ruleIndex in 0..<dictionary.count {
        // Provenance records stand in the order of the table's entries, whose digests both tables share.
        if let index = table.index(ofKeyOf: dictionary.entry(at: ruleIndex), digest: dictionary.digest(at: ruleIndex)) {
          both.append((index, ruleIndex))
        }
      }
      for (index, ruleIndex) in both.sorted(by: { $0.index < $1.index }) {
        let record = table.record(at: index)
        let rule = dictionary.record(at: ruleIndex)
        guard rule.winner.layerIndex != record.winner.layerIndex else { continue }
        let message: String
        if record.winner.layerIndex > rule.winner.layerIndex {
          message =
            "layer '\(record.winner.layer)' overrides \(quoted(record.key)) in .strings, but the .stringsdict entry "
            + "from layer '\(rule.winner.layer)' wins at run time; override it in .stringsdict instead"
        } else {
          message =
            "\(quoted(record.key)) is defined in .strings by layer '\(record.winner.layer)' and in .stringsdict by "
            + "layer '\(rule.winner.layer)'; the .stringsdict entry wins at run time"
          if mayHaveFormat(record.winner.entry),
            let found = formatMismatch(of: rule.winner.value, against: record.winner.value)
          {
            diagnostics.append(
              formatDiagnostic(
                "the .stringsdict rule of \(quoted(record.key)) in layer '\(rule.winner.layer)'",
                against: "the .strings value it replaces at run time, from layer '\(record.winner.layer)'",
                reference: "the value it replaces", found, at: rule.winner.location,
                note: Diagnostic.Note("the .strings value is here", at: record.winner.location)))
          }
        }
        diagnostics.append(
          Diagnostic(
            .warning, .stringsAndStringsdict, message, at: record.winner.location,
            notes: [Diagnostic.Note("the .stringsdict entry is here", at: rule.winner.location)]))
      }
    }
  }

  private func groupKey(_ address: TableAddress) -> String {
    "\(address.directory)/\(address.language)/\(address.table)"
  }
}
