extension MergeChecker {
  /// Within each layer, every language's value of a key must take the arguments of the
  /// development language's value of that key in the same layer.
  mutating func checkFormatsWithinLayers() {
    guard let developmentLanguage else { return }
    for files in layerFiles {
      // A layer's own problems are the same in every stack: shared layers are checked once.
      guard let shared else {
        diagnostics += formatsWithin(files, developmentLanguage: developmentLanguage)
        continue
      }
      let key = ([developmentLanguage] + files.values.map(\.path).sorted()).joined(separator: "\u{0}")
      diagnostics += shared.formatsWithinLayer.value(key) {
        formatsWithin(files, developmentLanguage: developmentLanguage)
      }
    }
  }

  /// The format problems within one layer's files. Only a translation with a `%` can fail (one
  /// without takes no argument, which always fits), so each language's values are scanned for
  /// one, and only those are looked up in the development language. The diagnostics come in the
  /// files' order; the merge sorts them by place.
  private func formatsWithin(_ files: [TableAddress: ParsedFile], developmentLanguage: String) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    // The arguments of each development-language value, worked out once for all its languages
    // (`nil` inside for a broken format, which is no reference).
    var references: [TableAddress: [Int: FormatSignature?]] = [:]
    for address in files.keys.sorted() where address.language != developmentLanguage && address.language != "Base" {
      let developmentAddress = address.inLanguage(developmentLanguage)
      guard let file = files[address], let reference = files[developmentAddress] else { continue }
      let language = address.language
      for position in file.table.entries.indices {
        let translation = file.table.entries[position]
        guard mayHaveFormat(translation),
          let index = reference.table.index(
            ofKeyOf: translation, digest: file.table.digest(at: position), hint: position)
        else { continue }
        let entry = reference.table.entries[index]
        if references[developmentAddress, default: [:]][index] == nil {
          references[developmentAddress, default: [:]][index] = .some(referenceSignature(entry))
        }
        guard let signature = references[developmentAddress]?[index] ?? nil,
          let found = formatMismatch(of: translation.value, against: signature)
        else { continue }
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
    return diagnostics
  }

  /// In the merged result, a value from a layer that has no development-language value of its
  /// own for the key must take the arguments of the development language's value from the layer
  /// that introduced the key (overrides of it take the same arguments or fewer).
  mutating func checkFormatsOfMergedTables() {
    guard let developmentLanguage else { return }
    // A catalog's languages are checked against its source language with the compiler's checks.
    let tables = self.tables.filter { !$0.address.isCatalog }
    var byAddress: [TableAddress: MergedTable] = [:]
    for table in tables { byAddress[table.address] = table }
    // Per development-language table: the keys some overlay defines, and the arguments of the
    // values worked out so far (`nil` inside for a broken format, which is no reference).
    var overlaid: [TableAddress: [Int]] = [:]
    var references: [TableAddress: [Int: FormatSignature?]] = [:]
    for table in tables where table.address.language != developmentLanguage && table.address.language != "Base" {
      let developmentAddress = table.address.inLanguage(developmentLanguage)
      // With one layer every value is checked within it.
      guard layers.count > 1, let reference = byAddress[developmentAddress] else { continue }
      if overlaid[developmentAddress] == nil {
        overlaid[developmentAddress] = reference.nonInheritedPositions
      }
      // A key only the base defines, in both languages, has both values from the base, where
      // they were checked within it: only keys an overlay touches in either language can fail.
      // Development-language positions with the position of the same key in this table, kept
      // only where this table's value has a '%' (one without takes no argument, which always
      // fits: most end here, before any lookup across languages).
      var candidates: [(development: Int, other: Int)] = []
      for index in overlaid[developmentAddress] ?? [] {
        guard
          let other = table.index(
            ofKeyOf: reference.entry(at: index), digest: reference.digest(at: index), hint: index),
          mayHaveFormat(table.entry(at: other))
        else { continue }
        candidates.append((index, other))
      }
      for other in table.nonInheritedPositions where mayHaveFormat(table.entry(at: other)) {
        if let development = reference.index(
          ofKeyOf: table.entry(at: other), digest: table.digest(at: other), hint: other)
        {
          candidates.append((development, other))
        }
      }
      // In development-language order, each key once.
      candidates.sort { $0.development < $1.development }
      let language = table.address.language
      for (position, (index, other)) in candidates.enumerated()
      where position == 0 || candidates[position - 1].development != index {
        let development = reference.record(at: index)
        let record = table.record(at: other)
        // A layer with its own development-language value is checked within that layer, and an
        // override that does not fit what it replaces is reported as such.
        let layer = record.winner.layerIndex
        guard development.winner.layerIndex != layer, !development.shadowed.contains(where: { $0.layerIndex == layer }),
          overrideMismatch(record) == nil
        else { continue }
        let original = development.shadowed.last ?? development.winner
        if references[developmentAddress, default: [:]][index] == nil {
          references[developmentAddress, default: [:]][index] = .some(referenceSignature(original.entry))
        }
        guard let signature = references[developmentAddress]?[index] ?? nil,
          let found = formatMismatch(of: record.winner.value, against: signature)
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
