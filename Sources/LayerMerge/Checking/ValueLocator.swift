/// The value at a place in some layers' files: the entry of a `.strings` or `.stringsdict` table
/// that starts there, or the String Catalog localization whose text holds it. What a known error
/// (``KnownError``) is matched by, and how an extraction's errors are placed back in the copies.
///
/// Each file is indexed the first time a place in it is asked for, so asking for many places
/// costs time linear in the files and the places, whatever they are.
struct ValueLocator {
  /// Where a place is.
  enum Value {
    /// An entry of a table.
    case entry(LocalizationEntry, address: TableAddress)
    /// A localization of a catalog's key.
    case localization(CatalogEntry, CatalogLocalization, address: TableAddress)

    /// The key.
    var key: String {
      switch self {
      case .entry(let entry, _): return entry.key
      case .localization(let entry, _, _): return entry.key
      }
    }

    /// The table or catalog's address in its layer.
    var address: TableAddress {
      switch self {
      case .entry(_, let address), .localization(_, _, let address): return address
      }
    }
  }

  private let tables: [String: (address: TableAddress, file: ParsedFile)]
  private let catalogs: [String: (address: TableAddress, catalog: StringCatalog)]
  /// Each table's entries by position, made when first needed.
  private var entryIndexes: [String: [TextPosition: Int]] = [:]
  /// Each catalog's localizations in order of position, made when first needed.
  private var localizationIndexes: [String: [(position: TextPosition, entry: Int, localization: Int)]] = [:]

  init(_ layers: [LoadedLayer]) {
    var tables: [String: (TableAddress, ParsedFile)] = [:]
    var catalogs: [String: (TableAddress, StringCatalog)] = [:]
    for layer in layers {
      for (address, file) in layer.files where tables[file.path] == nil { tables[file.path] = (address, file) }
      for (address, parsed) in layer.catalogs where catalogs[parsed.path] == nil {
        if let catalog = parsed.catalog { catalogs[parsed.path] = (address, catalog) }
      }
    }
    self.tables = tables
    self.catalogs = catalogs
  }

  /// The value at a place, or `nil` when none of the files has one there.
  mutating func value(at location: SourceLocation) -> Value? {
    guard let position = location.position else { return nil }
    if let (address, file) = tables[location.path] {
      if entryIndexes[location.path] == nil {
        var index: [TextPosition: Int] = [:]
        for (offset, entry) in file.table.entries.enumerated() {
          if let start = entry.position, index[start] == nil { index[start] = offset }
        }
        entryIndexes[location.path] = index
      }
      return entryIndexes[location.path]?[position].map { .entry(file.table.entries[$0], address: address) }
    }
    guard let (address, catalog) = catalogs[location.path] else { return nil }
    if localizationIndexes[location.path] == nil {
      var starts: [(position: TextPosition, entry: Int, localization: Int)] = []
      for (entryOffset, entry) in catalog.entries.enumerated() {
        // The entry itself, as a localization -1: a place before its first localization is none.
        if let start = entry.position { starts.append((start, entryOffset, -1)) }
        for (offset, localization) in (entry.localizations ?? []).enumerated() {
          if let start = localization.position { starts.append((start, entryOffset, offset)) }
        }
      }
      localizationIndexes[location.path] = starts.sorted { $0.position < $1.position }
    }
    let starts = localizationIndexes[location.path] ?? []
    // The last start at or before the place.
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle].position <= position { low = middle + 1 } else { high = middle }
    }
    guard low > 0, starts[low - 1].localization >= 0 else { return nil }
    let found = starts[low - 1]
    let entry = catalog.entries[found.entry]
    guard let localizations = entry.localizations else { return nil }
    return .localization(entry, localizations[found.localization], address: address)
  }
}
