/// The checks run when a catalog is compiled, each reported at the catalog's line and column:
///
/// - a `%#@name@` with no such substitution (error, Xcode's wording);
/// - a substitution nothing refers to (warning, Xcode's wording);
/// - a plural without `other` (error: Xcode compiles it without a word and the app shows `(null)`);
/// - a translation whose format specifiers do not fit the source language's, by the rule of
///   overrides (``FormatFit``): an error where it can crash, a warning where it prints wrong text;
/// - plural categories the language does not use, or lacks (warning);
/// - cases the compiler cannot express (error).
struct CatalogChecks {
  let catalog: StringCatalog
  let options: CatalogCompiler.Options
  /// The file a localization was read from, by key and language (a merged catalog's come from
  /// several files).
  let file: @Sendable (_ key: String, _ language: String) -> String

  init(catalog: StringCatalog, path: String, options: CatalogCompiler.Options) {
    self.init(catalog: catalog, options: options, file: { _, _ in path })
  }

  init(
    catalog: StringCatalog, options: CatalogCompiler.Options,
    file: @escaping @Sendable (_ key: String, _ language: String) -> String
  ) {
    self.catalog = catalog
    self.options = options
    self.file = file
  }

  func run() -> [Diagnostic] {
    let count = catalog.entries.count
    // A large catalog's two halves side by side; the diagnostics come in the entries' order.
    guard count >= 1024 else { return run(0..<count) }
    let checks = self
    let (first, second) = sideBySide({ run(0..<count / 2) }, { checks.run(count / 2..<count) })
    return first + second
  }

  private func run(_ range: Range<Int>) -> [Diagnostic] {
    var checker = Checker(file: file)
    // Which language codes can name a folder: a catalog repeats the same few.
    var usable = LanguageAtPosition<Bool>()
    let entries = catalog.entries
    let sourceLanguage = catalog.sourceLanguage
    // By index: a copy of each entry and localization would retain all their parts, and the
    // checks read only a few of them.
    for entryIndex in range {
      guard let localizations = entries[entryIndex].localizations else { continue }
      let key = entries[entryIndex].key
      // Made only when a translation may format something: most strings have no '%'.
      lazy var source = entries[entryIndex][sourceLanguage]
      lazy var base = Self.arguments(of: source?.variant, key: key, choices: options.choices)
      localizations.withUnsafeBufferPointer { localizations in
        for position in localizations.indices {
          let language = localizations[position].language
          if let wanted = options.languages, !wanted.contains(language) { continue }
          // Most localizations are a plain text without '%' and '#': none of the checks below has
          // anything to say about one, but the language code's.
          if Self.isPlainWithoutSpecifiers(localizations[position].variant),
            usable.value(of: language, at: position, lookUp: CatalogCompiler.isUsableFolderName)
          {
            continue
          }
          let context = Context(key: key, language: language, position: localizations[position].position)
          guard CatalogCompiler.isUsableFolderName(language) else {
            checker.report(
              .error, .catalogSchema,
              "the language code \(quoted(language)) of \(quoted(key)) cannot name a .lproj folder; "
                + "it is not compiled", at: context.position, in: context)
            continue
          }
          checker.check(localizations[position].variant, in: context)
          // A translation without '%' takes no argument, and leaving arguments out is allowed.
          if language != sourceLanguage, Self.mayFormat(localizations[position].variant), let base {
            checker.checkFormat(
              of: Self.values(of: localizations[position].variant, key: key, choices: options.choices),
              against: base, in: context,
              source: source.map { SourceLocation(path: file(key, sourceLanguage), position: $0.position) })
          }
        }
      }
    }
    return checker.diagnostics
  }

  /// Whether the variant is only a string unit whose text has neither `%` (a format) nor `#`
  /// (a substitution).
  @inline(__always)
  static func isPlainWithoutSpecifiers(_ variant: borrowing CatalogVariant) -> Bool {
    guard case .none = variant.variations, case .none = variant.substitutions, case .some = variant.stringUnit else {
      return false
    }
    let text = variant.stringUnit.unsafelyUnwrapped.value
    return !text.containsUTF8Byte(UInt8(ascii: "%")) && !text.containsUTF8Byte(UInt8(ascii: "#"))
  }

