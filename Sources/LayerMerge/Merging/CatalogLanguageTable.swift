/// The provenance of one language of a merged catalog, built as localizations arrive, lowest
/// layer first: the language's ``MergedTable``. When the merge took the first catalog whole, its
/// localizations of the language stay in it (``FirstCatalogLanguages``) and only what arrives
/// above them is recorded here.
struct CatalogLanguageTable: Sendable {
  /// The first catalog's localizations of the language, when it was taken whole.
  var first: FirstCatalogLanguages.Language?
  /// What arrives above `first` (or everything, without it): replaced positions of `first`'s
  /// table, and keys it lacks.
  var patch = TablePatch()
  /// Whether each added winner came from a `.strings` or `.stringsdict` table.
  var addedFromTables: [Bool] = []
  /// The positions of `first` whose winner came from a table.
  var replacedFromTables: Set<Int> = []
  var files: [(Int, String)] = []
  /// The files' paths, to add each once without going through them (many layers).
  private var filePaths: Set<String> = []

  /// The table of a language of the first catalog, taken whole.
  init(first: FirstCatalogLanguages.Language) {
    self.first = first
    files = [(first.all.layerIndex, first.all.file)]
    filePaths = [first.all.file]
  }

  /// A table that starts empty.
  init() {}

  /// Records the definition of a localization that arrives above what the table has.
  /// - Parameters:
  ///   - entryIndex: The index of the localization's entry in the merged catalog.
  ///   - variant: The localization's content.
  ///   - fromTable: Whether it comes from a `.strings` or `.stringsdict` table.
  ///   - replaced: The localization of the same language it replaced in the merged entry, if any.
  mutating func record(
    _ definition: Definition, entryAt entryIndex: Int, variant: CatalogVariant, fromTable: Bool,
    replacing replaced: CatalogLocalization?
  ) {
    if filePaths.insert(definition.file).inserted { files.append((definition.layerIndex, definition.file)) }
    if let first, let position = first.position(ofEntryAt: entryIndex) {
      let belowFromTable = replacedFromTables.contains(position)
      patch.change(position, from: { first.entryAndRecord(at: position) }) { entry, record in
        Self.override(&record, with: definition, variant: variant, fromTable: fromTable || belowFromTable, replaced)
        entry = definition.entry
      }
      if fromTable { replacedFromTables.insert(position) } else { replacedFromTables.remove(position) }
      return
    }
    let (index, previous) = patch.added.upsertReturningIndex(definition.entry)
    guard previous != nil else {
      patch.addedRecords.append(
        KeyProvenance(status: definition.layerIndex == 0 ? .inherited : .added, winner: definition, shadowed: []))
      addedFromTables.append(fromTable)
      return
    }
    Self.override(
      &patch.addedRecords[index], with: definition, variant: variant, fromTable: fromTable || addedFromTables[index],
      replaced)
    addedFromTables[index] = fromTable
  }

  /// The language's merged table.
  func mergedTable(address: TableAddress) -> MergedTable {
    let (sources, layerIndexes) = (files.map(\.1), files.map(\.0))
    guard let first else {
      return MergedTable(
        address: address, table: patch.added, provenance: patch.addedRecords, sources: sources,
        layerIndexes: layerIndexes)
    }
    return MergedTable(address: address, first: first, patch: patch, sources: sources, layerIndexes: layerIndexes)
  }

  /// Makes `definition` the record's winner above what it had.
  /// - Parameter fromTable: Whether either of the two came from a table: a table entry has no
  ///   state, so it is the same as what it compiles to.
  private static func override(
    _ record: inout KeyProvenance, with definition: Definition, variant: CatalogVariant, fromTable: Bool,
    _ replaced: CatalogLocalization?
  ) {
    // Two catalog localizations are the same when everything in them is, states included.
    let same = fromTable ? record.winner.value == definition.value : replaced?.variant == variant
    record.shadowed.insert(record.winner, at: 0)
    record.winner = definition
    record.status = same ? .redundant : .overridden
  }
}
