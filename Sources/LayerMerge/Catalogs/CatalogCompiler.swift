/// Compiles String Catalogs into `<lang>.lproj/<Table>.strings` and `.stringsdict` files, as
/// `xcstringstool compile` does (XCSTRINGS.md §3–§4), on any machine.
///
/// - A string unit becomes a `.strings` entry, verbatim.
/// - Substitutions, plural and device variations become `.stringsdict` rules; a device
///   variation's plain `other` case is also the `.strings` fallback.
/// - Only languages with at least one entry get files; a language missing from a key gets nothing
///   (no fill-in from the source language).
/// - Source-language units in state `new` are skipped unless ``Options/forceBuildAllStrings``.
/// - Both files are XML property lists in CoreFoundation's layout (``PropertyListXMLWriter``).
///
/// The points XCSTRINGS.md leaves unverified are settled by ``CatalogCompilationChoices``.
public enum CatalogCompiler {
  /// What to compile.
  public struct Options: Hashable, Sendable {
    /// Languages to compile (`-l`); `nil` for every language of the catalog.
    public var languages: Set<String>?
    /// Also compile what is normally left out (`--force-build-all-strings`).
    public var forceBuildAllStrings: Bool
    /// Answers to the unverified rules.
    public var choices: CatalogCompilationChoices

    /// Creates options.
    public init(
      languages: Set<String>? = nil, forceBuildAllStrings: Bool = false,
      choices: CatalogCompilationChoices = .reference
    ) {
      self.languages = languages
      self.forceBuildAllStrings = forceBuildAllStrings
      self.choices = choices
    }
  }

  /// Compiles a catalog and checks it.
  /// - Parameters:
  ///   - catalog: The catalog.
  ///   - path: Its path: the table name is the file name without `.xcstrings`; diagnostics name it.
  ///   - options: Languages and flags.
  /// - Returns: The tables of every language that has entries, and the diagnostics of the checks.
  public static func compile(_ catalog: StringCatalog, path: String, options: Options = Options()) -> CompiledCatalog {
    // The checks read the catalog and nothing else: they run beside the compilation.
    let parts = [false, true].concurrentMap { isChecking -> ([CompiledLanguage], [Diagnostic]) in
      if isChecking { return ([], CatalogChecks(catalog: catalog, path: path, options: options).run()) }
      var compiler = Compilation(catalog: catalog, options: options)
      compiler.run()
      return (compiler.languages(), [])
    }
    return CompiledCatalog(
      tableName: ParsedCatalog(path: path, catalog: nil, diagnostics: []).tableName, languages: parts[0].0,
      diagnostics: parts[1].1)
  }

  /// Compiles a catalog without checking it (a merge checks its catalogs on its own).
  /// - Parameters:
  ///   - catalog: The catalog.
  ///   - tableName: The table name the outputs get.
  ///   - options: Languages and flags.
  /// - Returns: The tables of every language that has entries, and no diagnostics.
  static func compileWithoutChecks(_ catalog: StringCatalog, tableName: String, options: Options = Options())
    -> CompiledCatalog
  {
    var compiler = Compilation(catalog: catalog, options: options)
    compiler.run()
    return CompiledCatalog(tableName: tableName, languages: compiler.languages(), diagnostics: [])
  }

  /// The `.stringsdict` rule or string a localization compiles to, and whether it also gives a
  /// `.strings` fallback; `nil` when it says nothing compilable. Checks use it to see what the
  /// runtime will format.
  static func compiledValue(
    of variant: CatalogVariant, key: String, choices: CatalogCompilationChoices
  ) -> (rule: LocalizationValue?, string: String?) {
    ruleAndString(for: variant, key: key, choices: choices)
  }

  // MARK: - Private

