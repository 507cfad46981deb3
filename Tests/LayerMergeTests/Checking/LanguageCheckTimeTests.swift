import Foundation
import LayerMerge
import TestSupport
import Testing

/// The checks across languages take time in proportion to the localizations, not the keys once
/// per language (issue 23, case 5); each budget is set by the same work on an input 8 times
/// smaller (``LinearTime``).
@Suite struct LanguageCheckTimeTests {
  /// Many languages, each with a table of one key, beside a development table with a key per
  /// language: each language's missing keys were found by going through the development table.
  @Test func manyLanguagesEachWithFewKeys() throws {
    let ratio = try LinearTime.ratio(
      n: 40, clock: .wall,
      prepare: { count in
        var base = ["en.lproj/L.strings": (0..<count).map { "\"key\($0)\" = \"x\";\n" }.joined()]
        for language in 0..<count { base["l\(language).lproj/L.strings"] = "\"key0\" = \"y\";\n" }
        return try TemporaryLayers(["Base": base, "Target": ["en.lproj/L.strings": "\"key0\" = \"z\";\n"]])
      },
      { fixture in
        let result = fixture.merge("Base", "Target")
        #expect(result.diagnostics.count { $0.code == .missingTranslation } > 0)
      })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the languages and keys")
  }

  /// The same in a catalog: each key localized in one language of its own.
  @Test func aCatalogWithManyLanguagesEachForOneKey() throws {
    let ratio = try LinearTime.ratio(
      n: 150, clock: .wall,
      prepare: { count in
        try TemporaryLayers([
          "Base": [
            "L.xcstrings": TemporaryLayers.catalog(
              (0..<count).map { (key: "key\($0)", values: [("en", "x"), ("l\($0)", "y")]) })
          ],
          "Target": [
            "L.xcstrings": TemporaryLayers.catalog((0..<count).map { (key: "key\($0)", values: [("en", "changed")]) })
          ],
        ])
      },
      { fixture in
        let result = fixture.merge("Base", "Target")
        #expect(result.diagnostics.count { $0.code == .translationDrift } > 0)
      })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the languages and keys")
  }
}
