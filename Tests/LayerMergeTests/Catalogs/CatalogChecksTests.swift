import LayerMerge
import Testing

/// The checks a compilation runs, each at the catalog's line and column.
@Suite struct CatalogChecksTests {
  static func diagnostics(_ strings: String, languages: Set<String>? = nil) throws -> [String] {
    let text = "{\"sourceLanguage\" : \"en\", \"version\" : \"1.0\", \"strings\" : {\n\(strings)\n}}"
    let parsed = StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings")
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    let catalog = try #require(parsed.catalog)
    return CatalogCompiler.compile(catalog, path: "C.xcstrings", options: .init(languages: languages)).diagnostics.map(
      \.description)
  }

  /// A large catalog is checked in two halves side by side: the same diagnostics, in the same
  /// order, as each entry checked alone.
  @Test func aLargeCatalogReportsAsItsEntriesAlone() throws {
    var catalog = StringCatalog(sourceLanguage: "en")
    for index in 0..<1500 {
      let broken = index % 97 == 0
      let localizations = [
        CatalogLocalization(language: "en", variant: .string("%@ has %lld items \(index)")),
        CatalogLocalization(language: "de", variant: .string(broken ? "%d hat \(index)" : "%@ hat %lld \(index)")),
        CatalogLocalization(language: "fr", variant: .string(broken ? "%#@missing@ \(index)" : "plain \(index)")),
      ]
      catalog.upsert(CatalogEntry(key: "key \(index)", localizations: localizations))
    }
    let whole = CatalogCompiler.compile(catalog, path: "C.xcstrings").diagnostics
    var alone: [Diagnostic] = []
    for entry in catalog.entries {
      alone +=
        CatalogCompiler.compile(StringCatalog(sourceLanguage: "en", entries: [entry]), path: "C.xcstrings")
        .diagnostics
    }
    #expect(whole.count >= 2 * (1500 / 97))
    #expect(whole == alone)
  }