  /// XCSTRINGS.md §4: one variant to a stringsdict rule, a strings value, or both.
  fileprivate static func ruleAndString(
    for variant: CatalogVariant, key: String, choices: CatalogCompilationChoices
  ) -> (rule: LocalizationValue?, string: String?) {
    if let substitutions = variant.substitutions, let unit = variant.stringUnit {
      return (substitutionRule(format: unit.value, substitutions), nil)
    }
    if let device = variant.variations?.device {
      var cases: [(String, LocalizationValue)] = []
      var fallback: String?
      for item in device {
        // Substitutions beside the device variations belong to the device forms that refer to them.
        let form = SubstitutionReferences.deviceForm(item.variant, sharing: variant.substitutions, choices: choices)
        if item.name == "other", isPlainString(form), let value = form.stringUnit?.value {
          fallback = value
          if !choices.keepsDeviceOtherInRule { continue }
        }
        let compiled = ruleAndString(for: form, key: key, choices: choices)
        if let rule = compiled.rule {
          cases.append((item.name, rule))
        } else if let string = compiled.string {
          cases.append((item.name, .string(string)))
        }
      }
      if cases.isEmpty && !choices.writesEmptyDeviceRule { return (nil, fallback) }
      let rule: LocalizationValue = .dictionary(
        OrderedDictionary([("NSStringDeviceSpecificRuleType", .dictionary(OrderedDictionary(cases)))]))
      return (rule, fallback)
    }
    if let plural = variant.variations?.plural {
      return (topLevelPluralRule(plural, key: key, choices: choices), nil)
    }
    if let unit = variant.stringUnit {
      return (nil, unit.value)
    }
    return (nil, nil)
  }

  private static func isPlainString(_ variant: CatalogVariant) -> Bool {
    variant.stringUnit != nil && variant.variations == nil && variant.substitutions == nil
  }

  /// XCSTRINGS.md §3.4: `%#@name@` made positional with `argNum`, one variable per substitution,
  /// `%arg` in each form replaced by the argument's specifier.
  private static func substitutionRule(format: String, _ substitutions: [CatalogSubstitution]) -> LocalizationValue {
    var numbers: [String: Int?] = [:]
    for substitution in substitutions where numbers[substitution.name] == nil {
      numbers[substitution.name] = .some(substitution.argNum)
    }
    // One pass over the format, whatever the number of substitutions.
    let formatKey = rewritingSpecifiers(of: format) { specifier in
      guard let name = specifier.variable, specifier.text == "%#@\(name)@", let number = numbers[name] ?? nil else {
        return nil
      }
      return "%\(number)$#@\(name)@"
    }
    var pairs: [(String, LocalizationValue)] = [("NSStringLocalizedFormatKey", .string(formatKey))]
    for substitution in substitutions {
      let specifier = substitution.formatSpecifier ?? "@"
      let argument = substitution.argNum.map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
      var variable: [(String, LocalizationValue)] = [
        ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
        ("NSStringFormatValueTypeKey", .string(valueType(ofSpecifier: "%" + specifier) ?? specifier)),
      ]
      for form in substitution.variations?.plural ?? [] {
        guard let text = form.variant.stringUnit?.value else { continue }
        variable.append((form.name, .string(text.replacingAll("%arg", with: argument))))
      }
      pairs.append((substitution.name, .dictionary(OrderedDictionary(variable))))
    }
    return .dictionary(OrderedDictionary(pairs))
  }

