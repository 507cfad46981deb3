/// One merged table: its entries as the output file will hold them, and each key's provenance.
///
/// One language of a merged String Catalog is a table too: its address is the catalog's in that
/// language, each entry's value is what the localization compiles to (a string, or a
/// `.stringsdict` rule), and its position is where the localization stands in its file.
public struct MergedTable: Sendable {
  /// Where the table lives in every layer and in the output.
  public var address: TableAddress
  /// The merged entries, in output order.
  public var table: LocalizationTable
  /// One record per entry, in the same order.
  public var provenance: [KeyProvenance]
  /// The files that contributed, lowest layer first.
  public var sources: [String]
  /// The indexes of the layers that have this file.
  public var layerIndexes: [Int]
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
