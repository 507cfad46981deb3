import Foundation
import LayerMerge
import Testing

/// `missing-key` and `untranslated-key`: each lookup of a target's code against the target's merged
/// tables, with lookups made by hand.
@Suite struct TargetUsageTests {
  static let base = [
    "en.lproj/Localizable.strings": """
    "greeting" = "Hello";
    "items %lld" = "%lld items";
    "Hello %@" = "Hello %@";
    "%lld new messages" = "%lld new messages";
    "100%% of %@" = "100%% of %@";
    """,
    "de.lproj/Localizable.strings": """
    "greeting" = "Hallo";
    "items %lld" = "%lld Dinge";
    "Hello %@" = "Hallo %@";
    "translated.only" = "Nur übersetzt";
    """,
    "fr.lproj/Localizable.strings": "\"greeting\" = \"Bonjour\";\n",
    "Base.lproj/Localizable.strings": "\"base.only\" = \"From Base\";\n",
    "en.lproj/Settings.strings": "\"settings.title\" = \"Settings\";\n",
    "Settings.bundle/en.lproj/Root.strings": "\"root.title\" = \"Root\";\n",
  ]

  static func usage(
    _ lookups: [SourceLookup], tables: [String: String] = base, rules: CheckRules = CheckRules()
  ) throws -> (TargetUsage, UsageFixture) {
    let fixture = try UsageFixture(tables: ["Base": tables], sources: ["App/Code.swift": lookups])
    let merge = LayerMerger.merge(fixture.layers.layers("Base"), options: MergeOptions(developmentLanguage: "en"))
    let usage = TargetUsage(
      target: "App", files: [fixture.path("App/Code.swift")], scanned: fixture.scanned(), merge: merge, rules: rules)
    return (usage, fixture)
  }

