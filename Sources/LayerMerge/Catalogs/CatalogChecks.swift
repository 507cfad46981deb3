/// The checks run when a catalog is compiled, each reported at the catalog's line and column:
///
/// - a `%#@name@` with no such substitution (error, Xcode's wording);
/// - a substitution nothing refers to (warning, Xcode's wording);
/// - a plural without `other` (error: Xcode compiles it without a word and the app shows `(null)`);
/// - a translation whose format specifiers do not fit the source language's (error: the crash
///   risk of FORMATS.md §5.4, judged by the same rule as overrides, ``FormatSignature``);
/// - plural categories the language does not use, or lacks (warning);
/// - cases the compiler cannot express (error).
struct CatalogChecks {
  let catalog: StringCatalog
  let path: String
  let options: CatalogCompiler.Options

  func run() -> [Diagnostic] {
    var checker = Checker(path: path)
    for entry in catalog.entries {
      let source = entry[catalog.sourceLanguage]
      // Made only when a translation may format something: most strings have no '%'.
      lazy var base =
        source.map { signatures(of: $0.variant, key: entry.key).first?.signature }
        ?? FormatSignature(format: Self.withLiteralPercents(entry.key))
      for localization in entry.localizations ?? [] {
        if let wanted = options.languages, !wanted.contains(localization.language) { continue }
        let context = Context(key: entry.key, language: localization.language, position: localization.position)
        guard CatalogCompiler.isUsableFolderName(localization.language) else {
          checker.report(
            .error, .catalogSchema,
            "the language code \(quoted(localization.language)) of \(quoted(entry.key)) cannot name a .lproj folder; "
              + "it is not compiled", at: localization.position)
          continue
        }
        checker.check(localization.variant, in: context)
        // A translation without '%' takes no argument, and leaving arguments out is allowed.
        if localization.language != catalog.sourceLanguage, mayFormat(localization.variant), let base {
          checker.checkFormat(
            of: signatures(of: localization.variant, key: entry.key), against: base, in: context,
            source: source.map { SourceLocation(path: path, position: $0.position) })
        }
      }
    }
    return checker.diagnostics
  }

  /// A `%` followed by a space taken as a literal percent sign: "100% anonymous" is prose, not
  /// a hexadecimal float with a space flag (`% a`), and translations of it ("100% e", "100% а")
  /// must not be reported. Real formats almost never use the space flag.
  static func withLiteralPercents(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      guard scalar == "%" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      if pending == "%" {
        result += "%%"
        pending = scalars.next()
      } else if pending == " " {
        result += "%%"
      } else {
        result += "%"
      }
    }
    return result
  }

  static func withLiteralPercents(_ value: LocalizationValue) -> LocalizationValue {
    switch value {
    case .string(let text): return .string(withLiteralPercents(text))
    case .dictionary(let dictionary):
      return .dictionary(OrderedDictionary(dictionary.pairs.map { ($0.key, withLiteralPercents($0.value)) }))
    default: return value
    }
  }

  /// Whether any text of the variant has a `%`.
  private func mayFormat(_ variant: CatalogVariant) -> Bool {
    if let unit = variant.stringUnit, unit.value.utf8.contains(UInt8(ascii: "%")) { return true }
    for item in (variant.variations?.plural ?? []) + (variant.variations?.device ?? []) where mayFormat(item.variant) {
      return true
    }
    return variant.substitutions?.contains { !($0.variations?.plural ?? []).isEmpty } ?? false
  }

  /// The formats a variant gives the runtime, with a label for each plural or device form.
  private func signatures(of variant: CatalogVariant, key: String) -> [(variant: String, signature: FormatSignature)] {
    let raw = CatalogCompiler.compiledValue(of: variant, key: key, choices: options.choices)
    let compiled = (rule: raw.rule.map(Self.withLiteralPercents), string: raw.string.map(Self.withLiteralPercents))
    var result: [(String, FormatSignature)] = []
    if case .dictionary(let rule)? = compiled.rule,
      case .dictionary(let devices)? = rule["NSStringDeviceSpecificRuleType"]
    {
      for (device, value) in devices.pairs {
        result += value.formatSignatures.map {
          ("\(device)\($0.variant.isEmpty ? "" : ".")\($0.variant)", $0.signature)
        }
      }
    } else if let rule = compiled.rule {
      result += rule.formatSignatures
    }
    if let string = compiled.string { result.append(("", FormatSignature(format: string))) }
    return result
  }
}

// MARK: - Private

private struct Context {
  var key: String
  var language: String
  var position: TextPosition?

  /// Xcode's suffix: `(de: key)`.
  var suffix: String { "(\(language): \(key))" }
}

private struct Checker {
  let path: String
  var diagnostics: [Diagnostic] = []

  init(path: String) {
    self.path = path
  }