  /// XCSTRINGS.md §3.5: `%#@V@` with one variable; its value type comes from the first specifier
  /// of `other`, else of the key.
  private static func topLevelPluralRule(
    _ plural: [CatalogCase], key: String, choices: CatalogCompilationChoices
  ) -> LocalizationValue {
    let name = choices.topLevelPluralVariable
    let other = plural.last { $0.name == "other" }?.variant.stringUnit?.value
    let specifier = [other, key].lazy.compactMap { text in
      text.flatMap { FormatSpecifier.parse($0)?.first { $0.variable == nil } }
    }.first
    var variable: [(String, LocalizationValue)] = [("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType"))]
    if let specifier, let type = valueType(ofSpecifier: specifier.text) {
      variable.append(("NSStringFormatValueTypeKey", .string(type)))
    }
    for form in plural {
      guard var text = form.variant.stringUnit?.value else { continue }
      if choices.makesTopLevelPluralFormsPositional { text = positional(text) }
      variable.append((form.name, .string(text)))
    }
    return .dictionary(
      OrderedDictionary([
        ("NSStringLocalizedFormatKey", .string("%#@\(name)@")), (name, .dictionary(OrderedDictionary(variable))),
      ]))
  }

  /// `%lld` → `%1$lld`, numbering the plain specifiers in order.
  private static func positional(_ text: String) -> String {
    guard let specifiers = FormatSpecifier.parse(text), specifiers.allSatisfy({ $0.argumentNumber == nil }) else {
      return text
    }
    var number = 0
    return rewritingSpecifiers(of: text) { specifier in
      number += 1
      return "%\(number)$" + specifier.text.dropFirst()
    }
  }

  /// The text with each specifier `replacement` gives a text for replaced by it, in one pass.
  static func rewritingSpecifiers(of text: String, _ replacement: (FormatSpecifier) -> String?) -> String {
    guard text.containsUTF8Byte(UInt8(ascii: "%")) else { return text }
    let scanned = FormatSpecifier.scan(text, keepingRanges: true)
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var copied = 0
    // One scalar at a time: appending a whole sequence to a scalar view copies the view each
    // time (quadratic for many specifiers).
    for (specifier, range) in zip(scanned.specifiers, scanned.ranges) {
      guard let replaced = replacement(specifier) else { continue }
      for scalar in scalars[copied..<range.lowerBound] { result.append(scalar) }
      for scalar in replaced.unicodeScalars { result.append(scalar) }
      copied = range.upperBound
    }
    for scalar in scalars[copied...] { result.append(scalar) }
    return String(result)
  }

  /// Whether a language code can name a `<code>.lproj` folder inside the output directory.
  static func isUsableFolderName(_ language: String) -> Bool {
    !language.isEmpty && !language.hasPrefix(".") && !language.utf8.contains(UInt8(ascii: "/"))
      && !language.utf8.contains(0)
  }

  /// A specifier without `%`, position, flags, width and precision: `%1$.1f` → `f`, `%lld` → `lld`.
  static func valueType(ofSpecifier text: String) -> String? {
    guard let specifier = FormatSpecifier.parse(text)?.first, specifier.variable == nil else { return nil }
    var scalars = Array(specifier.text.unicodeScalars)
    guard let conversion = scalars.popLast() else { return nil }
    var result = String(conversion)
    while let last = scalars.last, "hlqLztj".unicodeScalars.contains(last) {
      result.unicodeScalars.insert(last, at: result.unicodeScalars.startIndex)
      scalars.removeLast()
    }
    return result
  }
}

/// The tables compiled from one catalog.
public struct CompiledCatalog: Sendable {
  /// The table name (`Localizable`).
  public var tableName: String
  /// One per language that has entries, sorted by language code.
  public var languages: [CompiledLanguage]
  /// What the checks found, with the catalog's lines and columns.
  public var diagnostics: [Diagnostic]

  /// The files to write: `<lang>.lproj/<Table>.strings` and `.stringsdict`, relative to the output
  /// folder, in path order; rendered on every core.
  public var outputs: [OutputFile] {
    Array(languages.indices).concurrentMap { outputs(ofLanguage: $0) }.flatMap { $0 }
  }

  /// The files of one language: its `.strings` (unless empty) and `.stringsdict` (if any).
  func outputs(ofLanguage index: Int) -> [OutputFile] {
    let language = languages[index]
    var files: [OutputFile] = []
    let folder = "\(language.language).lproj/\(tableName)"
    if !language.strings.isEmpty || language.writesEmptyStrings {
      files.append(
        OutputFile(
          relativePath: folder + ".strings",
          bytes: PropertyListXMLWriter.data(strings: language.strings, order: language.stringsWritingOrder)))
    }
    if !language.stringsdict.isEmpty {
      files.append(
        OutputFile(
          relativePath: folder + ".stringsdict",
          bytes: PropertyListXMLWriter.data(dictionary: language.stringsdict, order: language.stringsdictWritingOrder)))
    }
    return files
  }
}

/// What one language's compiled `.strings` and `.stringsdict` hold.
public struct CompiledLanguage: Sendable {
  /// The language code, verbatim from the catalog.
  public var language: String
  /// The `.strings` entries, in catalog order.
  public var strings: [(key: String, value: String)]
  /// The `.stringsdict` rules, in catalog order.
  public var stringsdict: [(key: String, value: LocalizationValue)]
  /// Whether an empty `.strings` file is written (see ``CatalogCompilationChoices``).
  var writesEmptyStrings = false
  /// The place of each `.strings` entry's key among all the catalog's keys in the files' order
  /// (UTF-16): the keys are sorted once per catalog rather than once per language and file.
  var stringsRanks: [Int32] = []
  /// The same for the `.stringsdict` rules.
  var stringsdictRanks: [Int32] = []

  /// The positions of the `.strings` entries in the order the property list writes its keys.
  var stringsWritingOrder: [Int] { Self.writingOrder(ranks: stringsRanks, keys: strings.map(\.key)) }
  /// The positions of the `.stringsdict` rules in that order.
  var stringsdictWritingOrder: [Int] { Self.writingOrder(ranks: stringsdictRanks, keys: stringsdict.map(\.key)) }

