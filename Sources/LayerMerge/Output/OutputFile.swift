/// One file a merge produces, at its path relative to the destination folder.
public struct OutputFile: Hashable, Sendable {
  /// The path relative to the destination: `[folders/]<lang>.lproj/<Table>.strings`,
  /// `.stringsdict`, or `[folders/]<Table>.xcstrings`.
  public var relativePath: String
  /// The file's bytes.
  public var bytes: [UInt8]

  /// Creates an output.
  /// - Parameters:
  ///   - relativePath: The path relative to the destination.
  ///   - bytes: The file's bytes.
  public init(relativePath: String, bytes: [UInt8]) {
    self.relativePath = relativePath
    self.bytes = bytes
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
    tables.filter { !$0.address.isCatalog }.concurrentMap { table in
      OutputFile(
        relativePath: table.address.relativePath,
        bytes: renderings?.data(for: table) ?? LocalizationFileWriter.data(for: table.table, as: table.address.kind))
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
    let tables = files(for: result.tables, reusing: renderings)
    let compiled = result.catalogs.concurrentMap { merged in
      catalogFiles(for: merged, as: result.catalogOutput)
    }.flatMap { $0 }
    return (tables + compiled).sorted {
      $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8)
    }
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
      return CatalogCompiler.compileWithoutChecks(merged.catalog, tableName: merged.address.table).outputs.map { file in
        OutputFile(
          relativePath: folder.isEmpty ? file.relativePath : folder + "/" + file.relativePath, bytes: file.bytes)
      }
    }
  }
}
