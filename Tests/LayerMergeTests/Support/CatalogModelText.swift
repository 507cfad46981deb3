@testable import LayerMerge

/// A catalog model as text, for comparing two readings of one file: shared by
/// `StringCatalogDirectReaderTests` and the `catalog` fuzz target (`Tests/Fuzz/FuzzCatalog.swift`).
enum CatalogModelText {
  /// Everything the model holds, positions included, as text.
  static func everything(_ catalog: StringCatalog?) -> String {
    guard let catalog else { return "nil" }
    return String(reflecting: catalog.sourceLanguage) + String(reflecting: catalog.sourceLanguagePosition)
      + String(reflecting: catalog.version) + String(reflecting: catalog.otherFields)
      + String(reflecting: catalog.entries)
  }
}