  /// The keys' positions in UTF-16 order: by the ranks when they still put the keys in that order
  /// (one comparison per neighbour), else by sorting. The lists are public and a caller may have
  /// changed them since the compiler ranked them.
  private static func writingOrder(ranks: [Int32], keys: [String]) -> [Int] {
    if ranks.count == keys.count {
      let order = ranks.indices.sorted { ranks[$0] < ranks[$1] }
      if zip(order, order.dropFirst()).allSatisfy({ utf16Order(keys[$0], keys[$1]) }) { return order }
    }
    return keys.indices.sorted { utf16Order(keys[$0], keys[$1]) }
  }

  /// What the runtime sees for each key: the `.stringsdict` rule wins over the `.strings` value.
  public var values: [(key: String, value: LocalizationValue)] {
    let ruled = Set(stringsdict.map { ByteKey($0.key) })
    return strings.filter { !ruled.contains(ByteKey($0.key)) }.map { ($0.key, .string($0.value)) } + stringsdict
  }
}

// MARK: - Private

private struct Compilation {
  let catalog: StringCatalog
  let options: CatalogCompiler.Options
  /// One table per language, in the order the languages were met; `nil` for a language that is
  /// not compiled (not asked for, or not a usable folder name).
  var tables: [CompiledLanguage?] = []
  var languageOfSlot: [String] = []
  var slotOfLanguage: [String: Int] = [:]

  init(catalog: StringCatalog, options: CatalogCompiler.Options) {
    self.catalog = catalog
    self.options = options
  }

  mutating func run() {
    let source = catalog.sourceLanguage
    let choices = options.choices
    let entries = catalog.entries
    var ranks = [Int32](repeating: 0, count: entries.count)
    for (rank, index) in entries.indices.sorted(by: { utf16Order(entries[$0].key, entries[$1].key) }).enumerated() {
      ranks[index] = Int32(rank)
    }
    var slots = LanguageAtPosition<Int>()
    for index in entries.indices {
      guard let localizations = entries[index].localizations else { continue }
      let key = entries[index].key
      let untranslatable = entries[index].shouldTranslate == false
      for position in localizations.indices {
        let language = localizations[position].language
        let slot = slots.value(of: language, at: position) { self.slot(of: $0) }
        guard tables[slot] != nil else { continue }
        if choices.compilesUntranslatableInSourceLanguageOnly, untranslatable, language != source { continue }
        if !options.forceBuildAllStrings, language == source,
          localizations[position].variant.stringUnit?.state == "new", localizations[position].variant.variations == nil,
          localizations[position].variant.substitutions == nil,
          !choices.skipsSourceNewOnlyWhenExtractedWithValue || entries[index].extractionState == "extracted_with_value"
        {
          continue
        }
        let compiled = CatalogCompiler.ruleAndString(for: localizations[position].variant, key: key, choices: choices)
        // Mutated in place: taking the table out and storing it back would copy its arrays each time.
        if let rule = compiled.rule {
          tables[slot]?.stringsdict.append((key, rule))
          tables[slot]?.stringsdictRanks.append(ranks[index])
        }
        if let string = compiled.string, choices.writesEmptyValues || !string.isEmpty {
          tables[slot]?.strings.append((key, string))
          tables[slot]?.stringsRanks.append(ranks[index])
        }
      }
    }
  }

  /// The slot of a language's table, made on first sight.
  mutating func slot(of language: String) -> Int {
    if let slot = slotOfLanguage[language] { return slot }
    let slot = tables.count
    slotOfLanguage[language] = slot
    // The code names a folder: never one outside the output directory (the checks report it).
    let compiled = (options.languages?.contains(language) ?? true) && CatalogCompiler.isUsableFolderName(language)
    tables.append(
      compiled
        ? CompiledLanguage(
          language: language, strings: [], stringsdict: [], writesEmptyStrings: options.choices.writesEmptyStringsFile)
        : nil)
    languageOfSlot.append(language)
    return slot
  }

  func languages() -> [CompiledLanguage] {
    tables.compactMap { $0 }.filter { !$0.strings.isEmpty || !$0.stringsdict.isEmpty }
      .sorted { $0.language.utf8.lexicographicallyPrecedes($1.language.utf8) }
  }
}

extension String {
  /// The string with every occurrence of `target` replaced.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
