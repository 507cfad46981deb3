import Foundation
import LayerMerge
import Testing

/// Every merge check on catalog layers, with its message and the catalog's line and column.
@Suite struct CatalogMergeCheckTests {
  static let base = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "greeting" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@, %lld new" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %@, %lld neu" } } } },
        "%lld files" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } },
        "title" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Title" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Titel" } } } }
      }
    }
    """

  @Test func overridesAreCheckedAgainstWhatTheyReplace() throws {
    let brand = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "greeting" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %lld, %@ neu" } } } },
          "%lld files" : { "localizations" : {
            "de" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%d Datei" } },
              "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Dateien" } } } } } } },
          "title" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Titel" } } } },
          "titel" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "new", "value" : "Title!" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Titel!" } } } }
        }
      }
      """
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": Self.base], "Brand": ["Localizable.xcstrings": brand],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(
      fixture.render(result.diagnostics) == [
        "Brand/Localizable.xcstrings:5:7: error: the de localization of \"greeting\" in layer 'Brand' does not fit "
          + "the format arguments of the localization it replaces: argument 2 is object (%@) here but signed integer "
          + "(64-bit) in the localization it replaces; this can crash at run time",
        "  note: Base/Localizable.xcstrings:6:7: the localization it replaces, in layer 'Base', is here",
        "Brand/Localizable.xcstrings:7:7: warning: the de localization of \"%lld files\" in layer 'Brand' does not "
          + "fit the format arguments of the localization it replaces: in arg1.one, argument 1 is signed integer "
          + "(32-bit) here but signed integer (64-bit) in the localization it replaces; this prints wrong text at run "
          + "time",
        "  note: Base/Localizable.xcstrings:11:7: the localization it replaces, in layer 'Base', is here",
        "Brand/Localizable.xcstrings:7:7: warning: the de localization of \"%lld files\" in layer 'Brand' is marked "
          + "'needs_review'; it ships as it is",
        "Brand/Localizable.xcstrings:11:7: warning: layer 'Brand' repeats the de localization of \"title\" from layer "
          + "'Base'; the override can be removed",
        "  note: Base/Localizable.xcstrings:14:7: the localization it replaces, in layer 'Base', is here",
        "Brand/Localizable.xcstrings:13:7: warning: layer 'Brand' adds \"titel\", one edit away from the existing key "
          + "\"title\"; did you mean to override it?",
        "Brand/Localizable.xcstrings:13:7: warning: the en localization of \"titel\" in layer 'Brand' is marked "
          + "'new'; source-language units marked 'new' are not compiled (the text is expected in the code), so the "
          + "app does not show it",
      ])
  }

  /// A catalog key without localizations is still a key the code uses: an overlay that translates
  /// it is not a near miss of another key, and one that adds a key one edit away from it is.
  @Test func keysWithoutLocalizationsCountForNearMisses() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "title" : { "comment" : "The key is the English text" },
            "titles" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Titles" } } } }
          }
        }
        """
      ],
      "Brand": [
        "Localizable.xcstrings": """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "title" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Titel" } } } },
            "tittle" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Tittle" } } } }
          }
        }
        """
      ],
    ])
    #expect(
      fixture.render(fixture.merge("Base", "Brand").diagnostics.filter { $0.code == .nearMissKey }) == [
        "Brand/Localizable.xcstrings:5:38: warning: layer 'Brand' adds \"tittle\", one edit away from the existing key "
          + "\"title\"; did you mean to override it?"
      ])
  }

  /// An overlay that changes the source text leaves the translations of lower layers behind.
  @Test func aChangedSourceValueOverLowerTranslationsIsDrift() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("welcome", [("en", "Welcome"), ("de", "Willkommen"), ("fr", "Bienvenue"), ("it", "Benvenuto")]),
          ("bye", [("en", "Bye"), ("de", "Tschüss")]),
        ])
      ],
      "Brand": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("welcome", [("en", "Welcome to Acme"), ("fr", "Bienvenue chez Acme")]), ("bye", [("en", "Bye")]),
        ])
      ],
      "Target": ["en.lproj/Localizable.strings": "\"bye\" = \"See you\";\n"],
    ])
    let result = fixture.merge("Base", "Brand", "Target")
    #expect(
      fixture.render(result.diagnostics.filter { $0.code == .translationDrift }) == [
        "Brand/Localizable.xcstrings:6:7: warning: layer 'Brand' changes the en value of \"welcome\", but its de, it "
          + "localizations come from layer 'Base'; they may no longer translate it",
        "  note: Base/Localizable.xcstrings:7:7: the de localization is here",
        "  note: Base/Localizable.xcstrings:9:7: the it localization is here",
        "Target/en.lproj/Localizable.strings:1:1: warning: layer 'Target' changes the en value of \"bye\", but its de "
          + "localization comes from layer 'Base'; it may no longer translate it",
        "  note: Base/Localizable.xcstrings:13:7: the de localization is here",
      ])
  }

  @Test func missingTranslationsAreReportedOnTheCatalogThatAddedTheKeys() throws {
    let base = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "a" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } },
          "b" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "B" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "B" } } } },
          "c" : { "shouldTranslate" : false, "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "C" } } } },
          "d" : { }
        }
      }
      """
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": base],
      "Brand": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("e", [("en", "E")]), ("f", [("en", "F"), ("de", "F"), ("fr", "F")]),
        ])
      ],
    ])
    #expect(
      fixture.render(fixture.merge("Base", "Brand").diagnostics) == [
        "Base/Localizable.xcstrings: warning: Localizable.xcstrings has no de localization for 1 of the 3 keys that "
          + "layer 'Base' has (\"d\")",
        "Base/Localizable.xcstrings: warning: Localizable.xcstrings has no fr localization for 2 of the 3 keys that "
          + "layer 'Base' has (\"b\", \"d\")",
        // The same key missing in both languages: one warning.
        "Brand/Localizable.xcstrings: warning: Localizable.xcstrings has no localization in 2 languages (de, fr) for "
          + "1 of the 2 keys that layer 'Brand' adds (\"e\")",
      ])
    #expect(
      fixture.render(fixture.merge("Base").diagnostics) == [
        // The same words as in a stack: one finding for every target that shares the base.
        "Base/Localizable.xcstrings: warning: Localizable.xcstrings has no de localization for 1 of the 3 keys that "
          + "layer 'Base' has (\"d\")",
        "Base/Localizable.xcstrings: warning: Localizable.xcstrings has no fr localization for 2 of the 3 keys that "
          + "layer 'Base' has (\"b\", \"d\")",
      ])
  }

  /// The checks of `locmerge compile` run on the merged catalog, each at the file and place the
  /// winning localization came from.
  @Test func theMergedCatalogIsCheckedAsItWillBeCompiled() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld items" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } } } },
            "next" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Next %@" } } } }
          }
        }
        """
      ],
      "Brand": [
        "Localizable.xcstrings": """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld items" : { "localizations" : { "de" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Ding" } } } } } } },
            "next" : { "localizations" : { "de" : {
              "stringUnit" : { "state" : "translated", "value" : "Nächstes %#@n@" } } } }
          }
        }
        """
      ],
    ])
    #expect(
      fixture.render(fixture.merge("Base", "Brand").diagnostics) == [
        "Brand/Localizable.xcstrings:4:68: error: the plural of \"%lld items\" in 'de' has no \"other\" case: Xcode "
          + "compiles it without a word and the app shows \"(null)\" for the counts that need it",
        "Brand/Localizable.xcstrings:7:58: error: Referencing undefined substitution 'n' (de: next)",
      ])
  }

  @Test func aRuleACatalogCannotHoldIsAnError() throws {
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": TemporaryLayers.catalog([("k", [("en", "K"), ("de", "K")])])],
      "Brand": [
        "de.lproj/Localizable.stringsdict": """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>k</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>K</string></dict></dict>
        </dict></plist>
        """
      ],
    ])
    #expect(
      fixture.render(fixture.merge("Base", "Brand").diagnostics) == [
        "Brand/de.lproj/Localizable.stringsdict:3:1: error: the .stringsdict entry \"k\" cannot be part of the String "
          + "Catalog Localizable.xcstrings: width variations (NSStringVariableWidthRuleType) have no String Catalog "
          + "form; it is left out"
      ])
  }

  @Test func aLayerWithACatalogAndTablesOfItsNameIsWarnedAbout() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": TemporaryLayers.catalog([("k", [("en", "K"), ("de", "K")])]),
        "de.lproj/Localizable.strings": "\"k\" = \"Ka\";\n",
      ]
    ])
    let result = fixture.merge("Base")
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/Localizable.xcstrings: warning: layer 'Base' has both this catalog and tables of the same name "
          + "(de.lproj/Localizable.strings); the tables override the catalog's localizations, but Xcode refuses both "
          + "in one target"
      ])
    #expect(result.catalog("Localizable.xcstrings")?.text("k", "de") == "Ka")
  }
}
