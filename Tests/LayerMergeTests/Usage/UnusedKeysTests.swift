import Foundation
import LayerMerge
import Testing

/// `unused-key` and `unused-override`: keys of a layer that no target using the layer looks up,
/// with the dynamic lookups of those targets counted beside them.
@Suite struct UnusedKeysTests {
  static let tables = [
    "Base": [
      "en.lproj/Localizable.strings": """
      "used.by.lite" = "A";
      "nobody" = "B";
      "used.by.pro" = "C";
      "%lld files" = "%lld files";
      "any.table" = "D";
      """,
      "de.lproj/Localizable.strings": "\"nobody\" = \"B\";\n\"de.only\" = \"E\";\n",
      "en.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
      // A storyboard's table: read by object ID, not by the code.
      "en.lproj/Main.strings": "\"0cO-dq-wRh.headerCell.title\" = \"Starred\";\n\"Xy1-zz-9Q0.text\" = \"x\";\n",
    ],
    "Acme": [
      "en.lproj/Localizable.strings": """
      "nobody" = "Acme B";
      "used.by.pro" = "Acme C";
      "acme.added" = "F";
      """
    ],
  ]

  @Test func keysNoUserLooksUpAreUnusedAndAnOverlaysOverridesSaySo() throws {
    let fixture = try UsageFixture(
      tables: Self.tables,
      sources: [
        "Lite.swift": [
          UsageFixture.literal("used.by.lite", line: 1), UsageFixture.interpolated(["", " files"], line: 2),
          UsageFixture.dynamic("name", line: 3),
        ],
        "Pro.swift": [
          UsageFixture.literal("used.by.pro", line: 1),
          SourceLookup(
            key: .literal("any.table"), table: .dynamic(expression: "table"), form: "NSLocalizedString",
            position: TextPosition(line: 2, column: 1)),
        ],
      ])
    let base = Layer(path: fixture.layers.path("Base"))
    let acme = Layer(path: fixture.layers.path("Acme"))
    let shared = SharedLayers([base, acme])
    let holders = UnusedKeys.holders(stacks: [("Lite", [base]), ("Pro", [base, acme])], shared: shared)
    let unused = UnusedKeys(
      holders: holders,
      targets: ["Lite": [fixture.path("Lite.swift")], "Pro": [fixture.path("Pro.swift")]],
      scanned: fixture.scanned(), developmentLanguage: "en")
    #expect(
      fixture.layers.render(unused.diagnostics) == [
        "Base/de.lproj/Localizable.strings:2:1: warning: \"de.only\" of Localizable in layer 'Base' is looked up by "
          + "none of Lite, Pro (2 dynamic lookups in their code, not followed)",
        // Reported in the development language's file, once for both languages.
        "Base/en.lproj/Localizable.strings:2:1: warning: \"nobody\" of Localizable in layer 'Base' is looked up by "
          + "none of Lite, Pro (2 dynamic lookups in their code, not followed)",
        "Acme/en.lproj/Localizable.strings:1:1: warning: layer 'Acme' overrides \"nobody\" of Localizable, which none "
          + "of Pro looks up (1 dynamic lookup in their code, not followed)",
        "Acme/en.lproj/Localizable.strings:3:1: warning: \"acme.added\" of Localizable in layer 'Acme' is looked up by "
          + "none of Pro (1 dynamic lookup in their code, not followed)",
      ])
    #expect(unused.diagnostics.map(\.code) == [.unusedKey, .unusedKey, .unusedOverride, .unusedKey])
    #expect(unused.reports.map(\.unused.count) == [2, 2])
    #expect(unused.reports.map(\.dynamicLookups) == [2, 1])
    #expect(unused.reports[1].unused.map(\.isOverride) == [true, false])
  }

  @Test func aHolderWhoseTargetsHaveNoCodeIsNotJudged() throws {
    let fixture = try UsageFixture(tables: Self.tables, sources: [:])
    let base = Layer(path: fixture.layers.path("Base"))
    let shared = SharedLayers([base])
    let unused = UnusedKeys(
      holders: UnusedKeys.holders(stacks: [("Lite", [base])], shared: shared), targets: [:],
      scanned: ScannedSources(), developmentLanguage: "en")
    #expect(unused.reports.isEmpty)
    #expect(unused.diagnostics.isEmpty)
  }
}