  mutating func check(_ variant: CatalogVariant, in context: Context) {
    let substitutions = variant.substitutions ?? []
    if let unit = variant.stringUnit {
      // Only a text with '#' can refer to a substitution.
      let mayReference = !substitutions.isEmpty || unit.value.utf8.contains(UInt8(ascii: "#"))
      let referenced =
        mayReference
        ? FormatSpecifier.parse(unit.value)?.compactMap(\.variable) ?? variablesLeniently(in: unit.value) : []
      for name in referenced where !substitutions.contains(where: { $0.name == name }) {
        // Xcode's message.
        report(
          .error, .undefinedSubstitution, "Referencing undefined substitution '\(name)' \(context.suffix)",
          at: unit.valuePosition ?? context.position)
      }
      for substitution in substitutions where !referenced.contains(substitution.name) {
        report(
          .warning, .unusedSubstitution,
          "Substitution '\(substitution.name)' was never referenced. To reference, use %#@\(substitution.name)@ in "
            + "some other string (\(context.language): \(context.key)|==|substitutions.\(substitution.name))",
          at: substitution.position ?? context.position)
      }
    } else if !substitutions.isEmpty {
      report(
        .error, .unsupportedVariation,
        "the substitutions of \(quoted(context.key)) in '\(context.language)' have no \"stringUnit\" to refer to them; "
          + "nothing is compiled for them", at: context.position)
    }
    for substitution in substitutions {
      guard let plural = substitution.variations?.plural else {
        report(
          .error, .unsupportedVariation,
          "substitution '\(substitution.name)' of \(quoted(context.key)) in '\(context.language)' has no plural "
            + "variations", at: substitution.position ?? context.position)
        continue
      }
      checkPlural(plural, at: substitution.variations?.pluralPosition ?? substitution.position, in: context)
    }
    if let plural = variant.variations?.plural {
      checkPlural(plural, at: variant.variations?.pluralPosition ?? context.position, in: context)
    }
    for device in variant.variations?.device ?? [] {
      check(device.variant, in: Context(key: context.key, language: context.language, position: device.position))
    }
  }

  mutating func checkPlural(_ cases: [CatalogCase], at position: TextPosition?, in context: Context) {
    let names = cases.map(\.name)
    if !names.contains("other") {
      report(
        .error, .pluralWithoutOther,
        "the plural of \(quoted(context.key)) in '\(context.language)' has no \"other\" case: Xcode compiles it "
          + "without a word and the app shows \"(null)\" for the counts that need it", at: position)
    }
    for item in cases where item.variant.stringUnit == nil || item.variant.variations != nil {
      report(
        .error, .unsupportedVariation,
        "the plural case '\(item.name)' of \(quoted(context.key)) in '\(context.language)' is not a plain string; "
          + "a .stringsdict plural form cannot hold it", at: item.position ?? position)
    }
    guard let used = PluralCategories.used(by: context.language) else { return }
    let order = ["zero", "one", "two", "few", "many", "other"]
    // Apple uses `zero` for 0 in every language.
    let unused =
      order.filter { names.contains($0) && !used.contains($0) && $0 != "zero" }
      + names.filter { !order.contains($0) }
    let lacking = order.filter {
      used.contains($0) && !names.contains($0) && $0 != "other"
        && !PluralCategories.rarelyNeeded(by: context.language).contains($0)
    }
    guard !unused.isEmpty || !lacking.isEmpty else { return }
    var problems: [String] = []
    if !lacking.isEmpty { problems.append("lacks \(lacking.joined(separator: ", "))") }
    if !unused.isEmpty { problems.append("has \(unused.joined(separator: ", ")), which it never uses") }
    let categories = order.filter { used.contains($0) }.joined(separator: ", ")
    report(
      .warning, .pluralCategories,
      "the plural of \(quoted(context.key)) in '\(context.language)' \(problems.joined(separator: " and ")) "
        + "('\(context.language)' uses \(categories))", at: position)
  }

  mutating func checkFormat(
    of translation: [(variant: String, signature: FormatSignature)], against base: FormatSignature, in context: Context,
    source: SourceLocation?
  ) {
    let hasArguments = !base.arguments.isEmpty || translation.contains { !$0.signature.arguments.isEmpty }
    guard hasArguments else { return }
    for (variant, signature) in translation {
      guard let problem = signature.incompatibility(replacing: base) else { continue }
      let place = variant.isEmpty ? "" : " (in \(variant))"
      report(
        .error, .formatMismatch,
        "the '\(context.language)' translation of \(quoted(context.key)) does not fit the format arguments of the "
          + "source language\(place): \(problem); this crashes or prints garbage at run time",
        at: context.position,
        notes: source.map { [Diagnostic.Note("the source-language value is here", at: $0)] } ?? [])
      return
    }
  }

  /// `%#@name@` references in a string the format parser rejects (a stray `%`).
  func variablesLeniently(in text: String) -> [String] {
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

  mutating func report(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at position: TextPosition?,
    notes: [Diagnostic.Note] = []
  ) {
    diagnostics.append(
      Diagnostic(severity, code, message, at: SourceLocation(path: path, position: position), notes: notes))
  }
}
