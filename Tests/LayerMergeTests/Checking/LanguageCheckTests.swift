import LayerMerge
import Testing

/// Missing translations and overlay-only languages: each warning names the side that lacks
/// something and sits on the file a person has to edit.
@Suite struct LanguageCheckTests {
  @Test func aFolderOnlyAnOverlayHasIsNotAMissingLanguage() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
        "fr.lproj/Localizable.strings": "\"a\" = \"A-fr\";\n\"b\" = \"B-fr\";\n",
      ],
      "Settings": [
        "Settings.bundle/en.lproj/Root.strings": "\"Group\" = \"General\";\n\"Title\" = \"Settings\";\n",
        "Settings.bundle/fr.lproj/Root.strings": "\"Group\" = \"Général\";\n\"Title\" = \"Réglages\";\n",
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Settings"))
    #expect(fixture.render(result.diagnostics) == [])
  }

  @Test func aMissingTableIsReportedWhereItShouldBe() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/InfoPlist.strings":
          "\"CFBundleDisplayName\" = \"App\";\n\"NSCameraUsageDescription\" = \"Scan\";\n"
          + "\"NSPhotoLibraryUsageDescription\" = \"Save\";\n\"NSMicrophoneUsageDescription\" = \"Talk\";\n",
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "bs.lproj/Localizable.strings": "\"a\" = \"A-bs\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/bs.lproj/InfoPlist.strings: warning: bs.lproj has no InfoPlist.strings: the 4 keys of "
          + "en.lproj/InfoPlist.strings (\"CFBundleDisplayName\", \"NSCameraUsageDescription\", "
          + "\"NSPhotoLibraryUsageDescription\", …) have no bs translation"
      ])
  }

  @Test func missingKeysAreCountedAgainstTheDevelopmentLanguageTable() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/Localizable.strings: warning: de.lproj/Localizable.strings lacks 3 of the 4 keys of "
          + "en.lproj/Localizable.strings (\"b\", \"c\", \"d\")"
      ])
  }

  /// A key an overlay adds in the development language needs its translations in that overlay.
  @Test func aKeyAnOverlayAddsIsMissingFromThatOverlay() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A-de\";\n\"b\" = \"B-de\";\n\"c\" = \"C-de\";\n",
      ],
      "GlobexGo": ["en.lproj/Localizable.strings": "\"a\" = \"A2\";\n\"promo\" = \"Try Globex\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "GlobexGo"))
    #expect(
      fixture.render(result.diagnostics) == [
        "GlobexGo/de.lproj/Localizable.strings: warning: de.lproj/Localizable.strings lacks the key that layer "
          + "'GlobexGo' adds to en.lproj/Localizable.strings (\"promo\")"
      ])
  }

  @Test func aLanguageOnlyAnOverlayHasIsComparedWithTheBaseKeys() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A-de\";\n\"b\" = \"B-de\";\n",
      ],
      "Partial": ["fr.lproj/Localizable.strings": "\"a\" = \"A-fr\";\n"],
      "Complete": ["fr.lproj/Localizable.strings": "\"a\" = \"A-fr\";\n\"b\" = \"B-fr\";\n"],
    ])
    let partial = LayerMerger.merge(fixture.layers("Base", "Partial"))
    #expect(
      fixture.render(partial.diagnostics) == [
        "Partial/fr.lproj/Localizable.strings: warning: language 'fr' exists only in layer 'Partial', not in the "
          + "base: fr.lproj/Localizable.strings lacks 1 of the 2 keys of en.lproj/Localizable.strings (\"b\")"
      ])
    let complete = LayerMerger.merge(fixture.layers("Base", "Complete"))
    #expect(fixture.render(complete.diagnostics) == [])
  }

  @Test func withoutEnglishTheFullestLanguageIsTheDevelopmentLanguage() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "bg.lproj/Localizable.strings": "\"a\" = \"А\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(result.developmentLanguage == "de")
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/bg.lproj/Localizable.strings: warning: bg.lproj/Localizable.strings lacks 2 of the 3 keys of "
          + "de.lproj/Localizable.strings (\"b\", \"c\")"
      ])
  }

  @Test func theDevelopmentLanguageCanBeGiven() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"), options: MergeOptions(developmentLanguage: "de"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/en.lproj/Localizable.strings: warning: en.lproj/Localizable.strings lacks 1 of the 2 keys of "
          + "de.lproj/Localizable.strings (\"b\")"
      ])
  }
}
