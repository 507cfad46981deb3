/// A layer whose tables have been found and read.
public struct LoadedLayer: Sendable {
  /// The layer.
  public var layer: Layer
  /// Its tables, parsed, by address.
  public var files: [TableAddress: ParsedFile] {
    didSet { fileOrder = nil }
  }
  /// The addresses of `files` in order, when known (a build sorts its shared base's once).
  private var fileOrder: [TableAddress]?
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

  /// The addresses of ``files``, sorted.
  var sortedFileAddresses: [TableAddress] {
    fileOrder ?? files.keys.sorted()
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
    self = Self.load([layer], options: options, skippingLinksInto: destinations)[0]
  }

  /// Finds and reads the tables of several layers, every file of every layer in one parallel map:
  /// loading layers one per core leaves a core idle once the small layers are read and a large
  /// base is not.
  /// - Parameters:
  ///   - layers: The layers to load.
  ///   - options: The merge's options (``MergeOptions/exclude`` and ``MergeOptions/destination``).
  ///   - destinations: Further folders not to read through links.
  ///   - keeping: Which tables and catalogs to read, by address (all when `nil`).
  /// - Returns: The loaded layers, in the order of `layers`.
  package static func load(
    _ layers: [Layer], options: MergeOptions, skippingLinksInto destinations: [String] = [],
    keeping: ((TableAddress) -> Bool)? = nil
  ) -> [LoadedLayer] {
    load(
      layers, options: options, skippingLinksIntoResolved: resolvedDestinations(options: options, destinations),
      keeping: keeping)
  }

  /// The folders a load with these options and further destinations does not read through links
  /// into, resolved: for ``load(_:options:skippingLinksIntoResolved:keeping:)``.
  static func resolvedDestinations(options: MergeOptions, _ destinations: [String]) -> [String] {
    ((options.destination.map { [$0] } ?? []) + destinations).compactMap(LayerScanner.resolvedPath)
  }

  /// ``load(_:options:skippingLinksInto:keeping:)`` with the destinations resolved already: a
  /// build that reads each target's own layers when it gets to the target resolves every
  /// destination once, not once per target (a resolution costs a system call per folder of the
  /// path).
  static func load(
    _ layers: [Layer], options: MergeOptions, skippingLinksIntoResolved skipped: [String],
    keeping: ((TableAddress) -> Bool)? = nil
  ) -> [LoadedLayer] {
    let scans = layers.concurrentMap { LayerScanner.scan($0, skippingLinksIntoResolved: skipped) }
    var found: [FileToRead] = []
    for (index, scan) in scans.enumerated() {
      for (address, path) in scan.tables.sorted(by: { $0.key < $1.key })
      where !options.excludes(address.relativePath) && keeping?(address) != false {
        found.append(FileToRead(layer: index, address: address, path: path))
      }
      for (address, path) in scan.catalogs.sorted(by: { $0.key < $1.key })
      where !options.excludes(address.relativePath) && keeping?(address) != false {
        found.append(FileToRead(layer: index, address: address, path: path))
      }
    }
    var loaded = zip(layers, scans).map { layer, scan in
      var loaded = LoadedLayer(layer: layer, files: [:])
      loaded.diagnostics = scan.diagnostics
      return loaded
    }
    read(found, into: &loaded)
    // The tables were found in address order.
    var orders = Array(repeating: [TableAddress](), count: layers.count)
    for file in found where !file.address.isCatalog { orders[file.layer].append(file.address) }
    for index in loaded.indices { loaded[index].fileOrder = orders[index] }
    return loaded
  }

  /// A table or catalog file to read into one of several layers.
  package struct FileToRead: Sendable {
    /// The layer's index.
    var layer: Int
    /// Where the file goes in the layer (a catalog's address for a String Catalog).
    var address: TableAddress
    /// The file.
    var path: String

    package init(layer: Int, address: TableAddress, path: String) {
      self.layer = layer
      self.address = address
      self.path = path
    }
  }

  /// Reads the files, all in one parallel map, into their layers; the first file for an
  /// address stays.
  package static func read(_ files: [FileToRead], into layers: inout [LoadedLayer]) {
    enum Read: Sendable {
      case table(ParsedFile)
      case catalog(ParsedCatalog)
    }
    let read = files.concurrentMap { file -> Read in
      file.address.isCatalog
        ? .catalog(StringCatalogReader.read(path: file.path))
        : .table(LocalizationFileReader.read(path: file.path, kind: file.address.kind))
    }
    for (file, result) in zip(files, read) {
      switch result {
      case .table(let parsed):
        if layers[file.layer].files[file.address] == nil { layers[file.layer].files[file.address] = parsed }
      case .catalog(let parsed):
        if layers[file.layer].catalogs[file.address] == nil { layers[file.layer].catalogs[file.address] = parsed }
      }
    }
  }
}
