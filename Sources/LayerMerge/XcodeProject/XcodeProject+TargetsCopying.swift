extension XcodeProject {
  /// A target that copies some of a set of files: what `init --xcodeproj` and `install` name when
  /// a target outside the migration (a UI-test bundle, a framework) still copies the old files.
  public struct TargetCopying: Hashable, Sendable {
    /// The target.
    public var target: String
    /// Its product type (`com.apple.product-type.bundle.ui-testing`), if it has one.
    public var productType: String?
    /// Each of its tables that copies some of the files, with only those files, sorted by name.
    public var tables: [LocalizedTable]
  }

  /// The targets not named in `names` whose tables copy any of `files`, in the project's order:
  /// after the targets named stop copying them, these still do, so the files stay needed.
  /// - Parameters:
  ///   - files: Paths relative to the source root, as ``LocalizedTable/files`` has them.
  ///   - names: The targets to leave out (those of the migration, of `locmerge.json`).
  public func targets(copying files: Set<String>, except names: Set<String>) -> [TargetCopying] {
    guard !files.isEmpty else { return [] }
    return targets.compactMap { target in
      guard !names.contains(target.name) else { return nil }
      let tables = target.tables.compactMap { table -> LocalizedTable? in
        var table = table
        table.files = table.files.filter { files.contains($0.value) }
        return table.files.isEmpty ? nil : table
      }
      return tables.isEmpty ? nil : TargetCopying(target: target.name, productType: target.productType, tables: tables)
    }
  }
}
