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

  /// The files of merged tables, each written in its format, rendered on every core.
  /// - Parameter tables: The merged tables.
  /// - Returns: One output per table, in the same order.
  public static func files(for tables: [MergedTable]) -> [OutputFile] {
    tables.concurrentMap { table in
      OutputFile(
        relativePath: table.address.relativePath,
        bytes: LocalizationFileWriter.data(for: table.table, as: table.address.kind))
    }
  }
}
