import LayerMerge
import Testing

@Suite struct NearMissCheckTests {
  /// Keys are compared with every language of the table, not only the development language, and
  /// two swapped letters are one edit.
  @Test func comparesWithEveryLanguageAndCountsSwaps() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
        "de.lproj/Localizable.strings": "\"title\" = \"Titel\";\n\"onboarding.welcome\" = \"Willkommen\";\n",
      ],
      "Target": [
        "de.lproj/Localizable.strings": "\"onboarding.welcom\" = \"Hallo\";\n",
        "en.lproj/Localizable.strings": "\"tilte\" = \"Name\";\n",
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      fixture.render(result.diagnostics.filter { $0.code == .nearMissKey }) == [
        "Target/de.lproj/Localizable.strings:1:1: warning: layer 'Target' adds \"onboarding.welcom\", one edit away "
          + "from the existing key \"onboarding.welcome\"; did you mean to override it?",
        "Target/en.lproj/Localizable.strings:1:1: warning: layer 'Target' adds \"tilte\", one edit away from the "
          + "existing key \"title\"; did you mean to override it?",
      ])
  }

  /// A key that exists exactly in another language of a lower layer is not a typo.
  @Test func aKeyAnotherLanguageHasIsNotANearMiss() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"title.short\" = \"T\";\n",
        "de.lproj/Localizable.strings": "\"title.short\" = \"T\";\n\"title.shorts\" = \"T\";\n",
      ],
      "Target": ["en.lproj/Localizable.strings": "\"title.shorts\" = \"Shorts\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(result.diagnostics.filter { $0.code == .nearMissKey }.isEmpty)
  }
}
