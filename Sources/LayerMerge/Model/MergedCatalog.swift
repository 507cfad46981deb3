/// One merged String Catalog: the catalog a target gets for a table that some layer of its stack
/// holds as a catalog, from every layer's catalog and `.strings`/`.stringsdict` tables of it.
///
/// Who supplied each (key, language) localization is in the merge's ``MergeResult/tables``: one
/// ``MergedTable`` per language, whose address is this catalog's in that language.
public struct MergedCatalog: Sendable {
  /// The catalog's path inside the layers (`Localizable.xcstrings`, `mul.lproj/Main.xcstrings`);
  /// its language is `""`.
  public var address: TableAddress
  /// The merged catalog. Each entry keeps the `extractionState` its layers give it (the highest
  /// that sets one); a key the base layer does not have and no layer gives a state is
  /// `extractionState: manual`, so that Xcode's extraction does not mark it stale.
  public var catalog: StringCatalog
  /// The files that contributed (catalogs and tables), lowest layer first.
  public var sources: [String]
  /// The indexes of the layers those files belong to, in the same order.
  public var layerIndexes: [Int]
  /// The lowest layer that has each key, in the order of the catalog's entries.
  var introducingLayers: [Int] = []

  /// Creates a merged catalog.
  public init(address: TableAddress, catalog: StringCatalog, sources: [String], layerIndexes: [Int]) {
    self.address = address
    self.catalog = catalog
    self.sources = sources
    self.layerIndexes = layerIndexes
  }
}