  @Test func undefinedAndUnusedSubstitutionsInXcodesWords() throws {
    let found = try Self.diagnostics(
      """
      "Next meeting at %lld %lld" : { "localizations" : { "en" : {
        "stringUnit" : { "state" : "translated", "value" : "Next meeting at %#@arg2@ %#@arg3@" },
        "substitutions" : {
          "arg1" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } },
          "arg2" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } }
        } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:3:54: error: Referencing undefined substitution 'arg3' (en: Next meeting at %lld %lld)",
        "C.xcstrings:5:5: warning: Substitution 'arg1' was never referenced. To reference, use %#@arg1@ in some other "
          + "string (en: Next meeting at %lld %lld|==|substitutions.arg1)",
      ])
  }

  @Test func aPluralWithoutOtherIsAnError() throws {
    let found = try Self.diagnostics(
      """
      "%lld things" : { "localizations" : { "de" : { "variations" : { "plural" : {
        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Sache" } } } } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:2:65: error: the plural of \"%lld things\" in 'de' has no \"other\" case: Xcode compiles it "
          + "without a word and the app shows \"(null)\" for the counts that need it"
      ])
  }

  @Test func translationsMustFitTheSourceFormat() throws {
    let found = try Self.diagnostics(
      """
      "greeting" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@, you have %lld messages" } },
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %@, du hast %@ Nachrichten" } },
        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour %1$@, %2$lld messages" } } } },
      "%lld files" : { "localizations" : { "pl" : { "variations" : { "plural" : {
        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
        "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliki" } },
        "many" : { "stringUnit" : { "state" : "translated", "value" : "%@ plików" } },
        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliku" } } } } } } },
      "Welcome" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen, %@" } },
        "fr" : { "stringUnit" : { "state" : "translated", "value" : "100% bienvenue" } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:4:3: error: the 'de' translation of \"greeting\" does not fit the format arguments of the source "
          + "language: argument 2 is object (%@) here but signed integer (64-bit) in the source language; this can "
          + "crash at run time",
        "C.xcstrings:6:38: error: the 'pl' translation of \"%lld files\" does not fit the format arguments of the "
          + "source language (in arg1.many): argument 1 is object (%@) here but signed integer (64-bit) in the source "
          + "language; this can crash at run time",
        "C.xcstrings:11:35: error: the 'de' translation of \"Welcome\" does not fit the format arguments of the source "
          + "language: it uses argument 1, which the source language does not take; this can crash at run time",
      ])
  }

  /// "100% anonymous" is prose: CF would read `% a` as a hexadecimal float, and its translations
  /// ("100% e", "100% а") are not format errors. A translation that takes arguments the source
  /// does not (found in a real catalog) still is.
  /// The catalog check and the merge checks share one rule (`FormatFit`): a translation that only
  /// prints wrong text is a `format-misprint` warning, and "100%-osan" against prose is prose.
  @Test func catalogsAndMergesJudgeFormatsAlike() throws {
    let found = try Self.diagnostics(
      """
      "count" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Items: %@" } },
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Einträge: %d" } } } },
      "states" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Not 100% guaranteed." } },
        "hu" : { "stringUnit" : { "state" : "translated", "value" : "Nem garantált 100%-osan." } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:4:3: warning: the 'de' translation of \"count\" does not fit the format arguments of the source "
          + "language: argument 1 is signed integer (32-bit) here but object (%@) in the source language; this "
          + "prints wrong text at run time"
      ])
  }

  @Test func aPercentBeforeASpaceIsProse() throws {
    let found = try Self.diagnostics(
      """
      "feedback.disclaimer" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Reports are 100% anonymous." } },
        "it" : { "stringUnit" : { "state" : "translated", "value" : "I report sono anonimi al 100% e sicuri." } },
        "ru" : { "stringUnit" : { "state" : "translated", "value" : "Отчеты на 100% анонимны." } } } },
      "import.passwords" : { "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Import Passwords…" } },
        "nl" : { "stringUnit" : { "state" : "translated", "value" : "%1$d Open en ontgrendel **%2$s**" } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:8:3: error: the 'nl' translation of \"import.passwords\" does not fit the format arguments of "
          + "the source language: it uses argument 2, which the source language does not take; this can crash at "
          + "run time"
      ])
  }

  @Test func pluralCategoriesTheLanguageLacksOrNeverUses() throws {
    let found = try Self.diagnostics(
      """
      "%lld items" : { "localizations" : {
        "pl" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld element" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld elementu" } } } } },
        "ja" : { "variations" : { "plural" : {
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "なし" } },
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld 個" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld 個" } } } } },
        "fr" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld élément" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld éléments" } } } } } } }
      """)
    #expect(
      found == [
        "C.xcstrings:3:29: warning: the plural of \"%lld items\" in 'pl' lacks few, many ('pl' uses one, few, many, "
          + "other)",
        "C.xcstrings:6:29: warning: the plural of \"%lld items\" in 'ja' has one, which it never uses ('ja' uses "
          + "other)",
      ])
  }

  @Test func checksOnlyTheLanguagesCompiled() throws {
    let found = try Self.diagnostics(
      """
      "%lld things" : { "localizations" : { "de" : { "variations" : { "plural" : {
        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Sache" } } } } } } }
      """, languages: ["fr"])
    #expect(found.isEmpty)
  }

  /// A language code names a folder: one that would leave the output directory is refused.
  @Test func languageCodesThatAreNotFolderNames() throws {
    let text = """
      {"sourceLanguage" : "en", "strings" : {
        "k" : { "localizations" : { "../../escape" : { "stringUnit" : { "state" : "translated", "value" : "x" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "y" } } } } } }
      """
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "E.xcstrings").catalog)
    let compiled = CatalogCompiler.compile(catalog, path: "E.xcstrings")
    #expect(compiled.outputs.map(\.relativePath) == ["de.lproj/E.strings"])
    #expect(
      compiled.diagnostics.map(\.description) == [
        #"E.xcstrings:2:31: error: the language code "../../escape" of "k" cannot name a .lproj folder; it is not compiled"#
      ])
  }
}
