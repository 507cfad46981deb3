import LayerMerge

extension CatalogOutput {
  /// The value of `--catalogs`, on every command that takes it.
  /// - Throws: A usage error naming the two values.
  init(argument: String) throws(UsageError) {
    guard let output = CatalogOutput(rawValue: argument) else {
      throw UsageError("--catalogs takes compiled or merged, got '\(argument)'")
    }
    self = output
  }
}
