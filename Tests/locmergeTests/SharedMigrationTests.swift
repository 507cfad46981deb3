import Foundation
import Testing

/// `init --xcodeproj` on projects shaped like the public apps issue 31 tried: targets that ship the
/// same files (Pyto), an extension whose strings are all the app's (DuckDuckGo), a shared file
/// with a problem (UTM). Each project is written by its test (``XcodeProjectFixture``).
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

  /// Every layer folder under `Localization` with its files' bytes.
  static func layers(_ scratch: Scratch) throws -> [String: [String: Data]] {
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("Localization"))
    return Dictionary(uniqueKeysWithValues: names.map { ($0, scratch.snapshot("Localization/\($0)")) })
  }

  /// Builds every target and checks that each gets exactly its copies' values (Foundation's reading).
  static func expectEveryTargetBuildsItsCopies(
    _ scratch: Scratch, _ copies: [String: [String]], languages: [String]
  ) throws {
    let built = try ToolRunner.run(["build", "-d", "build/{target}"], in: scratch.root)
    #expect(built.status == 0, "\(built.standardError)")
    for (target, tables) in copies {
      for table in tables {
        let name = table.split(separator: "/").last.map(String.init) ?? table
        let folder = table.split(separator: "/").dropLast().joined(separator: "/")
        for language in languages {
          let original = try MigrationTests.values(scratch, "\(folder)/\(language).lproj/\(name)")
          let merged = try MigrationTests.values(scratch, "build/\(target)/\(language).lproj/\(name)")
          #expect(original != nil && merged == original, "\(target) \(language) \(table)")
        }
      }
    }
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

  @Test func targetsThatShipTheSameFilesShareOneLayerAndWriteNoOverlay() throws {
    let scratch = try Self.project(Self.pyto, tables: Self.pytoTables)
    let initialized = try ToolRunner.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch.root)
    #expect(initialized.status == 0, "\(initialized.standardError)")
    let layers = try Self.layers(scratch)
    // The files themselves, once: one layer of the three targets; none of them has an overlay.
    #expect(Set(layers.keys) == ["Base", "Pyto+Preview+Screenshots", "Widget", "Watch"], "\(layers.keys.sorted())")
    #expect(
      try MigrationTests.values(scratch, "Localization/Pyto+Preview+Screenshots/en.lproj/Localizable.strings")
        == ["run": "Run", "settings": "Settings", "cancel": "Cancel"])
    // The base holds what every target agrees on; the others keep only what is theirs.
    #expect(try MigrationTests.values(scratch, "Localization/Base/de.lproj/Localizable.strings") == ["ok": "OK"])
    #expect(
      try MigrationTests.values(scratch, "Localization/Watch/en.lproj/Localizable.strings")
        == ["run": "Start", "watch.only": "On the watch"])
    let config = try #require(scratch.read("locmerge.json"))
    #expect(config.contains(#""Preview": {"layers": ["Localization/Pyto+Preview+Screenshots"]}"#), "\(config)")
    // No layer equals another.
    let contents = Array(layers.values)
    for first in contents.indices {
      for second in contents.indices where second > first { #expect(contents[first] != contents[second]) }
    }
    // The report says each overlay is at its floor: nothing of the three is theirs alone.
    #expect(
      initialized.standardOutput.contains("Pyto+Preview+Screenshots (6 entries)"), "\(initialized.standardOutput)")
    try Self.expectEveryTargetBuildsItsCopies(
      scratch,
      [
        "Pyto": ["Pyto/Localizable.strings"], "Preview": ["Pyto/Localizable.strings"],
        "Screenshots": ["Pyto/Localizable.strings"], "Widget": ["Widget/Localizable.strings"],
        "Watch": ["Watch/Localizable.strings"],
      ], languages: ["en", "de"])
  }

  // DuckDuckGo: the shared layer had no `en` file (every English text differed), so each merge
  // picked `bg`, the language with the most keys, as the one the app is written in.

  @Test func theProjectsDevelopmentRegionIsTheDevelopmentLanguage() throws {
    let tables: [String: [String: String]] = [
      "Share/Localizable.strings": ["en": "\"title\" = \"Share\";\n", "bg": "\"title\" = \"Споделяне\";\n"],
      "Open/Localizable.strings": ["en": "\"title\" = \"Open\";\n", "bg": "\"title\" = \"Споделяне\";\n"],
    ]
    for region in ["en", "fr", nil] {
      let fixture = XcodeProjectFixture(
        targets: [
          .init(name: "Share", tables: ["Share/Localizable.strings"]),
          .init(name: "Open", tables: ["Open/Localizable.strings"]),
        ], languages: ["en", "bg"], developmentRegion: region)
      let scratch = try Self.project(fixture, tables: tables)
      let initialized = try ToolRunner.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch.root)
      #expect(initialized.status == 0, "\(initialized.standardError)")
      let config = try #require(scratch.read("locmerge.json"))
      // Only a region the copies have: `fr` is none of their languages.
      #expect(config.contains(#""developmentLanguage": "en""#) == (region == "en"), "\(region ?? "none"): \(config)")
      #expect(!config.contains(#""developmentLanguage": "fr""#))
      // What the translators get: Bulgarian from English, not English from Bulgarian.
      let exported = try ToolRunner.run(["export", "--all", "-o", "xliff"], in: scratch.root)
      #expect(exported.status == 0, "\(exported.standardError)")
      let translated = region == "en" ? "bg" : "en"
      #expect(
        FileManager.default.fileExists(atPath: scratch.path("xliff/\(translated).xliff")),
        "\(region ?? "none"): \(exported.standardError)")
    }
  }

  // DuckDuckGo: the packet tunnel extension's keys all equal the app's.

  @Test func anExtensionWhoseStringsAreAllTheAppsSharesTheAppsLayer() throws {
    let fixture = XcodeProjectFixture(
      targets: [
        .init(name: "App", tables: ["App/Localizable.strings", "App/InfoPlist.strings"]),
        .init(
          name: "Tunnel", tables: ["Tunnel/Localizable.strings", "Tunnel/InfoPlist.strings"],
          productType: "com.apple.product-type.app-extension"),
        .init(
          name: "Widgets", tables: ["Widgets/Localizable.strings", "Widgets/InfoPlist.strings"],
          productType: "com.apple.product-type.app-extension"),
      ], languages: ["en", "fr"])
    var tables: [String: [String: String]] = [:]
    for language in ["en", "fr"] {
      let vpn = "\"vpn.connected\" = \"VPN \(language) on\";\n\"vpn.off\" = \"VPN \(language) off\";\n"
      tables["App/Localizable.strings", default: [:]][language] =
        "\"tab.new\" = \"New tab \(language)\";\n" + vpn + "\"bookmarks\" = \"Bookmarks \(language)\";\n"
      tables["Tunnel/Localizable.strings", default: [:]][language] = vpn
      tables["Widgets/Localizable.strings", default: [:]][language] = "\"widget.search\" = \"Search \(language)\";\n"
      for target in ["App", "Tunnel", "Widgets"] {
        tables["\(target)/InfoPlist.strings", default: [:]][language] =
          "\"CFBundleDisplayName\" = \"\(target)\";\n\"NSHumanReadableCopyright\" = \"DDG \(language)\";\n"
      }
    }
    let scratch = try Self.project(fixture, tables: tables)
    let initialized = try ToolRunner.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch.root)
    #expect(initialized.status == 0, "\(initialized.standardError)")
    let layers = try Self.layers(scratch)
    #expect(Set(layers.keys) == ["Base", "App+Tunnel", "App", "Tunnel", "Widgets"], "\(layers.keys.sorted())")
    #expect(
      try MigrationTests.values(scratch, "Localization/App+Tunnel/fr.lproj/Localizable.strings")
        == ["vpn.connected": "VPN fr on", "vpn.off": "VPN fr off"])
    // The app's overlay no longer repeats them; the extension's holds only its display name.
    #expect(
      try MigrationTests.values(scratch, "Localization/App/fr.lproj/Localizable.strings")
        == ["tab.new": "New tab fr", "bookmarks": "Bookmarks fr"])
    #expect(layers["Tunnel"]?.keys.sorted() == ["en.lproj/InfoPlist.strings", "fr.lproj/InfoPlist.strings"])
    #expect(
      try MigrationTests.values(scratch, "Localization/Base/en.lproj/InfoPlist.strings")
        == ["NSHumanReadableCopyright": "DDG en"])
    let config = try #require(scratch.read("locmerge.json"))
    #expect(config.contains(#""Tunnel": {"layers": ["Localization/App+Tunnel", "Localization/Tunnel"]}"#), "\(config)")
    try Self.expectEveryTargetBuildsItsCopies(
      scratch,
      [
        "App": ["App/Localizable.strings", "App/InfoPlist.strings"],
        "Tunnel": ["Tunnel/Localizable.strings", "Tunnel/InfoPlist.strings"],
        "Widgets": ["Widgets/Localizable.strings", "Widgets/InfoPlist.strings"],
      ], languages: ["en", "fr"])
  }

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
