extension MergeChecker {
  /// Within each layer, every language's value of a key must take the arguments of the
  /// development language's value of that key in the same layer.
  mutating func checkFormatsWithinLayers() {
    guard let developmentLanguage else { return }
    for files in layerFiles {
      for address in files.keys.sorted() where address.language != developmentLanguage && address.language != "Base" {
        guard let file = files[address], let reference = files[address.inLanguage(developmentLanguage)] else {
          continue
        }
        let language = address.language
        for index in reference.table.entries.indices where mayHaveFormat(reference.table.entries[index]) {
          let entry = reference.table.entries[index]
          guard let other = file.table.index(ofKeyOf: entry, digest: reference.table.digest(at: index)) else {
            continue
          }
          let translation = file.table.entries[other]
          guard let found = formatMismatch(of: translation.value, against: entry.value) else { continue }
          diagnostics.append(
            formatDiagnostic(
              "the \(language) value of \(quoted(entry.key))", against: "its \(developmentLanguage) value",
              reference: developmentLanguage, found,
              at: SourceLocation(path: file.path, position: translation.position),
              note: Diagnostic.Note(
                "the \(developmentLanguage) value is here",
                at: SourceLocation(path: reference.path, position: entry.position))))
        }
      }
    }
  }

  /// In the merged result, a value from a layer that has no development-language value of its
  /// own for the key must take the arguments of the development language's value from the layer
  /// that introduced the key (overrides of it take the same arguments or fewer).
  mutating func checkFormatsOfMergedTables() {
    guard let developmentLanguage else { return }
    var byAddress: [TableAddress: MergedTable] = [:]
    for table in tables { byAddress[table.address] = table }
    for table in tables where table.address.language != developmentLanguage && table.address.language != "Base" {
      guard let reference = byAddress[table.address.inLanguage(developmentLanguage)] else { continue }
      let language = table.address.language
      for index in reference.provenance.indices {
        let development = reference.provenance[index]
        let original = development.shadowed.last ?? development.winner
        guard mayHaveFormat(original.entry),
          let other = table.table.index(
            ofKeyOf: reference.table.entries[index], digest: reference.table.digest(at: index))
        else { continue }
        let record = table.provenance[other]
        // A layer with its own development-language value is checked within that layer, and an
        // override that does not fit what it replaces is reported as such.
        let definingLayers = ([development.winner] + development.shadowed).map(\.layerIndex)
        guard !definingLayers.contains(record.winner.layerIndex), overrideMismatch(record) == nil,
          let found = formatMismatch(of: record.winner.value, against: original.value)
        else { continue }
        diagnostics.append(
          formatDiagnostic(
            "in the merged result, the \(language) value of \(quoted(record.key)) from layer '\(record.winner.layer)'",
            against: "the \(developmentLanguage) value from layer '\(original.layer)'", reference: developmentLanguage,
            found, at: record.winner.location,
            note: Diagnostic.Note("the \(developmentLanguage) value is here", at: original.location)))
      }
    }
  }
}
