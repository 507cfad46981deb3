/// What a merge writes for a table that some layer holds as a String Catalog.
public enum CatalogOutput: String, Hashable, Sendable, CaseIterable {
  /// The compiled tables the bundle needs, `[folders/]<lang>.lproj/<Table>.strings` and
  /// `.stringsdict`, as `xcstringstool compile` writes them (the default): a Run Script phase,
  /// file lists and stale-output cleanup work as for `.strings` tables.
  case compiled
  /// The merged catalog, `[folders/]<Table>.xcstrings`, in Xcode's layout, for a target that
  /// compiles it itself (`--catalogs merged`).
  case merged
}
