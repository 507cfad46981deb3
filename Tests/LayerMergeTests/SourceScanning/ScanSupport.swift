import LayerMerge

/// Scans a source text for the tests.
func scanned(
  _ source: String, _ language: SourceLanguage = .swift, helpers: [LookupHelper] = []
) -> [SourceLookup] {
  SourceScanner(helpers: helpers).scan(Array(source.utf8), language: language)
}

/// The keys found, as listed.
func keys(_ source: String, _ language: SourceLanguage = .swift, helpers: [LookupHelper] = []) -> [LookupKey] {
  scanned(source, language, helpers: helpers).map(\.key)
}

/// SwiftGen's `L10n.tr(table, key)`, and the `"key".localized` style.
let swiftGenHelper = LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0)))
let propertyHelper = LookupHelper(form: .property(name: "localized"), defaultTable: "Strings")
