/// Which substitutions a catalog text refers to (`%#@name@`), and which of a localization's
/// shared substitutions each device form takes.
enum SubstitutionReferences {
  /// The variable names a text refers to, in order: by the format parser, or, for a text it
  /// rejects (a stray `%`), every `#@name@`.
  static func names(in text: String) -> [String] {
    if let specifiers = FormatSpecifier.parse(text) { return specifiers.compactMap(\.variable) }
    var names: [String] = []
    var rest = text[...]
    while let start = rest.firstRange(of: "#@") {
      let after = rest[start.upperBound...]
      guard let end = after.firstIndex(of: "@") else { break }
      names.append(String(after[..<end]))
      rest = after[after.index(after: end)...]
    }
    return names
  }

  /// A device form of a localization whose `substitutions` sit beside `variations.device` (the
  /// shape Xcode's editor writes when a string with plurals is varied by device): the form with
  /// the shared substitutions its text refers to, as if they were its own
  /// (``CatalogCompilationChoices/deviceFormsCarryOnlyTheirSubstitutions``). A form with
  /// substitutions of its own, or without a text, is returned as it is.
  static func deviceForm(
    _ form: CatalogVariant, sharing shared: [CatalogSubstitution]?, choices: CatalogCompilationChoices
  ) -> CatalogVariant {
    guard let shared, !shared.isEmpty, form.substitutions == nil, let unit = form.stringUnit else { return form }
    let referenced = Set(names(in: unit.value))
    let taken = choices.deviceFormsCarryOnlyTheirSubstitutions ? shared.filter { referenced.contains($0.name) } : shared
    guard !taken.isEmpty, !referenced.isEmpty else { return form }
    var result = form
    result.substitutions = taken
    return result
  }
}
