import Foundation
import Testing

/// `init --xcodeproj` on projects shaped like the public apps issue 31 tried: a shared file with a
/// problem (UTM). Each project is written by its test (``XcodeProjectFixture``).
@Suite struct SharedMigrationTests {
  /// Writes the project and its tables: `tables[path][language]` is a file's text.
  static func project(_ fixture: XcodeProjectFixture, tables: [String: [String: String]]) throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write(fixture.text, to: "App.xcodeproj/project.pbxproj")
    for (table, languages) in tables {
      let folder = table.split(separator: "/").dropLast().joined(separator: "/")
      let name = table.split(separator: "/").last.map(String.init) ?? table
      for (language, text) in languages { try scratch.write(text, to: "\(folder)/\(language).lproj/\(name)") }
    }
    return scratch
  }

  // Pyto: three targets ship the same Localizable.strings files, two others their own copies.

  static let pyto = XcodeProjectFixture(
    targets: [
      .init(name: "Pyto", tables: ["Pyto/Localizable.strings"]),
      .init(name: "Preview", tables: ["Pyto/Localizable.strings"]),
      .init(
        name: "Widget", tables: ["Widget/Localizable.strings"],
        productType: "com.apple.product-type.app-extension"),
      .init(name: "Screenshots", tables: ["Pyto/Localizable.strings"]),
      .init(
        name: "Watch", tables: ["Watch/Localizable.strings"],
        productType: "com.apple.product-type.application.watchapp2"),
    ], languages: ["en", "de"])

  static let pytoTables: [String: [String: String]] = [
    "Pyto/Localizable.strings": [
      "en": "\"ok\" = \"OK\";\n\"run\" = \"Run\";\n\"settings\" = \"Settings\";\n\"cancel\" = \"Cancel\";\n",
      "de":
        "\"ok\" = \"OK\";\n\"run\" = \"Ausführen\";\n\"settings\" = \"Einstellungen\";\n\"cancel\" = \"Abbrechen\";\n",
    ],
    "Widget/Localizable.strings": [
      "en": "\"ok\" = \"OK\";\n\"widget.title\" = \"Run a script\";\n",
      "de": "\"ok\" = \"OK\";\n\"widget.title\" = \"Skript ausführen\";\n",
    ],
    "Watch/Localizable.strings": [
      "en": "\"ok\" = \"OK\";\n\"run\" = \"Start\";\n\"watch.only\" = \"On the watch\";\n",
      "de": "\"ok\" = \"OK\";\n\"run\" = \"Start\";\n\"watch.only\" = \"Auf der Uhr\";\n",
    ],
  ]

  // UTM: a problem in a file that several targets ship, printed once per target.

  @Test func aProblemInAFileSeveralTargetsShipIsReportedOnce() throws {
    var tables = Self.pytoTables
    tables["Pyto/Localizable.strings"]?["de"] =
      "\"ok\" = \"OK\";\n\"run\" = \"Ausführen\";\n\"settings\" = \"Einstellungen\";\n\"cancel\" = \"Abbrechen\";\n"
      + "\"run\" = \"Starten\";\n"
    let scratch = try Self.project(Self.pyto, tables: tables)
    let plan = try ToolRunner.run(["init", "--xcodeproj", "App.xcodeproj", "--dry-run"], in: scratch.root)
    #expect(plan.status == 0, "\(plan.standardError)")
    let lines = plan.standardError.split(separator: "\n")
    let warnings = lines.filter { $0.contains("[duplicate-key]") }
    #expect(warnings.count == 1, "\(plan.standardError)")
    #expect(warnings.first?.contains("Pyto/de.lproj/Localizable.strings:5:1: warning: key \"run\"") == true)
    #expect(lines.filter { $0.contains(": note: the first definition is here") }.count == 1)
  }
}
