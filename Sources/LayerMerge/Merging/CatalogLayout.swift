/// Which tables of a stack are String Catalogs, and which files of each layer belong to them.
///
/// A table is a catalog when any layer holds it as `[folders/]<Table>.xcstrings`; layers line up
/// by that path. Every layer's `.strings` and `.stringsdict` tables of the same name — in the
/// `<lang>.lproj` folders beside the catalog, or beside its `mul.lproj` folder — belong to it.
struct CatalogLayout: Sendable {
  /// Every catalog of the stack, sorted.
  let addresses: [TableAddress]
  /// Two catalogs that would compile to the same tables.
  let diagnostics: [Diagnostic]
  /// The catalog that `<folders>\0<Table>` tables belong to.
  private let catalogByTable: [String: TableAddress]

  /// Finds the catalogs of a stack.
  /// - Parameters:
  ///   - catalogs: Each layer's catalogs, lowest layer first.
  ///   - layers: The layers, for diagnostics.
  init(_ catalogs: [[TableAddress: ParsedCatalog]], layers: [Layer]) {
    addresses = Set(catalogs.flatMap(\.keys)).sorted()
    var byTable: [String: TableAddress] = [:]
    var diagnostics: [Diagnostic] = []
    for address in addresses {
      let name = Self.tableKey(directory: address.languageFoldersDirectory, table: address.table)
      guard let first = byTable[name] else {
        byTable[name] = address
        continue
      }
      let layer = catalogs.firstIndex { $0[address] != nil } ?? 0
      let folder = address.languageFoldersDirectory.isEmpty ? "" : address.languageFoldersDirectory + "/"
      diagnostics.append(
        Diagnostic(
          .error, .duplicateTable,
          "this catalog and \(first.relativePath) both compile to \(folder)<lang>.lproj/\(address.table).strings; "
            + "Xcode allows one catalog per table name in a target",
          at: SourceLocation(path: catalogs[layer][address]?.path ?? layers[layer].path + "/" + address.relativePath)))
    }
    catalogByTable = byTable
    self.diagnostics = diagnostics
  }

  /// The catalog a `.strings` or `.stringsdict` table belongs to, if its table is a catalog.
  func catalog(for table: TableAddress) -> TableAddress? {
    guard !catalogByTable.isEmpty else { return nil }
    return catalogByTable[Self.tableKey(directory: table.directory, table: table.table)]
  }

  /// Every catalog's parts in each layer that has it, lowest layer first.
  /// - Parameter loaded: The stack.
  func sources(in loaded: [LoadedLayer]) -> [TableAddress: [CatalogMerger.Source]] {
    var result: [TableAddress: [CatalogMerger.Source]] = [:]
    for (index, layer) in loaded.enumerated() {
      var parts: [TableAddress: CatalogMerger.Source] = [:]
      for (address, catalog) in layer.catalogs {
        parts[address] = CatalogMerger.Source(layerIndex: index, catalog: catalog, tables: [])
      }
      for (address, file) in layer.files {
        guard let catalog = self.catalog(for: address) else { continue }
        parts[catalog, default: CatalogMerger.Source(layerIndex: index, catalog: nil, tables: [])].tables.append(
          (address, file))
      }
      for (address, var part) in parts {
        part.tables.sort { $0.address < $1.address }
        result[address, default: []].append(part)
      }
    }
    return result
  }

  private static func tableKey(directory: String, table: String) -> String {
    directory + "\u{0}" + table
  }
}
