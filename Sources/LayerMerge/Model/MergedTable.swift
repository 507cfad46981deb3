/// One merged table: its entries as the output file will hold them, and each key's provenance.
///
/// One language of a merged String Catalog is a table too: its address is the catalog's in that
/// language, each entry's value is what the localization compiles to (a string, or a
/// `.stringsdict` rule), and its position is where the localization stands in its file.
public struct MergedTable: Sendable {
  /// Where the table lives in every layer and in the output.
  public var address: TableAddress
  /// The files that contributed, lowest layer first.
  public var sources: [String]
  /// The indexes of the layers that have this file.
  public var layerIndexes: [Int]

  /// The lowest file's table, or the whole table when there is no patch; empty when the lowest
  /// part is `first`.
  private var lowest: LocalizationTable
  /// The records of `lowest`'s entries, when the table was given whole.
  private var lowestRecords: [KeyProvenance]
  /// Where the lowest file of a patched table stands: its records are made from it when read.
  private var lowestFile: LowestFile?
  /// A language of the first catalog of a merge, when it is the lowest part (always with a
  /// patch): its entries and records are made only when asked for.
  private var first: FirstCatalogLanguages.Language?
  /// What the layers above the lowest file change; `nil` when `lowest` is the whole table.
  private var patch: TablePatch?
  /// Whether every record of `lowest` is `.inherited` (the lowest file is the base layer's).
  private var lowestIsInherited = false
  /// The positions whose records are not `.inherited`, worked out once for a patched table.
  private var patchedNonInherited: [Int] = []
  /// The whole table and records, made from the patch the first time they are asked for.
  private var whole: LazyValue<Whole>?

  private struct Whole: Sendable {
    var table: LocalizationTable
    var provenance: [KeyProvenance]
  }

  /// The lowest file of a patched table. Each of its keys' records is the key's definition in
  /// that file, shadowing nothing: made for the positions something reads instead of for each of
  /// the thousands of keys of a base file on every merge.
  struct LowestFile: Sendable {
    /// The index of its layer in the stack.
    var layerIndex: Int
    /// Its layer's name.
    var layer: String
    /// Its path.
    var path: String

    /// The status of every record: a key of the base is inherited, one of a higher layer added.
    var status: KeyProvenance.Status { layerIndex == 0 ? .inherited : .added }

    /// The record of an entry of the file.
    func record(of entry: LocalizationEntry) -> KeyProvenance {
      KeyProvenance(
        status: status, winner: Definition(layerIndex: layerIndex, layer: layer, file: path, entry: entry),
        shadowed: [])
    }
  }

  /// The merged entries, in output order.
  public var table: LocalizationTable {
    get { patch == nil ? lowest : materialized().table }
    set { self = MergedTable(replacing: self, table: newValue, provenance: provenance) }
  }

  /// One record per entry, in the same order.
  public var provenance: [KeyProvenance] {
    get { patch == nil ? lowestRecords : materialized().provenance }
    set { self = MergedTable(replacing: self, table: table, provenance: newValue) }
  }

  /// A table given whole.
  init(
    address: TableAddress, table: LocalizationTable, provenance: [KeyProvenance], sources: [String],
    layerIndexes: [Int]
  ) {
    self.address = address
    self.sources = sources
    self.layerIndexes = layerIndexes
    lowest = table
    lowestRecords = provenance
  }

  /// A table made of its lowest file's table, changed by `patch`.
  /// - Parameters:
  ///   - lowest: The lowest file's table.
  ///   - file: Where the lowest file stands, which gives its entries' records.
  init(
    address: TableAddress, lowest: LocalizationTable, file: LowestFile, patch: TablePatch, sources: [String],
    layerIndexes: [Int]
  ) {
    self.init(
      address: address, lowest: lowest, lowestFile: file, patch: patch, first: nil,
      lowestIsInherited: file.status == .inherited, sources: sources, layerIndexes: layerIndexes)
  }

  /// A catalog language made of the first catalog's localizations, changed by `patch`.
  init(
    address: TableAddress, first: FirstCatalogLanguages.Language, patch: TablePatch, sources: [String],
    layerIndexes: [Int]
  ) {
    self.init(
      address: address, lowest: LocalizationTable(), lowestFile: nil, patch: patch, first: first,
      lowestIsInherited: first.all.status == .inherited, sources: sources, layerIndexes: layerIndexes)
  }

