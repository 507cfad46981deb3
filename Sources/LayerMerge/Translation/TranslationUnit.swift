/// One string to translate into one language: where it lives in its entry, the text it
/// translates and, when the owning layer has one, its current translation.
public struct TranslationUnit: Hashable, Sendable {
  /// The entry's key.
  public var key: String
  /// The string's place in the entry: `[]` for a `.strings` value or a catalog's plain string
  /// unit; `["count", "one"]` in a `.stringsdict` rule; `["plural", "one"]` in a catalog
  /// localization (see ``TranslationLeaves``).
  public var path: [String]
  /// The development-language text.
  public var source: String
  /// The owning layer's translation, if it has one.
  public var target: String?
  /// The catalog state of that translation (`translated`, `needs_review`, `new`), if it has one.
  public var state: String?
  /// The comment above the development-language entry, for the translator.
  public var note: String?
  /// What the targets that show the key need in this language.
  public var need: TranslationNeed

  /// Creates a unit.
  public init(
    key: String, path: [String], source: String, target: String? = nil, state: String? = nil, note: String? = nil,
    need: TranslationNeed
  ) {
    self.key = key
    self.path = path
    self.source = source
    self.target = target
    self.state = state
    self.note = note
    self.need = need
  }
}

/// The units of one owning table for one language: what goes into one `<file>` of an XLIFF.
public struct TranslationTable: Hashable, Sendable {
  /// The owning layer's folder.
  public var layer: String
  /// The development-language table (or catalog) inside the layer: `en.lproj/Localizable.strings`.
  public var table: String
  /// The same path relative to the project's folder, as an XLIFF `original` names it:
  /// `Localization/Acme/en.lproj/Localizable.strings`.
  public var original: String
  /// The table's kind.
  public var kind: LocalizationFileKind
  /// The units, in the order of the table's entries.
  public var units: [TranslationUnit]

  /// Creates a table.
  public init(layer: String, table: String, original: String, kind: LocalizationFileKind, units: [TranslationUnit]) {
    self.layer = layer
    self.table = table
    self.original = original
    self.kind = kind
    self.units = units
  }

  /// The table's path: the layer's folder and the table's path inside it.
  public var path: String { PathText.join(layer, table) }
}
