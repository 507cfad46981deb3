import Foundation
import LayerMerge
import Testing

/// Catalogs as layers: per key and language the highest layer wins whole; entry fields per field;
/// legacy tables and catalogs of one table merge both ways.
@Suite struct CatalogLayerMergeTests {
  @Test func eachKeyAndLanguageComesFromTheHighestLayerThatHasIt() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("title", [("en", "App"), ("de", "App"), ("fr", "Appli")]), ("hello", [("en", "Hello"), ("de", "Hallo")]),
        ])
      ],
      "Brand": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("title", [("en", "Acme"), ("de", "Acme DE")]), ("brand.only", [("en", "Since 1949")]),
        ])
      ],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(!result.hasErrors, "\(fixture.render(result.diagnostics))")
    let catalog = try #require(result.catalog("Localizable.xcstrings"))
    #expect(catalog.text("title", "en") == "Acme" && catalog.text("title", "de") == "Acme DE")
    #expect(catalog.text("title", "fr") == "Appli")
    #expect(catalog.text("hello", "de") == "Hallo" && catalog.text("brand.only", "en") == "Since 1949")
    #expect(catalog.entries.map(\.key) == ["title", "hello", "brand.only"])
    // Only a key the base lacks is marked for Xcode's extraction.
    #expect(catalog["brand.only"]?.extractionState == "manual" && catalog["title"]?.extractionState == nil)
    #expect(
      result.table("Localizable.xcstrings", language: "en")?.statuses == [
        "title:overridden:Brand", "hello:inherited:Base", "brand.only:added:Brand",
      ])
    #expect(
      result.table("Localizable.xcstrings", language: "de")?.statuses == [
        "title:overridden:Brand", "hello:inherited:Base",
      ])
    #expect(result.table("Localizable.xcstrings", language: "fr")?.statuses == ["title:inherited:Base"])
    let title = try #require(result.table("Localizable.xcstrings", language: "de")?.provenance.first)
    #expect(title.winner.file == fixture.path("Brand/Localizable.xcstrings"))
    #expect(title.winner.position == TextPosition(line: 7, column: 7))
    #expect(title.shadowed.map(\.file) == [fixture.path("Base/Localizable.xcstrings")])
    #expect(title.shadowed.first?.position == TextPosition(line: 7, column: 7))
    #expect(title.winner.value == .string("Acme DE"))
  }

  @Test func aLocalizationIsReplacedWholeNeverMixed() throws {
    let base = """
      { "sourceLanguage" : "en", "strings" : {
        "%lld files" : { "localizations" : {
          "de" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
          "fr" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichier" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } } } } },
          "it" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } } } } } }
      """
    let overlay = """
      { "sourceLanguage" : "en", "strings" : {
        "%lld files" : { "localizations" : {
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Dateien: %lld" } },
          "fr" : { "variations" : { "plural" : {
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld documents" } } } } },
          "it" : {
            "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
            "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg documento" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg documenti" } } } } } } } } } } }
      """
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": base], "Brand": ["Localizable.xcstrings": overlay],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(!result.hasErrors, "\(fixture.render(result.diagnostics))")
    let entry = try #require(result.catalog("Localizable.xcstrings")?["%lld files"])
    // A string replaces a plural: no plural case of the base is left.
    #expect(entry["de"]?.variant == .string("Dateien: %lld"))
    // A plural replaces a plural: the base's 'one' does not join the overlay's 'other'.
    #expect(entry["fr"]?.variant.variations?.plural?.map(\.name) == ["other"])
    #expect(entry["fr"]?.variant.stringUnit == nil)
    // Substitutions replace a string: the unit and its substitutions come together.
    #expect(entry["it"]?.variant.stringUnit?.value == "%#@n@")
    #expect(entry["it"]?.variant.substitutions?.map(\.name) == ["n"])
  }

  @Test func entryFieldsComeFromTheHighestLayerThatSetsThem() throws {
    let base = """
      { "sourceLanguage" : "en", "version" : "1.0", "x-top" : "base", "x-base-only" : 1, "strings" : {
        "k" : { "comment" : "Base comment", "extractionState" : "extracted_with_value", "shouldTranslate" : false,
                "x-entry" : "base", "x-entry-base" : [1, 2.50],
                "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "K" } } } } } }
      """
    let overlay = """
      { "sourceLanguage" : "en", "version" : "1.1", "x-top" : "brand", "strings" : {
        "k" : { "comment" : "Brand comment", "isCommentAutoGenerated" : true, "x-entry" : "brand",
                "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "K", "x-unit" : 7 },
                                             "x-variant" : true } } } } }
      """
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": base], "Brand": ["Localizable.xcstrings": overlay],
    ])
    let result = fixture.merge("Base", "Brand")
    let merged = try #require(result.catalogs.first?.catalog)
    let entry = try #require(merged["k"])
    #expect(entry.comment == "Brand comment" && entry.isCommentAutoGenerated == true)
    #expect(entry.extractionState == "extracted_with_value" && entry.shouldTranslate == false)
    // Unknown fields: per field at every level, the winning localization's own kept whole.
    let written = try #require(
      JSONSerialization.jsonObject(with: Data(StringCatalogWriter.data(for: merged))) as? [String: Any])
    #expect(written["version"] as? String == "1.1")
    #expect(written["x-top"] as? String == "brand" && written["x-base-only"] as? Int == 1)
    let strings = try #require(written["strings"] as? [String: Any])
    let k = try #require(strings["k"] as? [String: Any])
    #expect(k["x-entry"] as? String == "brand" && (k["x-entry-base"] as? [Double]) == [1, 2.5])
    let de = try #require((k["localizations"] as? [String: Any])?["de"] as? [String: Any])
    #expect(de["x-variant"] as? Bool == true && (de["stringUnit"] as? [String: Any])?["x-unit"] as? Int == 7)
  }

  @Test func theHighestVersionWinsComparedNumerically() throws {
    let fixture = try TemporaryLayers([
      "Base": ["L.xcstrings": #"{"sourceLanguage":"en","version":"1.10","strings":{}}"#],
      "Brand": ["L.xcstrings": #"{"sourceLanguage":"en","version":"1.9","strings":{}}"#],
      "Target": ["L.xcstrings": #"{"sourceLanguage":"en","strings":{}}"#],
    ])
    #expect(fixture.merge("Base", "Brand", "Target").catalog("L.xcstrings")?.version == "1.10")
  }

  @Test func aSourceLanguageConflictIsAnError() throws {
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": TemporaryLayers.catalog([("k", [("en", "K")])])],
      "Brand": ["Localizable.xcstrings": TemporaryLayers.catalog([("k", [("de", "K")])], source: "de")],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(
      fixture.render(result.diagnostics.filter { $0.code == .sourceLanguageConflict }) == [
        "Brand/Localizable.xcstrings:2:3: error: the source language of this catalog is 'de', but layer 'Base' has "
          + "'en'; translations would be keyed against different sources",
        "  note: Base/Localizable.xcstrings:2:3: the source language of layer 'Base' is here",
      ])
  }

  /// A brand still on `.strings` over a base that moved to a catalog: each entry overrides its
  /// language's localization, a `.stringsdict` entry with the equivalent variations.
  @Test func legacyTablesOverACatalogOverrideItsLocalizations() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "InfoPlist.xcstrings": TemporaryLayers.catalog([
          ("CFBundleDisplayName", [("en", "App"), ("de", "App")]), ("NSCameraUsageDescription", [("en", "Scan")]),
        ]),
        "Localizable.xcstrings": TemporaryLayers.catalog([("%d files", [("en", "%d files"), ("de", "%d Dateien")])]),
      ],
      "Brand": [
        "de.lproj/InfoPlist.strings": "/* Name */\n\"CFBundleDisplayName\" = \"Acme\";\n",
        "de.lproj/Localizable.stringsdict": """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>%d files</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
          <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
        </dict></dict></plist>
        """,
      ],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(!result.hasErrors, "\(fixture.render(result.diagnostics))")
    // The table stays a catalog: no legacy table of its name is merged beside it.
    #expect(result.tables.allSatisfy { $0.address.kind == .xcstrings })
    let info = try #require(result.catalog("InfoPlist.xcstrings"))
    #expect(info.text("CFBundleDisplayName", "de") == "Acme" && info.text("CFBundleDisplayName", "en") == "App")
    let de = try #require(result.table("InfoPlist.xcstrings", language: "de")?.provenance.first)
    #expect(de.status == .overridden && de.winner.file == fixture.path("Brand/de.lproj/InfoPlist.strings"))
    #expect(de.winner.position == TextPosition(line: 2, column: 1))
    let files = try #require(result.catalog("Localizable.xcstrings")?["%d files"]?["de"]?.variant)
    #expect(files.stringUnit?.value == "%#@n@" && files.substitutions?.first?.formatSpecifier == "d")
    // Compiled, the bundle gets the brand's rule back as it wrote it.
    let outputs = OutputFile.files(for: result)
    #expect(
      outputs.map(\.relativePath) == [
        "de.lproj/InfoPlist.strings", "de.lproj/Localizable.stringsdict", "en.lproj/InfoPlist.strings",
        "en.lproj/Localizable.strings",
      ])
    let rule = try #require(
      PropertyListSerialization.propertyList(from: Data(outputs[1].bytes), format: nil) as? NSDictionary)
    let expected: NSDictionary = [
      "%d files": [
        "NSStringLocalizedFormatKey": "%#@n@",
        "n": [
          "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
          "one": "%d Datei", "other": "%d Dateien",
        ],
      ]
    ]
    #expect(rule == expected)
  }

  /// A new flavor written as a catalog over a base still on `.strings`: the table becomes a
  /// catalog, the base's entries its localizations, the source-language comments its comments.
  @Test func aCatalogOverLegacyTablesMakesTheTableACatalog() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/InfoPlist.strings":
          "/* Home screen name */\n\"CFBundleDisplayName\" = \"App\";\n\"Other\" = \"O\";\n",
        "de.lproj/InfoPlist.strings": "/* Name auf dem Home-Bildschirm */\n\"CFBundleDisplayName\" = \"App\";\n",
      ],
      "Brand": [
        "InfoPlist.xcstrings": TemporaryLayers.catalog([
          ("CFBundleDisplayName", [("de", "Acme")]), ("NSFaceIDUsageDescription", [("en", "Unlock Acme")]),
        ])
      ],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(!result.hasErrors, "\(fixture.render(result.diagnostics))")
    #expect(
      result.tables.map { "\($0.address.relativePath):\($0.address.language)" } == [
        "InfoPlist.xcstrings:de", "InfoPlist.xcstrings:en",
      ])
    let catalog = try #require(result.catalog("InfoPlist.xcstrings"))
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.text("CFBundleDisplayName", "de") == "Acme" && catalog.text("CFBundleDisplayName", "en") == "App")
    #expect(catalog["CFBundleDisplayName"]?.comment == "Home screen name")
    #expect(catalog["CFBundleDisplayName"]?.extractionState == nil)
    #expect(catalog["NSFaceIDUsageDescription"]?.extractionState == "manual")
    let en = try #require(result.table("InfoPlist.xcstrings", language: "en"))
    #expect(
      en.statuses == [
        "CFBundleDisplayName:inherited:Base", "Other:inherited:Base", "NSFaceIDUsageDescription:added:Brand",
      ])
    #expect(en.provenance.first?.winner.file == fixture.path("Base/en.lproj/InfoPlist.strings"))
    #expect(result.table("InfoPlist.xcstrings", language: "de")?.statuses == ["CFBundleDisplayName:overridden:Brand"])
  }

  @Test func aStackWithoutCatalogsIsUnchanged() throws {
    let fixture = try TemporaryLayers([
      "Base": ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"],
      "Brand": ["en.lproj/Localizable.strings": "\"a\" = \"B\";\n"],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(result.catalogs.isEmpty && result.tables.map(\.address.relativePath) == ["en.lproj/Localizable.strings"])
  }
}

/// The extraction state of merged catalog entries: Xcode's own states are kept.
@Suite struct MergedExtractionStateTests {
  @Test func anEntryKeepsTheStateItsLayerGivesItAndManualIsOnlyForOneWithout() throws {
    let brand = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "gone" : { "extractionState" : "stale", "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Gone" } } } },
          "from.code" : { "extractionState" : "extracted_with_value", "localizations" : {
            "en" : { "stringUnit" : { "state" : "new", "value" : "Code" } } } },
          "plain" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Plain" } } } },
          "title" : { "extractionState" : "stale", "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Acme" } } } }
        },
        "version" : "1.0"
      }
      """
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": TemporaryLayers.catalog([("title", [("en", "App")])])],
      "Brand": ["Localizable.xcstrings": brand],
    ])
    let catalog = try #require(fixture.merge("Base", "Brand").catalog("Localizable.xcstrings"))
    // Keys only the overlay has: `stale` stays `stale` (Xcode goes on flagging it), a state from
    // the code stays, and only a key without one is `manual`.
    #expect(catalog["gone"]?.extractionState == "stale")
    #expect(catalog["from.code"]?.extractionState == "extracted_with_value")
    #expect(catalog["plain"]?.extractionState == "manual")
    // A key of the base takes the state the highest layer gives it, as every entry field.
    #expect(catalog["title"]?.extractionState == "stale")
  }
}
