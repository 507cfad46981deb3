/// One layer an extraction produces: the base, a brand or a target's overlay.
public struct ExtractedLayer: Hashable, Sendable {
  /// Where the layer stands in the stack.
  public enum Role: String, Hashable, Sendable {
    /// What every target shares.
    case base
    /// What the targets of one brand share beyond the base.
    case brand
    /// What one target has of its own.
    case target
  }

  /// The layer's name, which is also its folder inside `OUT`.
  public var name: String
  /// Where the layer stands.
  public var role: Role
  /// The layer's tables, by address; only tables the layer writes.
  public var tables: [TableAddress: LocalizationTable]

  /// Creates a layer.
  public init(name: String, role: Role, tables: [TableAddress: LocalizationTable] = [:]) {
    self.name = name
    self.role = role
    self.tables = tables
  }

  /// The number of entries over all tables.
  public var entryCount: Int { tables.values.reduce(0) { $0 + $1.count } }

  /// The layer's files, relative to `OUT` (`<name>/<lang>.lproj/<Table>.strings`), sorted by path.
  public var files: [OutputFile] {
    tables.keys.sorted().map { address in
      OutputFile(
        relativePath: name + "/" + address.relativePath,
        bytes: LocalizationFileWriter.data(for: tables[address] ?? LocalizationTable(), as: address.kind))
    }
  }
}
