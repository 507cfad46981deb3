/// One value a project keeps although a check reports it as an error: an entry of the project
/// file's `"baseline"`, as SwiftLint's baseline or a lint allow-list. `extract --keep-errors`
/// writes one for each value of the copies that `build` would refuse (a translation the team does
/// not own, with a format that can crash), so the migration goes ahead while every new mistake —
/// another key, another file, or the same key with another value — still fails.
///
///     "baseline": [
///       {"rule": "format-mismatch", "file": "Localization/Globex/de.lproj/Localizable.strings",
///        "key": "files", "value": "%@ Dateien"}
///     ]
///
/// A diagnostic matches when it has the code, lies at the key's entry in the file (for a String
/// Catalog: at the key's localization in the language), and the entry's value is still the one
/// listed. Matching diagnostics are not reported, whatever the rule's level.
public struct KnownError: Hashable, Sendable {
  /// The check that reports the value.
  public var code: DiagnosticCode
  /// The table or catalog file that holds the value, as the project file resolves it (relative
  /// to its folder).
  public var file: String
  /// The key.
  public var key: String
  /// A String Catalog's language; `nil` in a `.strings` or `.stringsdict` file.
  public var language: String?
  /// The value, as ``text(of:)`` writes it.
  public var value: String

  /// Creates an entry.
  public init(code: DiagnosticCode, file: String, key: String, language: String? = nil, value: String) {
    self.code = code
    self.file = file
    self.key = key
    self.language = language
    self.value = value
  }

  /// The entry for a diagnostic of a merge: the value at the diagnostic's place in one of the
  /// layers' files, or `nil` when the diagnostic is not at a value (a file, a layer).
  /// - Parameters:
  ///   - diagnostic: A diagnostic the merge of `layers` reported.
  ///   - layers: The layers, with their files as read.
  public static func at(_ diagnostic: Diagnostic, in layers: [LoadedLayer]) -> KnownError? {
    diagnostic.location.flatMap { at($0, code: diagnostic.code, in: layers) }
  }

  /// The entry for the value at a place in one of the layers' files, or `nil` when no value is there.
  /// - Parameters:
  ///   - location: A file of the layers, and a position in it.
  ///   - code: The check the entry is for.
  ///   - layers: The layers, with their files as read.
  public static func at(_ location: SourceLocation, code: DiagnosticCode, in layers: [LoadedLayer]) -> KnownError? {
    var locator = ValueLocator(layers)
    return at(location, code: code, in: &locator)
  }

  /// The same, with the layers' values indexed already (many places in the same files).
  static func at(_ location: SourceLocation, code: DiagnosticCode, in locator: inout ValueLocator) -> KnownError? {
    switch locator.value(at: location) {
    case nil: return nil
    case .entry(let entry, _)?:
      return KnownError(code: code, file: location.path, key: entry.key, value: text(of: entry.value))
    case .localization(let entry, let localization, _)?:
      return KnownError(
        code: code, file: location.path, key: entry.key, language: localization.language,
        value: text(of: localization.variant))
    }
  }

  /// The diagnostics without those the baseline lists.
  /// - Parameters:
  ///   - baseline: The known errors, their files resolved as the layers' are.
  ///   - diagnostics: What a merge reported.
  ///   - layers: The merge's layers, with their files as read.
  static func dropping(_ baseline: [KnownError], from diagnostics: [Diagnostic], layers: [LoadedLayer])
    -> [Diagnostic]
  {
    let codes = Set(baseline.map(\.code))
    guard diagnostics.contains(where: { codes.contains($0.code) }) else { return diagnostics }
    let known = Set(baseline.map(\.normalized))
    var locator = ValueLocator(layers)
    return diagnostics.filter { diagnostic in
      guard codes.contains(diagnostic.code), let location = diagnostic.location,
        let entry = at(location, code: diagnostic.code, in: &locator)
      else { return true }
      return !known.contains(entry.normalized)
    }
  }

  /// A value as a baseline lists it: a string as it is; anything else (a `.stringsdict` rule) as
  /// compact JSON with its keys sorted, so that reordering the file's keys changes nothing.
  public static func text(of value: LocalizationValue) -> String {
    if case .string(let text) = value { return text }
    return JSONValue(sorted(value)).serialized()
  }

  /// A catalog localization as a baseline lists it: its text when it is only a string unit, else
  /// its JSON as the catalog writes it, on one line.
  public static func text(of variant: CatalogVariant) -> String {
    if let unit = variant.stringUnit, variant.variations == nil, variant.substitutions == nil {
      return unit.value
    }
    // Xcode's layout breaks lines only between members, never inside a string.
    var text = ""
    var atLineStart = false
    for character in String(decoding: StringCatalogWriter.data(for: variant), as: UTF8.self) {
      if character == "\n" {
        atLineStart = true
      } else if !(atLineStart && character == " ") {
        atLineStart = false
        text.append(character)
      }
    }
    return text
  }

  // MARK: - Private

  /// The same entry with its file as an absolute path, for comparing.
  private var normalized: KnownError {
    var copy = self
    copy.file = PathText.absolute(file)
    return copy
  }

  private static func sorted(_ value: LocalizationValue) -> LocalizationValue {
    switch value {
    case .dictionary(let dictionary):
      return .dictionary(
        OrderedDictionary(
          dictionary.pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
            ($0.key, sorted($0.value))
          }
        ))
    case .array(let elements): return .array(elements.map(sorted))
    default: return value
    }
  }
}
