/// One layer an extraction produces: the base, a brand or a target's overlay.
public struct ExtractedLayer: Hashable, Sendable {
  /// Where the layer stands in the stack.
  public enum Role: String, Hashable, Sendable {
    /// What every target shares.
    case base
    /// What the targets of one brand share beyond the base, or what some targets share beyond
    /// the base and their brands.
    case brand
    /// What one target has of its own.
    case target
  }

  /// The layer's name, which is also its folder inside `OUT`.
  public var name: String
  /// Where the layer stands.
  public var role: Role
  /// The layer's `.strings` and `.stringsdict` tables, by address; only tables the layer writes.
  public var tables: [TableAddress: LocalizationTable]
  /// The layer's String Catalogs, by address (language `""`); only catalogs the layer writes.
  public var catalogs: [TableAddress: StringCatalog]

  /// Creates a layer.
  public init(
    name: String, role: Role, tables: [TableAddress: LocalizationTable] = [:],
    catalogs: [TableAddress: StringCatalog] = [:]
  ) {
    self.name = name
    self.role = role
    self.tables = tables
    self.catalogs = catalogs
  }

  /// Whether the layer writes nothing.
  public var isEmpty: Bool { tables.isEmpty && catalogs.isEmpty }

  /// The number of entries over all tables and catalogs.
  public var entryCount: Int {
    tables.values.reduce(0) { $0 + $1.count } + catalogs.values.reduce(0) { $0 + $1.entries.count }
  }

  /// The layer's files, relative to `OUT` (`<name>/<lang>.lproj/<Table>.strings`,
  /// `<name>/<Table>.xcstrings` in Xcode's layout), sorted by path.
  public var files: [OutputFile] {
    let tableFiles = tables.keys.sorted().map { address in
      OutputFile(
        relativePath: name + "/" + address.relativePath,
        bytes: LocalizationFileWriter.data(for: tables[address] ?? LocalizationTable(), as: address.kind))
    }
    let catalogFiles = catalogs.keys.sorted().compactMap { address in
      catalogs[address].map {
        OutputFile(relativePath: name + "/" + address.relativePath, bytes: StringCatalogWriter.data(for: $0))
      }
    }
    return (tableFiles + catalogFiles).sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
  }
}