  /// The patched table: a lowest file's table, or (with `first`, `lowest` empty) a first
  /// catalog's language.
  private init(
    address: TableAddress, lowest: LocalizationTable, lowestFile: LowestFile?, patch: TablePatch,
    first: FirstCatalogLanguages.Language?, lowestIsInherited: Bool, sources: [String], layerIndexes: [Int]
  ) {
    self.address = address
    self.sources = sources
    self.layerIndexes = layerIndexes
    self.lowest = lowest
    lowestRecords = []
    self.lowestFile = lowestFile
    self.first = first
    var patch = patch
    patch.finish()
    self.patch = patch
    self.lowestIsInherited = lowestIsInherited
    whole = LazyValue()
    if lowestIsInherited {
      patchedNonInherited = (patch.replacedPositions + (lowestPartCount..<count)).filter {
        status(at: $0) != .inherited
      }
    }
  }

  private init(replacing other: MergedTable, table: LocalizationTable, provenance: [KeyProvenance]) {
    self.init(
      address: other.address, table: table, provenance: provenance, sources: other.sources,
      layerIndexes: other.layerIndexes)
  }

  // MARK: - Reading without making the whole table

  /// The number of entries.
  var count: Int { lowestPartCount + (patch?.added.count ?? 0) }

  /// The number of leading positions that hold the lowest file's keys (in its order), or the
  /// first catalog's keys of this language.
  var lowestCount: Int { patch == nil ? 0 : lowestPartCount }

  /// The entry at a position.
  func entry(at position: Int) -> LocalizationEntry {
    guard let patch else { return lowest.entries[position] }
    if position >= lowestPartCount { return patch.added.entries[position - lowestPartCount] }
    if let slot = patch.slot(ofReplaced: position) { return patch.replacedEntries[slot] }
    return first?.entry(at: position) ?? lowest.entries[position]
  }

  /// The record of the entry at a position.
  func record(at position: Int) -> KeyProvenance {
    guard let patch else { return lowestRecords[position] }
    if position >= lowestPartCount { return patch.addedRecords[position - lowestPartCount] }
    if let slot = patch.slot(ofReplaced: position) { return patch.replacedRecords[slot] }
    if let first { return first.record(at: position) }
    return lowestFile?.record(of: lowest.entries[position]) ?? lowestRecords[position]
  }

  /// The status of the record at a position, without copying the record.
  func status(at position: Int) -> KeyProvenance.Status {
    guard let patch else { return lowestRecords[position].status }
    if position >= lowestPartCount { return patch.addedRecords[position - lowestPartCount].status }
    if let slot = patch.slot(ofReplaced: position) { return patch.replacedRecords[slot].status }
    return first?.all.status ?? lowestFile?.status ?? lowestRecords[position].status
  }

  /// The layer of the winning definition at a position, without making or copying the record.
  func winnerLayerIndex(at position: Int) -> Int {
    guard let patch else { return lowestRecords[position].winner.layerIndex }
    if position >= lowestPartCount { return patch.addedRecords[position - lowestPartCount].winner.layerIndex }
    if let slot = patch.slot(ofReplaced: position) { return patch.replacedRecords[slot].winner.layerIndex }
    if let first { return first.record(at: position).winner.layerIndex }
    return lowestFile?.layerIndex ?? lowestRecords[position].winner.layerIndex
  }

  /// The digest of the key at a position (see ``LocalizationTable/digest(at:)``).
  func digest(at position: Int) -> UInt64 {
    guard let patch, position >= lowestPartCount else {
      return first?.digest(at: position) ?? lowest.digest(at: position)
    }
    return patch.added.digest(at: position - lowestPartCount)
  }

  /// The position of the entry with the same key as `entry`, if the table has one.
  /// - Parameter hint: Where the key probably stands (see ``LocalizationTable/index(ofKeyOf:digest:hint:)``).
  func index(ofKeyOf entry: LocalizationEntry, digest: UInt64? = nil, hint: Int? = nil) -> Int? {
    if let first {
      if let position = first.position(ofKey: entry.key) { return position }
    } else if let position = lowest.index(ofKeyOf: entry, digest: digest, hint: hint) {
      return position
    }
    return patch?.added.index(ofKeyOf: entry, digest: digest, hint: hint.map { $0 - lowestPartCount }).map {
      lowestPartCount + $0
    }
  }

