/// The development-language table an XLIFF `<file>` translates, read from the layer as it is
/// now: which keys and strings a translation may fill, the text each one translates, and the
/// value a translation's format specifiers must fit.
enum ImportReference: Sendable {
  /// A `.strings` or `.stringsdict` table.
  case table(ParsedFile)
  /// A String Catalog.
  case catalog(StringCatalog, path: String)

  /// Reads the original.
  /// - Returns: The original, or the first error that keeps it from being read.
  static func read(_ destination: ImportDestination) -> (reference: ImportReference?, error: Diagnostic?) {
    if destination.kind == .xcstrings {
      let parsed = StringCatalogReader.read(path: destination.originalPath)
      guard let catalog = parsed.catalog, !parsed.hasErrors else {
        return (nil, parsed.diagnostics.first { $0.severity == .error })
      }
      return (.catalog(catalog, path: destination.originalPath), nil)
    }
    let parsed = LocalizationFileReader.read(path: destination.originalPath, kind: destination.kind)
    guard !parsed.hasErrors else { return (nil, parsed.diagnostics.first { $0.severity == .error }) }
    return (.table(parsed), nil)
  }

  /// The strings of a key translated into `language`, or `nil` when the table has no such key
  /// (or, in a catalog, the key is not to be translated).
  func leaves(of key: String, language: String) -> [TranslationLeaves.Leaf]? {
    switch self {
    case .table(let file):
      guard let entry = file.table[key] else { return nil }
      if file.kind == .strings {
        return entry.value.stringValue.map { [TranslationLeaves.Leaf(path: [], source: $0)] }
      }
      return TranslationLeaves.ofRule(entry.value, language: language)
    case .catalog(let catalog, _):
      guard let entry = catalog[key], entry.shouldTranslate != false else { return nil }
      return TranslationLeaves.ofCatalog(entry[catalog.sourceLanguage]?.variant, key: key, language: language)
    }
  }

  /// The comment above the key's entry.
  func comment(of key: String) -> String? {
    switch self {
    case .table(let file): return file.table[key]?.comment
    case .catalog(let catalog, _): return catalog[key]?.comment
    }
  }

  /// The value a translation of the key must fit, as the runtime sees it: the `.strings` value,
  /// the `.stringsdict` rule, or what the catalog's source localization compiles to (the key
  /// itself without one).
  func value(of key: String) -> LocalizationValue? {
    switch self {
    case .table(let file): return file.table[key]?.value
    case .catalog(let catalog, _):
      guard let entry = catalog[key] else { return nil }
      return entry[catalog.sourceLanguage].map { CatalogMerger.runtimeValue(of: $0.variant, key: key) } ?? .string(key)
    }
  }

  /// Where the key's development-language text is.
  func location(of key: String) -> SourceLocation {
    switch self {
    case .table(let file): return SourceLocation(path: file.path, position: file.table[key]?.position)
    case .catalog(let catalog, let path):
      let entry = catalog[key]
      return SourceLocation(path: path, position: entry?[catalog.sourceLanguage]?.position ?? entry?.position)
    }
  }

  /// The language the original is written in.
  var language: String? {
    switch self {
    case .table: return nil
    case .catalog(let catalog, _): return catalog.sourceLanguage
    }
  }

  /// The encoding of a `.strings` or `.stringsdict` original, which a new table of its language
  /// takes (a UTF-16 layer stays UTF-16).
  var encoding: TableTextEncoding? {
    guard case .table(let file) = self else { return nil }
    return file.encoding.flatMap(TableTextEncoding.init(rawValue:))
  }

  /// What a `.stringsdict` variable or catalog substitution on a unit's path needs if the
  /// translation does not have it yet: the development language's.
  func variable(of key: String, at path: [String]) -> TableEdit.Variable? {
    switch self {
    case .table(let file):
      guard file.kind == .stringsdict, path.count == 2, let value = file.table[key]?.value else { return nil }
      return TableEdit.Variable.stringsdict(path[0], in: value)
    case .catalog(let catalog, _):
      guard let name = path.firstIndex(of: "substitutions").map({ path.index(after: $0) }), name < path.count,
        var variant = catalog[key]?[catalog.sourceLanguage]?.variant
      else { return nil }
      // A substitution inside a device case belongs to that case's variant.
      if path.first == "device", path.count > 2,
        let device = variant.variations?.device?.last(where: { $0.name == path[1] })
      {
        variant = device.variant
      }
      return TableEdit.Variable.catalogSubstitution(path[name], in: variant)
    }
  }
}
