/// A layer whose tables have been found and read.
public struct LoadedLayer: Sendable {
  /// The layer.
  public var layer: Layer
  /// Its tables, parsed, by address.
  public var files: [TableAddress: ParsedFile]
  /// Its String Catalogs, parsed, by address (`Localizable.xcstrings`, language `""`).
  public var catalogs: [TableAddress: ParsedCatalog] = [:]
  /// What finding the tables skipped, and a layer without tables, as warnings (see
  /// ``LayerScanner/scan(_:skippingLinksInto:)``).
  public var diagnostics: [Diagnostic] = []

  /// A layer whose files were read by the caller.
  /// - Parameters:
  ///   - layer: The layer.
  ///   - files: Its `.strings` and `.stringsdict` tables, by address.
  ///   - catalogs: Its String Catalogs, by address (see ``TableAddress/init(catalogPath:)``).
  public init(layer: Layer, files: [TableAddress: ParsedFile], catalogs: [TableAddress: ParsedCatalog] = [:]) {
    self.layer = layer
    self.files = files
    self.catalogs = catalogs
  }

  /// Finds and reads every table and String Catalog of a layer. Files are read in parallel; the result does not
  /// depend on the order in which they finish.
  /// - Parameter layer: The layer to load.
  public init(_ layer: Layer) {
    self.init(layer, options: MergeOptions())
  }

  /// Finds and reads every table of a layer but the excluded ones.
  /// - Parameters:
  ///   - layer: The layer to load.
  ///   - exclude: Patterns of tables (by path inside the layer) to leave unread.
  public init(_ layer: Layer, excluding exclude: [PathGlob]) {
    self.init(layer, options: MergeOptions(exclude: exclude))
  }

  /// Finds and reads the tables of a layer that a merge with these options reads: excluded tables
  /// are left unread, and links into the merge's destination are not followed.
  /// - Parameters:
  ///   - layer: The layer to load.
  ///   - options: The merge's options (``MergeOptions/exclude`` and ``MergeOptions/destination``).
  ///   - destinations: Further folders not to read through links: those of other merges that
  ///     share this layer.
  public init(_ layer: Layer, options: MergeOptions, skippingLinksInto destinations: [String] = []) {
    self.layer = layer
    let scan = LayerScanner.scan(layer, skippingLinksInto: (options.destination.map { [$0] } ?? []) + destinations)
    let found = scan.tables.filter { !options.excludes($0.key.relativePath) }.sorted { $0.key < $1.key }
    let parsed = found.map { (address: $0.key, path: $0.value) }.concurrentMap { file in
      (file.address, LocalizationFileReader.read(path: file.path, kind: file.address.kind))
    }
    files = Dictionary(parsed, uniquingKeysWith: { first, _ in first })
    let foundCatalogs = scan.catalogs.filter { !options.excludes($0.key.relativePath) }.sorted { $0.key < $1.key }
    let parsedCatalogs = foundCatalogs.map { (address: $0.key, path: $0.value) }.concurrentMap { file in
      (file.address, StringCatalogReader.read(path: file.path))
    }
    catalogs = Dictionary(parsedCatalogs, uniquingKeysWith: { first, _ in first })
    diagnostics = scan.diagnostics
  }
}