  /// The lowest file's path when the table is that file's table changed by a patch: every merge over
  /// the same lowest file has its keys at the positions below ``sharedPartCount`` (a patch replaces
  /// values there, never keys), so what they hold can be worked out once for all those merges.
  var sharedLowestFile: String? { first == nil ? lowestFile?.path : nil }

  /// How many positions hold the lowest file's keys when ``sharedLowestFile`` is known; `0` otherwise.
  var sharedPartCount: Int { sharedLowestFile == nil ? 0 : lowestPartCount }

  /// The positions whose records are not `.inherited`, ascending: what layers above the base
  /// define. Without a patch every record is looked at.
  var nonInheritedPositions: [Int] {
    guard patch != nil, lowestIsInherited else {
      return (0..<count).filter { status(at: $0) != .inherited }
    }
    return patchedNonInherited
  }

  /// Whether records of a catalog's first layer are still to be made: nothing has asked for the
  /// whole table or its records yet.
  var recordsAreDeferred: Bool { first.map { !$0.isWhole } ?? false }

  /// The positions of the lowest file's table (or of the first catalog's language) that layers
  /// above replaced, ascending; `nil` without a patch.
  var replacedPositions: [Int]? { patch?.replacedPositions }

  /// The lowest layer that defines the key at each position: the one that introduced it.
  var introducingLayers: [Int] {
    guard let patch, let lowestLayer = layerIndexes.first else {
      return (0..<count).map { Self.introducingLayer(record(at: $0)) }
    }
    // Every key of the lowest file was introduced by it, replaced or not.
    return Array(repeating: lowestLayer, count: lowestPartCount) + patch.addedRecords.map(Self.introducingLayer)
  }

  /// The lowest layer that defines the record's key. Read field by field: `shadowed.last ??
  /// winner` would copy a whole definition for every record.
  static func introducingLayer(_ record: KeyProvenance) -> Int {
    record.shadowed.last?.layerIndex ?? record.winner.layerIndex
  }

  // MARK: - Private

  /// The number of entries of the lowest part.
  private var lowestPartCount: Int { first?.count ?? lowest.count }

  private func materialized() -> Whole {
    guard let whole, let patch else { return Whole(table: lowest, provenance: lowestRecords) }
    return whole.value {
      // The first catalog's language is made whole once, for both.
      let firstWhole = first?.whole
      var table = firstWhole?.table ?? lowest
      var records = firstWhole?.records ?? lowestFile.map { file in lowest.entries.map(file.record) } ?? lowestRecords
      table.reserveCapacity(count)
      records.reserveCapacity(count)
      for position in patch.replacedPositions {
        guard let slot = patch.slot(ofReplaced: position) else { continue }
        table.replaceEntry(at: position, with: patch.replacedEntries[slot])
        records[position] = patch.replacedRecords[slot]
      }
      for index in patch.added.entries.indices {
        _ = table.upsertReturningIndex(patch.added.entries[index], digest: patch.added.digest(at: index))
      }
      records += patch.addedRecords
      return Whole(table: table, provenance: records)
    }
  }
}

/// Everything a merge produced: tables, diagnostics and the files it read.
public struct MergeResult: Sendable {
  /// The layers, lowest first.
  public var layers: [Layer]
  /// The merged tables, sorted by relative path; the languages of each merged catalog among them.
  public var tables: [MergedTable]
  /// The merged String Catalogs, sorted by relative path.
  public var catalogs: [MergedCatalog] = []
  /// What is written for the catalogs (from ``MergeOptions/catalogOutput``).
  public var catalogOutput: CatalogOutput = .compiled
  /// Every problem found, in a stable order.
  public var diagnostics: [Diagnostic]
  /// Every file read, sorted.
  public var inputFiles: [String]
  /// The size, modification time and inode of every file read, by path, taken from the descriptor
  /// that read it: a file saved during the run is seen as changed by the next one.
  public var inputFingerprints: [String: FileFingerprint] = [:]
  /// The development language the checks compared other languages with, if any.
  public var developmentLanguage: String?

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