  @Test func aKeyTheDevelopmentLanguageLacksIsAnErrorAtTheSourceLine() throws {
    let (usage, fixture) = try Self.usage([
      UsageFixture.literal("greeting", line: 3, column: 15), UsageFixture.literal("farewell", line: 12, column: 15),
      UsageFixture.literal("title", table: .named("Settings"), line: 14),
      UsageFixture.literal("title", table: .named("Onboarding"), line: 15),
      UsageFixture.literal("root.title", table: .named("Root"), line: 16),
      UsageFixture.literal("translated.only", line: 17),
    ])
    #expect(
      fixture.layers.render(usage.diagnostics.filter { $0.code == .missingKey }) == [
        "App/Code.swift:12:15: error: the key \"farewell\" is in no language of Localizable; every language shows the key (or the code's default value)",
        "App/Code.swift:14:1: error: the key \"title\" is in no language of Settings; every language shows the key (or the code's default value)",
        "App/Code.swift:15:1: error: the key \"title\" is not in Onboarding: the target has no table Onboarding; "
          + "every language shows the key (or the code's default value)",
        // A Settings bundle's tables are that bundle's: the app's lookups never read them.
        "App/Code.swift:16:1: error: the key \"root.title\" is not in Root: the target has no table Root; every "
          + "language shows the key (or the code's default value)",
      ])
    // German has it: English shows the key (or the code's default value), German its translation.
    #expect(
      fixture.layers.render(usage.diagnostics.filter { $0.code == .untranslatedKey }) == [
        "App/Code.swift:17:1: warning: \"translated.only\" of Localizable is looked up but not in en, the development "
          + "language, which shows the key (or the code's default value); not translated into fr either"
      ])
    #expect(usage.untranslated.map(\.languages) == [["en", "fr"]])
    #expect(usage.missing.map(\.key) == ["farewell", "title", "title", "root.title"])
    #expect(usage.missing[0].form == "NSLocalizedString")
    #expect((usage.lookups, usage.literal, usage.dynamic) == (6, 6, 0))
  }

  @Test func aFileGivenTwiceCountsOnceScannedOrNot() throws {
    let fixture = try UsageFixture(
      tables: ["Base": Self.base], sources: ["App/Code.swift": [UsageFixture.literal("farewell", line: 1)]])
    let merge = LayerMerger.merge(fixture.layers.layers("Base"), options: MergeOptions(developmentLanguage: "en"))
    let code = fixture.path("App/Code.swift")
    // Notes.txt is no source file: never scanned, still one of the target's files.
    let notes = fixture.path("App/Notes.txt")
    let usage = TargetUsage(
      target: "App", files: [code, notes, code, notes, code], scanned: fixture.scanned(), merge: merge)
    #expect((usage.sourceFiles, usage.lookups, usage.literal) == (2, 1, 1))
    #expect(usage.missing.map(\.key) == ["farewell"])
    // The same files named by their places in the scan (as `lint` and `usage` name them).
    let scanned = fixture.scanned(["App/Code.swift", "App/Notes.txt"])
    let places = try [code, notes, code, notes, code].map { path in
      let place: Int? = scanned.paths.firstIndex(of: path)
      return try #require(place, "\(path) is not among the scanned paths")
    }
    let byPlace = TargetUsage(target: "App", places: places, scanned: scanned, merge: merge)
    #expect((byPlace.sourceFiles, byPlace.lookups, byPlace.literal) == (2, 1, 1))
    #expect(byPlace.missing == usage.missing)
  }

  @Test func interpolationsMatchKeysWithASpecifierInEachHole() throws {
    let (usage, _) = try Self.usage([
      UsageFixture.interpolated(["Hello ", ""], line: 1),
      UsageFixture.interpolated(["", " new messages"], line: 2),
      UsageFixture.interpolated(["items ", ""], line: 3),
      UsageFixture.interpolated(["Goodbye ", ""], line: 4),
      // Two holes where the table has one: another key.
      UsageFixture.interpolated(["Hello ", " and ", ""], line: 5),
    ])
    #expect(usage.missing.map(\.key) == ["Goodbye \\(…)", "Hello \\(…) and \\(…)"])
    #expect(usage.missing.map(\.location.position?.line) == [4, 5])
  }

  @Test func dynamicKeysOtherBundlesAndTextWithoutLettersAreCountedNotChecked() throws {
    let (usage, _) = try Self.usage([
      UsageFixture.dynamic("key", line: 1),
      SourceLookup(
        key: .literal("x"), table: .dynamic(expression: "table"), form: "NSLocalizedString",
        position: TextPosition(line: 2, column: 1)),
      UsageFixture.literal("farewell", line: 3, bundle: "Bundle(for: Self.self)"),
      // A package target's own bundle is its tables: checked.
      UsageFixture.literal("greeting", line: 7, bundle: ".module"),
      // `Text("\(n)")` and `"•"` show the same text whether a table has them or not.
      UsageFixture.interpolated(["", ""], line: 4), UsageFixture.literal("•", line: 5),
      UsageFixture.literal("base.only", line: 6),
    ])
    #expect(usage.diagnostics.filter { $0.code == .missingKey }.isEmpty)
    #expect((usage.lookups, usage.literal, usage.dynamic, usage.otherBundle) == (7, 4, 2, 1))
  }

  @Test func lettersOutsideASCIIMakeAKeyTextAndDigitsAndSymbolsDoNot() throws {
    let (usage, _) = try Self.usage([
      UsageFixture.literal("名前", line: 1), UsageFixture.literal("12:30 → 5%", line: 2),
      UsageFixture.interpolated(["", " → "], line: 3), UsageFixture.interpolated(["", " é"], line: 4),
      UsageFixture.literal("Ωmega", line: 5),
    ])
    #expect(usage.missing.map { $0.location.position?.line } == [1, 4, 5])
  }

  @Test func interpolationsWhosePiecesJoinAlikeAreMatchedApart() throws {
    // Each interpolation is matched once per target: `"Hello \(a)"` matches `Hello %@`, and
    // `"Hello\(a) "` (the same text between its holes run together) must not borrow that match.
    let (usage, _) = try Self.usage([
      UsageFixture.interpolated(["Hello ", ""], line: 1), UsageFixture.interpolated(["Hello", " "], line: 2),
      UsageFixture.interpolated(["Hello ", ""], line: 3), UsageFixture.interpolated(["Hello", " "], line: 4),
    ])
    #expect(usage.missing.map { $0.location.position?.line } == [2, 4])
  }

  /// A literal key one language lacks and another has: the languages are not taken together (de
  /// has "items %lld", fr does not; "greeting" every language has).
  @Test func aLiteralKeyOneOtherLanguageLacksIsReportedForThatLanguage() throws {
    let (usage, _) = try Self.usage([
      UsageFixture.literal("items %lld", line: 1), UsageFixture.literal("greeting", line: 2),
      UsageFixture.literal("translated.only", line: 3),
    ])
    #expect(usage.untranslated.map(\.key) == ["items %lld", "translated.only"])
    #expect(usage.untranslated.map(\.languages) == [["fr"], ["en", "fr"]])
    #expect(usage.missing.isEmpty)
  }

  @Test func aKeyShippedLanguagesLackIsOneWarningAtItsDefinition() throws {
    let (usage, fixture) = try Self.usage([
      UsageFixture.literal("greeting", line: 1), UsageFixture.interpolated(["Hello ", ""], line: 2),
      UsageFixture.interpolated(["Hello ", ""], line: 3), UsageFixture.interpolated(["", " new messages"], line: 4),
      UsageFixture.literal("settings.title", table: .named("Settings"), line: 5),
    ])
    // fr ships (its Localizable), so a key it lacks falls back; de too. Base is no language.
    #expect(
      fixture.layers.render(usage.diagnostics) == [
        "Base/en.lproj/Localizable.strings:3:1: warning: \"Hello %@\" of Localizable is looked up but not translated "
          + "into fr: that language shows the en text",
        "Base/en.lproj/Localizable.strings:4:1: warning: \"%lld new messages\" of Localizable is looked up but not "
          + "translated into de, fr: those languages show the en text",
        "Base/en.lproj/Settings.strings:1:1: warning: \"settings.title\" of Settings is looked up but not translated "
          + "into de, fr: those languages show the en text",
      ])
    #expect(usage.untranslated.map(\.languages) == [["fr"], ["de", "fr"], ["de", "fr"]])
  }

  @Test func rulesSetTheLevelsOfBothCodes() throws {
    var rules = CheckRules()
    try rules.set(.warning, for: .missingKey)
    try rules.set(.off, for: .untranslatedKey)
    let (usage, _) = try Self.usage(
      [UsageFixture.literal("farewell", line: 1), UsageFixture.literal("greeting", line: 2)], rules: rules)
    #expect(usage.diagnostics.map(\.severity) == [.warning])
    #expect(usage.diagnostics.map(\.code) == [.missingKey])
  }

  @Test func aCatalogsKeysAreLookedUpInItsSourceLanguage() throws {
    let catalog = """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "catalog.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Title"}},
                                            "de": {"stringUnit": {"state": "translated", "value": "Titel"}}}},
        "catalog.only.en": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Only"}}}},
        "Source text as the key": {"comment": "No value: the runtime shows the key, which is the English text"}}}
      """
    let (usage, fixture) = try Self.usage(
      [
        UsageFixture.literal("catalog.title", table: .named("Main"), line: 1),
        UsageFixture.literal("catalog.only.en", table: .named("Main"), line: 2),
        UsageFixture.literal("catalog.absent", table: .named("Main"), line: 3),
        UsageFixture.literal("Source text as the key", table: .named("Main"), line: 4),
      ], tables: ["Main.xcstrings": catalog])
    // A catalog's key is its source text: listed without a value, it is not raw on screen.
    #expect(usage.missing.map(\.key) == ["catalog.absent"])
    #expect(
      fixture.layers.render(usage.diagnostics.filter { $0.code == .untranslatedKey }) == [
        "Base/Main.xcstrings:4:41: warning: \"catalog.only.en\" of Main is looked up but not translated into de: that "
          + "language shows the en text",
        "Base/Main.xcstrings:5:3: warning: \"Source text as the key\" of Main is looked up but not translated into de: "
          + "that language shows the en text",
      ])
  }

  @Test func anUnreadableSourceFileIsAnErrorAtItsPathAndAMissingOneIsCounted() throws {
    let fixture = try UsageFixture(tables: ["Base": Self.base], sources: [:])
    try fixture.layers.write(Data(), to: "App/Folder.swift/inside")
    let files = [fixture.path("App/Folder.swift"), fixture.path("App/Gone.swift")]
    let scanned = ScannedSources(files, scan: fixture.scan)
    let merge = LayerMerger.merge(fixture.layers.layers("Base"))
    let usage = TargetUsage(target: "App", files: files, scanned: scanned, merge: merge)
    // A project that lists a deleted file fails to compile anyway, and says so itself.
    #expect(
      fixture.layers.render(usage.diagnostics) == [
        "App/Folder.swift: error: cannot read the source file: it is a folder"
      ])
    #expect((scanned.scannedCount, scanned.missingCount) == (0, 1))
  }

  /// Targets over one base share the work on its files: what one target's overlay adds must not
  /// count for another, whichever target is checked first.
  @Test func targetsOverOneBaseEachHaveOnlyTheKeysOfTheirOwnLayers() throws {
    let fixture = try UsageFixture(
      tables: [
        "Base": [
          "en.lproj/Localizable.strings": "\"shared\" = \"Shared\";\n",
          "de.lproj/Localizable.strings": "\"shared\" = \"Geteilt\";\n",
        ],
        "BrandA": [
          "en.lproj/Localizable.strings": "\"brand.a\" = \"A\";\n\"shared\" = \"Shared by A\";\n",
          "de.lproj/Localizable.strings": "\"brand.a\" = \"A\";\n",
        ],
        "BrandB": ["en.lproj/Localizable.strings": "\"shared\" = \"Shared by B\";\n"],
      ],
      sources: [
        "Shared/Code.swift": [UsageFixture.literal("shared", line: 1), UsageFixture.literal("brand.a", line: 2)]
      ])
    for (order, found) in Self.findingsOfTwoBrands(fixture) {
      #expect(found == ["A": [], "B": ["brand.a"]], "checked in the order \(order)")
    }
  }

  /// An interpolation matches the keys of the target's own layers too, never another target's:
  /// the keys a shared base file gives are indexed once for every target over it, and what each
  /// overlay adds is indexed per target, whichever target is checked first.
  @Test func interpolationsMatchOnlyTheKeysOfTheTargetsOwnLayers() throws {
    let fixture = try UsageFixture(
      tables: [
        "Base": [
          "en.lproj/Localizable.strings": "\"Hi %@\" = \"Hi %@\";\n",
          "de.lproj/Localizable.strings": "\"Hi %@\" = \"Hallo %@\";\n",
        ],
        "BrandA": ["en.lproj/Localizable.strings": "\"Bye %@\" = \"Bye %@\";\n"],
        "BrandB": ["en.lproj/Localizable.strings": "\"Hi %@\" = \"Hey %@\";\n"],
      ],
      sources: [
        "Shared/Code.swift": [
          UsageFixture.interpolated(["Hi ", ""], line: 1), UsageFixture.interpolated(["Bye ", ""], line: 2),
        ]
      ])
    for (order, found) in Self.findingsOfTwoBrands(fixture) {
      #expect(found == ["A": ["Bye %@ not in [\"de\"]"], "B": ["Bye \\(…)"]], "checked in the order \(order)")
    }
  }

  /// Targets A (layers Base and BrandA) and B (Base and BrandB) of `fixture`, their code
  /// `Shared/Code.swift`, checked over one scan in each order: by order, each target's missing keys
  /// and its untranslated ones (`key not in [languages]`).
  static func findingsOfTwoBrands(_ fixture: UsageFixture) -> [([String], [String: [String]])] {
    let options = MergeOptions(developmentLanguage: "en")
    let merges = [
      "A": LayerMerger.merge(fixture.layers.layers("Base", "BrandA"), options: options),
      "B": LayerMerger.merge(fixture.layers.layers("Base", "BrandB"), options: options),
    ]
    return [["A", "B"], ["B", "A"]].map { order in
      let scanned = fixture.scanned()
      var found: [String: [String]] = [:]
      // A target left out here is missing from the findings, which every caller compares whole.
      for target in order {
        guard let merge = merges[target] else { continue }
        let usage = TargetUsage(
          target: target, files: [fixture.path("Shared/Code.swift")], scanned: scanned, merge: merge)
        found[target] = usage.missing.map(\.key) + usage.untranslated.map { "\($0.key) not in \($0.languages)" }
      }
      return (order, found)
    }
  }

  /// The runtime compares keys as CoreFoundation does, code unit by code unit: a key written with a
  /// combining accent is not the table's precomposed key, however alike they look.
  @Test func keysMatchByteForByteNotByCanonicalEquivalence() throws {
    let (usage, _) = try Self.usage(
      [UsageFixture.literal("caf\u{E9}", line: 1), UsageFixture.literal("cafe\u{301}", line: 2)],
      tables: ["en.lproj/Localizable.strings": "\"caf\u{E9}\" = \"Caf\u{E9}\";\n"])
    #expect(usage.missing.map(\.location.position?.line) == [2])
  }
}
