/// A layer whose tables have been found and read.
public struct LoadedLayer: Sendable {
  /// The layer.
  public var layer: Layer
  /// Its tables, parsed, by address.
  public var files: [TableAddress: ParsedFile]
  /// Its String Catalogs, parsed, by address (`Localizable.xcstrings`, language `""`).
  public var catalogs: [TableAddress: ParsedCatalog] = [:]

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

  /// Finds and reads every table of a layer. Files are read in parallel; the result does not
  /// depend on the order in which they finish.
  /// - Parameter layer: The layer to load.
  public init(_ layer: Layer) {
    self.init(layer, excluding: [])
  }

  /// Finds and reads every table of a layer but the excluded ones.
  /// - Parameters:
  ///   - layer: The layer to load.
  ///   - exclude: Patterns of tables (by path inside the layer) to leave unread.
  public init(_ layer: Layer, excluding exclude: [PathGlob]) {
    self.layer = layer
    let found = LayerScanner.tables(in: layer).filter { table in
      !exclude.contains { $0.matches(table.key.relativePath) }
    }.sorted { $0.key < $1.key }
    let parsed = found.map { (address: $0.key, path: $0.value) }.concurrentMap { file in
      (file.address, LocalizationFileReader.read(path: file.path, kind: file.address.kind))
    }
    let files = Dictionary(parsed, uniquingKeysWith: { first, _ in first })
    self.files = files
  }
}