  /// Whether any text of the variant has a `%`.
  static func mayFormat(_ variant: CatalogVariant) -> Bool {
    if let unit = variant.stringUnit, unit.value.containsUTF8Byte(UInt8(ascii: "%")) { return true }
    for item in (variant.variations?.plural ?? []) + (variant.variations?.device ?? []) where mayFormat(item.variant) {
      return true
    }
    return variant.substitutions?.contains { !($0.variations?.plural ?? []).isEmpty } ?? false
  }

  /// The arguments a variant is given (the key's, when there is none): the source language's for
  /// a translation, the replaced localization's for an override; `nil` when it is a broken format.
  static func arguments(of source: CatalogVariant?, key: String, choices: CatalogCompilationChoices)
    -> FormatSignature?
  {
    let sourceValues: [LocalizationValue] =
      source.map { values(of: $0, key: key, choices: choices).map(\.value) } ?? [.string(key)]
    var signatures: [FormatSignature] = []
    for value in sourceValues {
      guard let signature = FormatFit.arguments(of: value) else { return nil }
      signatures.append(signature)
    }
    return FormatSignature.union(signatures)
  }

  /// What the compiler makes of a variant, one value per device (labelled) or one rule and one string.
  static func values(of variant: CatalogVariant, key: String, choices: CatalogCompilationChoices)
    -> [(label: String, value: LocalizationValue)]
  {
    let compiled = CatalogCompiler.compiledValue(of: variant, key: key, choices: choices)
    var result: [(String, LocalizationValue)] = []
    if case .dictionary(let rule)? = compiled.rule,
      case .dictionary(let devices)? = rule["NSStringDeviceSpecificRuleType"]
    {
      result += devices.pairs.map { ($0.key, $0.value) }
    } else if let rule = compiled.rule {
      result.append(("", rule))
    }
    if let string = compiled.string { result.append(("", .string(string))) }
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
  let file: @Sendable (_ key: String, _ language: String) -> String
  var diagnostics: [Diagnostic] = []

  init(file: @escaping @Sendable (_ key: String, _ language: String) -> String) {
    self.file = file
  }

  /// - Parameter shared: The substitutions beside the device variations this variant is a form
  ///   of, which its text may refer to (``SubstitutionReferences/deviceForm(_:sharing:choices:)``).
  mutating func check(_ variant: CatalogVariant, in context: Context, shared: [CatalogSubstitution] = []) {
    check(variant, in: context, shared: shared, sharedGraph: nil)
  }

  /// - Parameter sharedGraph: The shared substitutions' graph, made once by the variant they sit in.
  private mutating func check(
    _ variant: CatalogVariant, in context: Context, shared: [CatalogSubstitution], sharedGraph: SubstitutionGraph?
  ) {
    let own = variant.substitutions ?? []
    let devices = variant.variations?.device ?? []
    // Substitutions beside device variations, with no text of their own: the devices' forms refer to them.
    let sharedByDevices = !own.isEmpty && variant.stringUnit == nil && !devices.isEmpty
    let substitutions = own.isEmpty ? shared : own
    // The substitutions by name, and the ones each names in its forms.
    let graph = own.isEmpty ? sharedGraph ?? SubstitutionGraph(shared) : SubstitutionGraph(own)
    // What refers to the substitutions: the text, or the device forms' texts.
    var referenced: [String] = []
    if let unit = variant.stringUnit {
      // Only a text with '#' can refer to a substitution.
      let mayReference = !substitutions.isEmpty || unit.value.containsUTF8Byte(UInt8(ascii: "#"))
      referenced = mayReference ? SubstitutionReferences.names(in: unit.value) : []
      for name in referenced where graph.index[name] == nil {
        // Xcode's message.
        report(
          .error, .undefinedSubstitution, "Referencing undefined substitution '\(name)' \(context.suffix)",
          at: unit.valuePosition ?? context.position, in: context)
      }
    } else if sharedByDevices {
      referenced = devices.flatMap { SubstitutionReferences.names(in: $0.variant.stringUnit?.value ?? "") }
    } else if !own.isEmpty {
      report(
        .error, .unsupportedVariation,
        "the substitutions of \(quoted(context.key)) in '\(context.language)' have no \"stringUnit\" to refer to them; "
          + "nothing is compiled for them", at: context.position, in: context)
    }
    if !own.isEmpty {
      // A substitution's forms may name others (the runtime expands them in turn), never itself.
      for (name, position) in graph.undefined {
        report(
          .error, .undefinedSubstitution, "Referencing undefined substitution '\(name)' \(context.suffix)",
          at: position ?? context.position, in: context)
      }
      if variant.stringUnit != nil || sharedByDevices {
        // A substitution another one's forms name is used too.
        let reached = graph.reached(from: referenced)
        for (index, substitution) in own.enumerated() where !reached.contains(index) {
          report(
            .warning, .unusedSubstitution,
            "Substitution '\(substitution.name)' was never referenced. To reference, use %#@\(substitution.name)@ in "
              + "some other string (\(context.language): \(context.key)|==|substitutions.\(substitution.name))",
            at: substitution.position ?? context.position, in: context)
        }
      }
      for loop in graph.loops() {
        let first = own[loop[0]]
        report(
          .error, .substitutionCycle,
          "substitution '\(first.name)' of \(quoted(context.key)) in '\(context.language)' refers to itself through "
            + "its forms (\((loop + [loop[0]]).map { own[$0].name }.joined(separator: " → "))); the runtime "
            + "cannot expand it", at: first.position ?? context.position, in: context)
      }
    }
    for substitution in own {
      guard let plural = substitution.variations?.plural else {
        report(
          .error, .unsupportedVariation,
          "substitution '\(substitution.name)' of \(quoted(context.key)) in '\(context.language)' has no plural "
            + "variations", at: substitution.position ?? context.position, in: context)
        continue
      }
      checkPlural(plural, at: substitution.variations?.pluralPosition ?? substitution.position, in: context)
    }
    if let plural = variant.variations?.plural {
      checkPlural(plural, at: variant.variations?.pluralPosition ?? context.position, in: context)
    }
    for device in devices {
      check(
        device.variant, in: Context(key: context.key, language: context.language, position: device.position),
        shared: sharedByDevices ? own : [], sharedGraph: sharedByDevices ? graph : nil)
    }
  }

  mutating func checkPlural(_ cases: [CatalogCase], at position: TextPosition?, in context: Context) {
    let names = cases.map(\.name)
    if !names.contains("other") {
      report(
        .error, .pluralWithoutOther,
        "the plural of \(quoted(context.key)) in '\(context.language)' has no \"other\" case: Xcode compiles it "
          + "without a word and the app shows \"(null)\" for the counts that need it", at: position, in: context)
    }
    for item in cases where item.variant.stringUnit == nil || item.variant.variations != nil {
      report(
        .error, .unsupportedVariation,
        "the plural case '\(item.name)' of \(quoted(context.key)) in '\(context.language)' is not a plain string; "
          + "a .stringsdict plural form cannot hold it", at: item.position ?? position, in: context)
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
        + "('\(context.language)' uses \(categories))", at: position, in: context)
  }

  mutating func checkFormat(
    of translation: [(label: String, value: LocalizationValue)], against base: FormatSignature, in context: Context,
    source: SourceLocation?
  ) {
    guard let (variant, mismatch) = FormatFit.worstMismatch(of: translation, against: base) else { return }
    let crashes = mismatch.consequence == .crash
    let place = variant.isEmpty ? "" : " (in \(variant))"
    report(
      crashes ? .error : .warning, crashes ? .formatMismatch : .formatMisprint,
      "the '\(context.language)' translation of \(quoted(context.key)) does not fit the format arguments of the "
        + "source language\(place): \(mismatch.description(reference: "the source language")); "
        + mismatch.consequenceDescription,
      at: context.position,
      notes: source.map { [Diagnostic.Note("the source-language value is here", at: $0)] } ?? [], in: context)
  }

  mutating func report(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at position: TextPosition?,
    notes: [Diagnostic.Note] = [], in context: Context
  ) {
    diagnostics.append(
      Diagnostic(
        severity, code, message, at: SourceLocation(path: file(context.key, context.language), position: position),
        notes: notes))
  }
}

/// The substitutions of one localization and the ones each names in its plural forms: a form may
/// name another substitution (the runtime expands it in turn), never itself, directly or not.
private struct SubstitutionGraph {
  /// The first substitution of each name.
  var index: [String: Int] = [:]
  /// For each substitution, the ones its forms name, in order.
  var names: [[Int]] = []
  /// Names its forms use that no substitution has, with the form's place.
  var undefined: [(name: String, position: TextPosition?)] = []

