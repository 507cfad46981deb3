/// The translations of one owning table into one language, to import: what one `<file>` of an
/// XLIFF holds, with each unit's id read as a place in an entry.
public struct TranslationImportFile: Hashable, Sendable {
  /// One translated string.
  public struct Unit: Hashable, Sendable {
    /// The entry's key.
    public var key: String
    /// The string's place in the entry, as ``TranslationUnit/path`` names it.
    public var path: [String]
    /// The development-language text the translation was made from, if the file says.
    public var source: String?
    /// The translation.
    public var target: String
    /// The XLIFF state of the translation (`translated`, `needs-review-translation`, `final`…).
    public var state: String?
    /// The note for the translator: the comment of an entry the import adds.
    public var note: String?
    /// Where the translation is (the XLIFF file, the line and column of its `<target>`).
    public var location: SourceLocation

    /// Creates a unit.
    public init(
      key: String, path: [String] = [], source: String? = nil, target: String, state: String? = nil,
      note: String? = nil, location: SourceLocation
    ) {
      self.key = key
      self.path = path
      self.source = source
      self.target = target
      self.state = state
      self.note = note
      self.location = location
    }
  }

  /// The development-language table the units translate, relative to the project's folder
  /// (`Localization/Acme/en.lproj/Localizable.strings`), or a catalog's path.
  public var original: String
  /// The language the units are in.
  public var language: String?
  /// Where the file is described (the XLIFF file, the line and column of its `<file>`).
  public var location: SourceLocation
  /// The translated units.
  public var units: [Unit]
  /// Units without a translation (no `<target>`).
  public var untranslated: Int
  /// What reading the file found wrong with some of its units (an id of no known form): warnings
  /// the import reports, those units left out.
  public var problems: [Diagnostic]

  /// Creates a file.
  public init(
    original: String, language: String?, location: SourceLocation, units: [Unit], untranslated: Int = 0,
    problems: [Diagnostic] = []
  ) {
    self.original = original
    self.language = language
    self.location = location
    self.units = units
    self.untranslated = untranslated
    self.problems = problems
  }
}
