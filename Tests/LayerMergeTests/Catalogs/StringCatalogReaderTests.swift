import Foundation
import LayerMerge
import Testing

/// Reading `.xcstrings`: the model, positions, unknown fields, and every error with its place.
@Suite struct StringCatalogReaderTests {
  static let sample = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "comment" : "File count",
          "extractionState" : "manual",
          "futureEntryField" : [1, 2.50],
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien", "futureUnitField" : true } }
                },
                "width" : { "x" : 1 }
              }
            },
            "en" : {
              "stringUnit" : { "state" : "new", "value" : "%#@n@" },
              "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld", "futureSubstitutionField" : null } }
            }
          }
        },
        "key only" : { }
      },
      "version" : "1.2",
      "futureTopField" : "kept"
    }
    """

  @Test func readsEntriesLocalizationsAndTheirPositions() throws {
    let parsed = StringCatalogReader.parse(Array(Self.sample.utf8), path: "L.xcstrings")
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    let catalog = try #require(parsed.catalog)
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.version == "1.2")
    #expect(catalog.otherFields.map(\.key) == ["futureTopField"])
    #expect(catalog.entries.map(\.key) == ["%lld files", "key only"])
    let entry = try #require(catalog["%lld files"])
    #expect(entry.position == TextPosition(line: 4, column: 5))
    #expect(entry.comment == "File count")
    #expect(entry.extractionState == "manual")
    #expect(entry.otherFields.map(\.key) == ["futureEntryField"])
    #expect(entry.localizations?.map(\.language) == ["de", "en"])
    #expect(entry["de"]?.position == TextPosition(line: 9, column: 9))
    let plural = try #require(entry["de"]?.variant.variations?.plural)
    #expect(plural.map(\.name) == ["one", "other"])
    #expect(plural[1].variant.stringUnit?.value == "%lld Dateien")
    #expect(plural[1].variant.stringUnit?.otherFields.map(\.key) == ["futureUnitField"])
    #expect(entry["de"]?.variant.variations?.otherFields.map(\.key) == ["width"])
    let substitution = try #require(entry["en"]?.variant.substitutions?.first)
    #expect(substitution.name == "n" && substitution.argNum == 1 && substitution.formatSpecifier == "lld")
    #expect(substitution.otherFields.map(\.key) == ["futureSubstitutionField"])
    #expect(catalog["key only"]?.localizations == nil)
  }

  @Test func acceptsAnyVersion() throws {
    for version in ["1.0", "1.1", "1.2", "7.3-beta"] {
      let text = #"{"sourceLanguage":"en","strings":{},"version":"\#(version)"}"#
      #expect(StringCatalogReader.parse(Array(text.utf8), path: "v").catalog?.version == version)
    }
  }

  @Test func reportsInvalidJSONWithLineAndColumn() {
    let parsed = StringCatalogReader.parse(
      Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {,}\n}".utf8), path: "bad.xcstrings")
    #expect(parsed.catalog == nil)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "bad.xcstrings:3:16: error: invalid JSON: expected a key in double quotes, found ','"
      ])
  }

  @Test func reportsMissingRequiredFields() {
    let noLanguage = StringCatalogReader.parse(Array(#"{"strings":{}}"#.utf8), path: "a.xcstrings")
    #expect(noLanguage.catalog == nil)
    #expect(
      noLanguage.diagnostics.map(\.description) == [#"a.xcstrings:1:1: error: the catalog has no "sourceLanguage""#])
    let noStrings = StringCatalogReader.parse(Array(#"{"sourceLanguage":"en"}"#.utf8), path: "b.xcstrings")
    #expect(noStrings.diagnostics.map(\.description) == [#"b.xcstrings:1:1: error: the catalog has no "strings""#])
    let array = StringCatalogReader.parse(Array("[]".utf8), path: "c.xcstrings")
    #expect(
      array.diagnostics.map(\.description) == [
        "c.xcstrings:1:1: error: a String Catalog is a JSON object, but this file holds an array"
      ])
  }

  @Test func reportsUnitsOfTheWrongShape() {
    let text = """
      {"sourceLanguage" : "en", "strings" : {
        "a" : { "localizations" : { "de" : { "stringUnit" : "Hallo" } } },
        "b" : { "shouldTranslate" : "no", "localizations" : { "de" : { "stringUnit" : { "state" : "new" } } } },
        "c" : { "localizations" : { "de" : { "stringUnit" : { "value" : "%#@n@" },
                "substitutions" : { "n" : { "argNum" : "2", "formatSpecifier" : "lld" } } } } }
      }}
      """
    let parsed = StringCatalogReader.parse(Array(text.utf8), path: "s.xcstrings")
    #expect(
      parsed.diagnostics.map(\.description) == [
        #"s.xcstrings:2:55: error: the value of "stringUnit" must be an object, not the string "Hallo""#,
        #"s.xcstrings:3:31: error: the value of "shouldTranslate" must be true or false, not the string "no""#,
        #"s.xcstrings:3:81: error: this "stringUnit" has no "value""#,
        #"s.xcstrings:5:50: error: "argNum" must be a positive whole number, not the string "2""#,
      ])
    #expect(parsed.hasErrors)
  }

  /// A language given twice in one entry: the last wins, where the first stood, as
  /// JSONSerialization reads the object, with a warning at the last and a note at the first.
  @Test func aLanguageGivenTwiceKeepsTheLastWhereTheFirstStood() throws {
    let text =
      "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\n"
      + "\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"eins\"}},\n"
      + "\"fr\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"un\"}},\n"
      + "\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"zwei\"}}}}}}"
    let parsed = StringCatalogReader.parse(Array(text.utf8), path: "l.xcstrings")
    #expect(
      parsed.diagnostics.map(\.description) == [
        #"l.xcstrings:4:1: warning: language "de" is given twice; the last one wins"#
      ])
    #expect(parsed.diagnostics.first?.notes.first?.location?.position == TextPosition(line: 2, column: 1))
    let localizations = try #require(parsed.catalog?["k"]?.localizations)
    #expect(localizations.map(\.language) == ["de", "fr"])
    #expect(localizations.first?.variant.stringUnit?.value == "zwei")
  }

  @Test func warnsAboutRepeatedAndCanonicallyEquivalentKeys() throws {
    let text =
      "{\"sourceLanguage\":\"en\",\"strings\":{\n\"\u{E9}\":{},\n\"e\u{301}\":{},\n\"x\":{},\n\"x\":{\"comment\":\"2\"}}}"
    let parsed = StringCatalogReader.parse(Array(text.utf8), path: "k.xcstrings")
    #expect(parsed.diagnostics.map(\.severity) == [.warning, .warning])
    #expect(parsed.diagnostics.map(\.code) == [.equivalentKeys, .duplicateKey])
    #expect(parsed.diagnostics[0].location?.position == TextPosition(line: 3, column: 1))
    #expect(parsed.diagnostics[0].message.contains("U+0065 U+0301 vs U+00E9"))
    #expect(parsed.diagnostics[0].notes.first?.location?.position == TextPosition(line: 2, column: 1))
    // The repeated key is reported at its last occurrence, which wins, with a note at the first.
    #expect(parsed.diagnostics[1].description.hasPrefix(#"k.xcstrings:5:1: warning: key "x" is defined twice"#))
    #expect(parsed.diagnostics[1].notes.first?.location?.position == TextPosition(line: 4, column: 1))
    let catalog = try #require(parsed.catalog)
    // Both spellings stay: keys compare by bytes.
    #expect(catalog.entries.map { Array($0.key.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"], ["x"]])
    #expect(catalog["x"]?.comment == "2")
  }
}
