/// One file a merge produces, at its path relative to the destination folder.
public struct OutputFile: Hashable, Sendable {
  /// The path relative to the destination: `[folders/]<lang>.lproj/<Table>.strings`,
  /// `.stringsdict`, or `[folders/]<Table>.xcstrings`.
  public var relativePath: String
  /// The file's bytes.
  public var bytes: [UInt8] {
    get { contents.joined }
    set { contents = OutputBytes(newValue) }
  }
  /// The bytes as they are held: perhaps pieces of other files' renderings.
  var contents: OutputBytes

  /// Creates an output.
  /// - Parameters:
  ///   - relativePath: The path relative to the destination.
  ///   - bytes: The file's bytes.
  public init(relativePath: String, bytes: [UInt8]) {
    self.init(relativePath: relativePath, contents: OutputBytes(bytes))
  }

  /// An output whose bytes may be pieces of shared buffers.
  init(relativePath: String, contents: OutputBytes) {
    self.relativePath = relativePath
    self.contents = contents
  }

  public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
    lhs.relativePath == rhs.relativePath && lhs.contents.count == rhs.contents.count
      && rhs.contents.joined.withUnsafeBufferPointer { lhs.contents.isEqual(to: $0) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(relativePath)
    hasher.combine(contents.joined)
  }

  /// The files of merged tables, each written in its format, rendered on every core. The
  /// languages of merged catalogs are left out: ``files(for:)-(MergeResult)`` writes catalogs.
  /// - Parameter tables: The merged tables.
  /// - Returns: One output per table that is not a catalog's language, in the same order.
  public static func files(for tables: [MergedTable]) -> [OutputFile] {
    files(for: tables, reusing: nil)
  }

  /// The same, copying the text of unchanged entries from shared layers' renderings.
  static func files(for tables: [MergedTable], reusing renderings: SharedRenderings?) -> [OutputFile] {
    tables.filter { !$0.address.isCatalog }.concurrentMap { file(for: $0, reusing: renderings) }
  }

  /// The file of one merged table that is not a catalog's language, written from the table's
  /// entries position by position: making the table whole first copied every entry and record.
  private static func file(for table: MergedTable, reusing renderings: SharedRenderings?) -> OutputFile {
    if let contents = renderings?.contents(for: table) {
      return OutputFile(relativePath: table.address.relativePath, contents: contents)
    }
    return OutputFile(relativePath: table.address.relativePath, contents: OutputBytes(render(table)))
  }

  /// The bytes of a merged table that is not a catalog's language, in its format.
  private static func render(_ table: MergedTable) -> [UInt8] {
    switch table.address.kind {
    case .strings: return StringsFileWriter.rendering(count: table.count, entry: table.entry(at:)).bytes
    case .stringsdict, .xcstrings: return StringsDictFileWriter.data(count: table.count, entry: table.entry(at:))
    }
  }

  /// ``files(for:)-(MergeResult)`` with each table's bytes rendered only when an ``OutputPlan``
  /// compares and writes it: the plan renders files on every core and holds each rendering only
  /// while it writes the file, so that a merge's outputs are never all in memory at once. Reading
  /// ``bytes`` renders the file again each time.
  /// - Parameter result: The merge.
  /// - Returns: The outputs, sorted by path.
  package static func filesRenderedWhenWritten(for result: MergeResult) -> [OutputFile] {
    let tables = result.tables.filter { !$0.address.isCatalog }
    let deferred = tables.map { table in
      OutputFile(relativePath: table.address.relativePath, contents: OutputBytes(rendering: { render(table) }))
    }
    var catalogs = result
    catalogs.tables = []
    return (deferred + files(for: catalogs)).sorted {
      $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8)
    }
  }

  /// Every file a merge writes: its tables, and for each merged catalog either the tables it
  /// compiles to (`[folders/]<lang>.lproj/<Table>.strings`, `.stringsdict`) or the catalog
  /// itself in Xcode's layout, as ``MergeResult/catalogOutput`` says.
  /// - Parameter result: The merge.
  /// - Returns: The outputs, sorted by path.
  public static func files(for result: MergeResult) -> [OutputFile] {
    files(for: result, reusing: nil)
  }

  /// The same, copying the text of unchanged entries from shared layers' renderings.
  static func files(for result: MergeResult, reusing renderings: SharedRenderings?) -> [OutputFile] {
    // Two flat parallel maps (a map inside a map would run on one core): the tables' files beside
    // the catalogs' compilation, then the compiled languages' files.
    enum Work: Sendable {
      case table(MergedTable)
      case catalog(MergedCatalog)
    }
    enum Done: Sendable {
      case files([OutputFile])
      case compiled(CompiledCatalog, folder: String)
    }
    let work = result.tables.filter { !$0.address.isCatalog }.map(Work.table) + result.catalogs.map(Work.catalog)
    let output = result.catalogOutput
    let done = work.concurrentMap { item -> Done in
      switch item {
      case .table(let table):
        return .files([file(for: table, reusing: renderings)])
      case .catalog(let merged) where output == .merged:
        return .files(catalogFiles(for: merged, as: .merged))
      case .catalog(let merged):
        let compiled = CatalogCompiler.compileWithoutChecks(merged.catalog, tableName: merged.address.table)
        return .compiled(compiled, folder: merged.address.languageFoldersDirectory)
      }
    }
    var files: [OutputFile] = []
    var languages: [(compiled: CompiledCatalog, folder: String, language: Int)] = []
    for item in done {
      switch item {
      case .files(let rendered): files += rendered
      case .compiled(let compiled, let folder): languages += compiled.languages.indices.map { (compiled, folder, $0) }
      }
    }
    files += languages.concurrentMap { compiled, folder, language in
      compiled.outputs(ofLanguage: language).map { $0.inFolder(folder) }
    }.flatMap { $0 }
    return files.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
  }

  /// The files of one merged catalog.
  /// - Parameters:
  ///   - merged: The merged catalog.
  ///   - output: Compiled tables, or the catalog.
  /// - Returns: The outputs, relative to the destination.
  public static func catalogFiles(for merged: MergedCatalog, as output: CatalogOutput) -> [OutputFile] {
    switch output {
    case .merged:
      return [
        OutputFile(relativePath: merged.address.relativePath, bytes: StringCatalogWriter.data(for: merged.catalog))
      ]
    case .compiled:
      let folder = merged.address.languageFoldersDirectory
      return CatalogCompiler.compileWithoutChecks(merged.catalog, tableName: merged.address.table).outputs.map {
        $0.inFolder(folder)
      }
    }
  }

  /// The file at the same path inside `folder` (`""` for the destination itself).
  private func inFolder(_ folder: String) -> OutputFile {
    folder.isEmpty ? self : OutputFile(relativePath: folder + "/" + relativePath, contents: contents)
  }
}
