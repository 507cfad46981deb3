/// The provenance of one language of a merged catalog, built as localizations arrive, lowest
/// layer first: the language's ``MergedTable``.
struct CatalogLanguageTable: Sendable {
  var table = LocalizationTable()
  var provenance: [KeyProvenance] = []
  /// Whether each winner came from a `.strings` or `.stringsdict` table.
  var fromTables: [Bool] = []
  var files: [(Int, String)] = []

  /// Records the definition of a localization that arrives above what the table has.
  /// - Parameters:
  ///   - variant: The localization's content.
  ///   - fromTable: Whether it comes from a `.strings` or `.stringsdict` table.
  ///   - replaced: The localization of the same language it replaced in the merged entry, if any.
  mutating func record(
    _ definition: Definition, variant: CatalogVariant, fromTable: Bool, replacing replaced: CatalogLocalization?
  ) {
    if !files.contains(where: { $0.1 == definition.file }) { files.append((definition.layerIndex, definition.file)) }
    let (index, previous) = table.upsertReturningIndex(definition.entry)
    guard previous != nil else {
      provenance.append(
        KeyProvenance(status: definition.layerIndex == 0 ? .inherited : .added, winner: definition, shadowed: []))
      fromTables.append(fromTable)
      return
    }
    let below = provenance[index].winner
    // Two catalog localizations are the same when everything in them is, states included; a
    // table entry has no state, so it is the same as what it compiles to.
    let same =
      fromTable || fromTables[index] ? below.value == definition.value : replaced?.variant == variant
    provenance[index].shadowed.insert(below, at: 0)
    provenance[index].winner = definition
    provenance[index].status = same ? .redundant : .overridden
    fromTables[index] = fromTable
  }

  /// The tables of every language of the first catalog a merge takes, with one record per
  /// localization: what ``record(_:variant:fromTable:replacing:)`` gives for each of them in
  /// order, made in one pass. `nil` when the catalog has something the merge resolves on the way
  /// (a language given twice for a key), which the general path does.
  /// - Parameters:
  ///   - catalog: The catalog, the first thing the merge takes.
  ///   - layer: Its layer's index; its name is `layerName`.
  ///   - file: Its path.
  static func tables(ofFirst catalog: StringCatalog, layer: Int, layerName: String, file: String)
    -> [String: CatalogLanguageTable]?
  {
    let status: KeyProvenance.Status = layer == 0 ? .inherited : .added
    let entries = catalog.entries
    @Sendable func slots(_ range: Range<Int>) -> LanguageSlots {
      var slots = LanguageSlots()
      slots.add(entries[range], status: status, layer: layer, layerName: layerName, file: file)
      return slots
    }
    // A large catalog's two halves side by side, then each language's table from its two parts.
    var all: LanguageSlots
    if entries.count >= 1024 {
      let middle = entries.count / 2
      let (low, high) = sideBySide({ slots(0..<middle) }, { slots(middle..<entries.count) })
      all = low
      all.append(high)
    } else {
      all = slots(0..<entries.count)
    }
    return all.languageOfSlot.count >= 2 && entries.count >= 1024
      ? all.tablesSideBySide(layer: layer, file: file) : all.tables(layer: layer, file: file)
  }
}

/// The localizations of some of a catalog's entries, sorted by language: one slot per language,
/// in the order languages first appear.
private struct LanguageSlots: Sendable {
  var languageOfSlot: [String] = []
  var entriesOfSlot: [[LocalizationEntry]] = []
  var recordsOfSlot: [[KeyProvenance]] = []

  /// Adds every localization of the entries, with its record.
  mutating func add(
    _ entries: ArraySlice<CatalogEntry>, status: KeyProvenance.Status, layer: Int, layerName: String, file: String
  ) {
    // Languages are found as the merge's dictionary finds them (by String equality).
    var slotOfLanguage: [String: Int] = [:]
    var slots = LanguageAtPosition<Int>()
    for index in entries.indices {
      guard let localizations = entries[index].localizations else { continue }
      let key = entries[index].key
      for position in localizations.indices {
        let slot = slots.value(of: localizations[position].language, at: position) { language in
          if let known = slotOfLanguage[language] { return known }
          let slot = languageOfSlot.count
          slotOfLanguage[language] = slot
          languageOfSlot.append(language)
          entriesOfSlot.append([])
          entriesOfSlot[slot].reserveCapacity(entries.count)
          recordsOfSlot.append([])
          recordsOfSlot[slot].reserveCapacity(entries.count)
          return slot
        }
        let entry = LocalizationEntry(
          key: key, value: CatalogMerger.runtimeValue(of: localizations[position].variant, key: key),
          position: localizations[position].position)
        entriesOfSlot[slot].append(entry)
        recordsOfSlot[slot].append(
          KeyProvenance(
            status: status, winner: Definition(layerIndex: layer, layer: layerName, file: file, entry: entry),
            shadowed: []))
      }
    }
  }

  /// Adds the slots of the entries that follow these.
  mutating func append(_ later: LanguageSlots) {
    for (laterSlot, language) in later.languageOfSlot.enumerated() {
      if let slot = languageOfSlot.firstIndex(of: language) {
        entriesOfSlot[slot] += later.entriesOfSlot[laterSlot]
        recordsOfSlot[slot] += later.recordsOfSlot[laterSlot]
      } else {
        languageOfSlot.append(language)
        entriesOfSlot.append(later.entriesOfSlot[laterSlot])
        recordsOfSlot.append(later.recordsOfSlot[laterSlot])
      }
    }
  }

  /// Each language's table; `nil` when a key has a language twice.
  func tables(layer: Int, file: String, slots: Range<Int>? = nil) -> [String: CatalogLanguageTable]? {
    var tables: [String: CatalogLanguageTable] = [:]
    for slot in slots ?? languageOfSlot.indices {
      let (table, repeats) = LocalizationTable.building(entriesOfSlot[slot])
      guard repeats.isEmpty else { return nil }
      tables[languageOfSlot[slot]] = CatalogLanguageTable(
        table: table, provenance: recordsOfSlot[slot],
        fromTables: Array(repeating: false, count: recordsOfSlot[slot].count), files: [(layer, file)])
    }
    return tables
  }

  /// The same, half of the languages on another thread.
  func tablesSideBySide(layer: Int, file: String) -> [String: CatalogLanguageTable]? {
    let middle = languageOfSlot.count / 2
    let all = self
    let (low, high) = sideBySide(
      { all.tables(layer: layer, file: file, slots: 0..<middle) },
      { all.tables(layer: layer, file: file, slots: middle..<all.languageOfSlot.count) })
    guard var tables = low, let high else { return nil }
    tables.merge(high) { first, _ in first }
    return tables
  }
}