  init(_ substitutions: [CatalogSubstitution]) {
    for (position, substitution) in substitutions.enumerated() where index[substitution.name] == nil {
      index[substitution.name] = position
    }
    for substitution in substitutions {
      var named: [Int] = []
      for form in substitution.variations?.plural ?? [] {
        guard let text = form.variant.stringUnit?.value, text.containsUTF8Byte(UInt8(ascii: "#")) else { continue }
        for name in FormatSpecifier.scan(text).specifiers.compactMap(\.variable) {
          if let target = index[name] {
            named.append(target)
          } else {
            undefined.append((name, form.variant.stringUnit?.valuePosition ?? form.position))
          }
        }
      }
      names.append(named)
    }
  }

  /// The substitutions the top-level names reach, directly or through others' forms.
  func reached(from top: [String]) -> Set<Int> {
    var reached = Set(top.compactMap { index[$0] })
    var pending = Array(reached)
    while let next = pending.popLast() {
      for target in names[next] where reached.insert(target).inserted { pending.append(target) }
    }
    return reached
  }

  /// One loop of each group of substitutions that name each other (Tarjan's strongly connected
  /// components, without recursion), from the group's first substitution, in the substitutions'
  /// order.
  func loops() -> [[Int]] {
    let count = names.count
    var order = [Int](repeating: -1, count: count)
    var low = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var groups: [[Int]] = []
    var counter = 0
    for root in 0..<count where order[root] < 0 {
      var frames: [(node: Int, next: Int)] = [(root, 0)]
      order[root] = counter
      low[root] = counter
      counter += 1
      stack.append(root)
      onStack[root] = true
      while let (node, next) = frames.last {
        if next < names[node].count {
          frames[frames.count - 1].next += 1
          let target = names[node][next]
          if order[target] < 0 {
            order[target] = counter
            low[target] = counter
            counter += 1
            stack.append(target)
            onStack[target] = true
            frames.append((target, 0))
          } else if onStack[target] {
            low[node] = min(low[node], order[target])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node { low[parent] = min(low[parent], low[node]) }
        guard low[node] == order[node] else { continue }
        var group: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          group.append(member)
          if member == node { break }
        }
        if group.count > 1 || names[node].contains(node) { groups.append(group) }
      }
    }
    return groups.map(loop).sorted { $0[0] < $1[0] }
  }

  /// A loop through a group's first substitution, by the shortest way back to it.
  private func loop(in group: [Int]) -> [Int] {
    let members = Set(group)
    let start = group.min() ?? group[0]
    var cameFrom: [Int: Int] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for target in names[node] where members.contains(target) {
        if target == start {
          var path = [node]
          while let previous = cameFrom[path[path.count - 1]] { path.append(previous) }
          return path.reversed()
        }
        if cameFrom[target] == nil {
          cameFrom[target] = node
          queue.append(target)
        }
      }
    }
    return [start]
  }
}
