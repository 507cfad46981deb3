import LayerMerge
import Testing

/// Missing translations: each warning names the side that lacks something, sits on the file a
/// person has to edit, and stands for every language that lacks the same keys.
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
        "Base/bs.lproj/InfoPlist.strings: warning: bs.lproj has no InfoPlist.strings: the 4 keys that layer "
          + "'Base' has in en.lproj/InfoPlist.strings (\"CFBundleDisplayName\", \"NSCameraUsageDescription\", "
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
        "Base/de.lproj/Localizable.strings: warning: de.lproj/Localizable.strings lacks 3 of the 4 keys that layer "
          + "'Base' has in en.lproj/Localizable.strings (\"b\", \"c\", \"d\")"
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

  /// A language only an overlay has is a layout `extract` writes: not a warning in itself; the
  /// keys it lacks are missing translations in that overlay, where they go.
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
        "Partial/fr.lproj/Localizable.strings: warning: fr.lproj/Localizable.strings lacks 1 of the 2 keys that "
          + "layer 'Base' has in en.lproj/Localizable.strings (\"b\")"
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
        "Base/bg.lproj/Localizable.strings: warning: bg.lproj/Localizable.strings lacks 2 of the 3 keys that "
          + "layer 'Base' has in de.lproj/Localizable.strings (\"b\", \"c\")"
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
        "Base/en.lproj/Localizable.strings: warning: en.lproj/Localizable.strings lacks 1 of the 2 keys that "
          + "layer 'Base' has in de.lproj/Localizable.strings (\"b\")"
      ])
  }

  /// One cause, one warning: the keys a Settings.bundle gained that no translator saw are one
  /// finding for every language that lacks exactly them, at the first language's file.
  @Test func languagesThatLackTheSameKeysAreOneWarning() throws {
    var files = [
      "Settings.bundle/en.lproj/Root.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n",
      // Lacks another set: its own warning.
      "Settings.bundle/pl.lproj/Root.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
    ]
    for language in ["de", "fr", "it", "ja"] {
      files["Settings.bundle/\(language).lproj/Root.strings"] = "\"a\" = \"A\";\n"
    }
    // No Root.strings at all in two languages: every key, one warning for both.
    files["Settings.bundle/ko.lproj/Other.strings"] = "\"x\" = \"X\";\n"
    files["Settings.bundle/nl.lproj/Other.strings"] = "\"x\" = \"X\";\n"
    let fixture = try TemporaryLayers(["Base": files])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/Settings.bundle/de.lproj/Root.strings: warning: 3 of the 4 keys that layer 'Base' has in "
          + "Settings.bundle/en.lproj/Root.strings (\"b\", \"c\", \"d\") are missing in 4 languages: de, fr, it, ja",
        "Base/Settings.bundle/ko.lproj/Root.strings: warning: All 4 keys that layer 'Base' has in "
          + "Settings.bundle/en.lproj/Root.strings (\"a\", \"b\", \"c\", …) are missing in 2 languages, which have no "
          + "Root.strings: ko, nl",
        "Base/Settings.bundle/pl.lproj/Root.strings: warning: Settings.bundle/pl.lproj/Root.strings lacks 2 of the "
          + "4 keys that layer 'Base' has in Settings.bundle/en.lproj/Root.strings (\"c\", \"d\")",
      ])
  }

  /// A fact about the base is said in the same words whatever the stack above it, so that a
  /// project's targets report it once (the base alone said "of en.lproj/…", a stack "that layer
  /// 'Base' has in en.lproj/…").
  @Test func aFactAboutTheBaseIsTheSameDiagnosticInEveryStack() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Root.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
        "tt.lproj/Root.strings": "\"a\" = \"A\";\n",
      ],
      "Brand": ["en.lproj/Other.strings": "\"x\" = \"X\";\n", "tt.lproj/Other.strings": "\"x\" = \"X\";\n"],
    ])
    let alone = LayerMerger.merge(fixture.layers("Base")).diagnostics
    let stacked = LayerMerger.merge(fixture.layers("Base", "Brand")).diagnostics
    #expect(alone.count == 1)
    #expect(alone == stacked)
    #expect(Diagnostic.once([alone, stacked]).count == 1)
  }
}
