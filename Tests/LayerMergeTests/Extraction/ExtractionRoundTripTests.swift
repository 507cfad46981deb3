import Foundation
import LayerMerge
import TestSupport
import Testing

/// Extractions written to disk and merged back from there, compared with the copies as Foundation
/// reads them: generated projects, the bundled white-label example and the corpus' white-label app.
@Suite struct ExtractionRoundTripTests {
  /// Every table of a folder, read by Foundation, by relative path.
  static func foundationTables(in folder: URL) throws -> [String: [String: LocalizationValue]] {
    var tables: [String: [String: LocalizationValue]] = [:]
    for (address, path) in LayerScanner.tables(in: Layer(path: folder.path)) {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      switch FoundationOracle.verdict(for: bytes) {
      case .dictionary(let values): tables[address.relativePath] = values
      // The runtime reads a 0-byte table as empty.
      case .rejected where bytes.isEmpty: tables[address.relativePath] = [:]
      case let other: Issue.record("Foundation cannot read \(path): \(other)")
      }
    }
    return tables
  }

  /// Writes the extraction into a fresh folder, checks its project file, merges every target back
  /// from disk and compares each merged table, written and read by Foundation, with its copy.
  static func expectRoundTrip(_ extraction: Extraction, copies: [String: URL]) throws {
    #expect(!extraction.hasErrors, "\(extraction.diagnostics.prefix(5).map(\.description))")
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-extract-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let projectFile = out.appendingPathComponent("locmerge.json").path
    try extraction.write(to: out.appendingPathComponent("Localization").path, projectFile: projectFile)
    let project = ProjectFileReader.read(path: projectFile)
    #expect(project.diagnostics.isEmpty, "\(project.diagnostics.map(\.description))")
    let file = try #require(project.project)
    #expect(file.targets.map(\.name) == extraction.targets.map(\.name))
    for target in file.targets {
      let merged = LayerMerger.merge(file.layers(of: target))
      #expect(
        !merged.hasErrors || merged.diagnostics.allSatisfy { $0.severity != .error || $0.code == .formatMismatch })
      var mergedTables: [String: [String: LocalizationValue]] = [:]
      for table in merged.tables where !table.address.isCatalog {
        guard
          case .dictionary(let values) = FoundationOracle.verdict(
            for: LocalizationFileWriter.data(for: table.table, as: table.address.kind))
        else {
          Issue.record("Foundation cannot read the merged \(target.name)/\(table.address)")
          continue
        }
        mergedTables[table.address.relativePath] = values
      }
      let copy = try #require(copies[target.name])
      let expected = try foundationTables(in: copy)
      #expect(mergedTables.keys.sorted() == expected.keys.sorted(), "\(target.name)")
      for (path, values) in expected where mergedTables[path] != values {
        Issue.record("\(target.name)/\(path) differs after the round trip")
      }
      // Catalogs: every key's localizations, as Foundation reads the JSON.
      let copyCatalogs = LayerScanner.scan(Layer(path: copy.path)).catalogs
      #expect(Set(merged.catalogs.map(\.address)) == Set(copyCatalogs.keys), "\(target.name)")
      for catalog in merged.catalogs {
        let original = try Data(contentsOf: URL(fileURLWithPath: copyCatalogs[catalog.address] ?? ""))
        #expect(
          try CatalogExtractionTests.foundationStrings(StringCatalogWriter.data(for: catalog.catalog))
            == CatalogExtractionTests.foundationStrings([UInt8](original)), "\(target.name)/\(catalog.address)")
      }
    }
  }

  @Test func aSmallProjectWithEncodingsCommentsAndPluralsRoundTrips() throws {
    let plural = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>files</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
      </dict></dict></plist>
      """
    let fixture = try TemporaryLayers([
      "A": [
        "en.lproj/Localizable.strings": "/* c */\n\"k\" = \"v \\\"q\\\"\\n\";\nplain = word;\n\"a\" = \"A\";\n",
        "en.lproj/Localizable.stringsdict": plural, "Settings.bundle/en.lproj/Root.strings": "\"t\" = \"T\";\n",
      ],
      "B": [
        "en.lproj/Localizable.strings": "// c\n\"k\" = \"v \\\"q\\\"\\n\";\n\"plain\" = \"word\";\n\"a\" = \"B\";\n",
        "en.lproj/Localizable.stringsdict": plural, "de.lproj/Localizable.strings": "\"k\" = \"w\";\n",
      ],
      "C": ["en.lproj/Localizable.strings": "\"k\" = \"v \\\"q\\\"\\n\";\n\"plain\" = \"word\";\n\"a\" = \"A\";\n"],
    ])
    // C's copy in UTF-16 with a byte-order mark, as older projects save them.
    let utf16 = "\"k\" = \"v \\\"q\\\"\\n\";\n\"plain\" = \"word\";\n\"a\" = \"A\";\n\"c\" = \"only C\";\n"
    try fixture.write(
      Data([0xFF, 0xFE]) + utf16.data(using: .utf16LittleEndian)!, to: "C/en.lproj/Localizable.strings")
    let names = ["A", "B", "C"]
    let extraction = Extractor.extract(names.map { Layer(name: $0, path: fixture.path($0)) })
    #expect(extraction.base.tables.count == 1)
    // A: its settings table; B: its "a", its German table; C: "c". The plural C lacks is A's and
    // B's alike: once, in their layer.
    #expect(extraction.report.targets.map(\.overlayEntries) == [1, 2, 1])
    #expect(extraction.brands.map { $0.name + ": \($0.entryCount)" } == ["A+B: 1"])
    try Self.expectRoundTrip(
      extraction, copies: Dictionary(uniqueKeysWithValues: names.map { ($0, fixture.root.appendingPathComponent($0)) }))
  }

  @Test(SharedFolder.required) func overlaysOfAGeneratedProjectHoldExactlyTheKeysTheGeneratorOverrodeOrAdded() throws {
    let root = try #require(
      try GeneratedProjectMergeTests.generate(targets: 4, languages: 3, keys: 300, utf16: 0.3, seed: 5),
      Comment(rawValue: SharedFolder.skipMessage))
    defer { try? FileManager.default.removeItem(at: root) }
    // Full copies, as teams have them today: each target's merge, written out.
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("targets").path)
      .sorted()
    var copies: [String: URL] = [:]
    for target in targets {
      let merged = LayerMerger.merge([
        Layer(path: root.appendingPathComponent("base").path),
        Layer(path: root.appendingPathComponent("targets/\(target)").path),
      ])
      let copy = root.appendingPathComponent("copies/\(target)")
      for table in merged.tables where !table.address.isCatalog {
        let url = copy.appendingPathComponent(table.address.relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(LocalizationFileWriter.data(for: table.table, as: table.address.kind)).write(to: url)
      }
      copies[target] = copy
    }
    let extraction = Extractor.extract(targets.map { Layer(name: $0, path: copies[$0]?.path ?? "") })
    for overlay in extraction.targets {
      let generated = LoadedLayer(Layer(path: root.appendingPathComponent("targets/\(overlay.name)").path))
      #expect(Set(overlay.tables.keys) == Set(generated.files.keys), "\(overlay.name)")
      for (address, file) in generated.files {
        #expect(Set(overlay.tables[address]?.keys ?? []) == Set(file.table.keys), "\(overlay.name)/\(address)")
      }
    }
    // Each target names itself in InfoPlist.strings: the base does not get one of those names.
    #expect(extraction.report.perTargetKeys.map(\.key) == Array(repeating: "CFBundleDisplayName", count: 3))
    try Self.expectRoundTrip(extraction, copies: copies)
  }

  /// The bundled example's merged outputs, as full copies.
  static func exampleCopies(_ names: [String]) -> [String: URL] {
    let expected = SharedFolder.packageRoot.appendingPathComponent("Examples/WhiteLabel/expected")
    // InitechGo's merged catalogs hold Localizable as a String Catalog.
    return Dictionary(
      uniqueKeysWithValues: names.map {
        ($0, expected.appendingPathComponent($0 == "InitechGo" ? "InitechGo-catalogs" : $0))
      })
  }

  @Test func theWhiteLabelExampleRoundTripsWithABrand() throws {
    let names = ["AcmeLite", "AcmePro", "GlobexGo"]
    let copies = Self.exampleCopies(names)
    let extraction = Extractor.extract(
      names.map { Layer(name: $0, path: copies[$0]?.path ?? "") },
      options: ExtractionOptions(groups: [.init(name: "Acme", members: ["AcmeLite", "AcmePro"])]))
    // Two of three targets are Acme's: Acme's values are the majority and go to the base.
    let en = try #require(TableAddress(relativePath: "en.lproj/Localizable.strings"))
    #expect(extraction.base.tables[en]?["settings.footer"]?.value == .string("Acme — since 1949."))
    #expect(extraction.targets[0].tables[en]?.keys == ["upsell.banner"])
    #expect(extraction.targets[2].tables[en]?["settings.footer"] != nil)
    try Self.expectRoundTrip(extraction, copies: copies)
  }

  @Test func theWhiteLabelExampleWithItsCatalogFlavorRoundTrips() throws {
    let names = ["AcmeLite", "AcmePro", "GlobexGo", "InitechGo"]
    let copies = Self.exampleCopies(names)
    let extraction = Extractor.extract(names.map { Layer(name: $0, path: copies[$0]?.path ?? "") })
    // Localizable is a catalog in one copy and .strings in the others: each keeps its own, and
    // InfoPlist, .strings everywhere, is shared.
    let en = try #require(TableAddress(relativePath: "en.lproj/Localizable.strings"))
    let catalog = try #require(TableAddress(catalogPath: "Localizable.xcstrings"))
    #expect(extraction.base.tables[en] == nil)
    #expect(extraction.base.tables[try #require(TableAddress(relativePath: "en.lproj/InfoPlist.strings"))] != nil)
    #expect(extraction.targets[3].catalogs[catalog] != nil)
    #expect(extraction.targets[0].tables[en] != nil)
    try Self.expectRoundTrip(extraction, copies: copies)
  }

  @Test func aBrandOfTheStringsTargetsSharesWhatTheCatalogFlavorBlocksFromTheBase() throws {
    let names = ["AcmeLite", "AcmePro", "GlobexGo", "InitechGo"]
    let copies = Self.exampleCopies(names)
    let extraction = Extractor.extract(
      names.map { Layer(name: $0, path: copies[$0]?.path ?? "") },
      options: ExtractionOptions(groups: [.init(name: "Strings", members: ["AcmeLite", "AcmePro", "GlobexGo"])]))
    let en = try #require(TableAddress(relativePath: "en.lproj/Localizable.strings"))
    #expect(extraction.base.tables[en] == nil)
    #expect(extraction.brands[0].tables[en]?["home.title"] != nil)
    #expect(extraction.targets[0].tables[en]?.keys == ["upsell.banner"])
    try Self.expectRoundTrip(extraction, copies: copies)
  }

  @Test(SharedFolder.required) func theCorpusWhiteLabelAppRoundTrips() throws {
    let root = try #require(WhiteLabelCorpusTests.project, Comment(rawValue: SharedFolder.skipMessage))
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "locmerge-ghostery-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // The app ships Translations under each brand; the full copies are those merges.
    var copies: [String: URL] = [:]
    let brands = ["Cliqz", "Ghostery", "WhiteLabel"]
    for brand in brands {
      let merged = LayerMerger.merge([
        Layer(path: root.appendingPathComponent("Translations").path),
        Layer(path: root.appendingPathComponent("Branding/\(brand)").path),
      ])
      let copy = scratch.appendingPathComponent(brand)
      for table in merged.tables where !table.address.isCatalog {
        let url = copy.appendingPathComponent(table.address.relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(LocalizationFileWriter.data(for: table.table, as: table.address.kind)).write(to: url)
      }
      copies[brand] = copy
    }
    let extraction = Extractor.extract(brands.map { Layer(name: $0, path: copies[$0]?.path ?? "") })
    for summary in extraction.report.targets {
      #expect(summary.overlayEntries * 4 < summary.copyEntries, "\(summary.name): \(summary)")
    }
    // The shared translations all go to the base; a brand's own table stays with the brand.
    let localizable = try #require(TableAddress(relativePath: "en.lproj/Localizable.strings"))
    #expect(extraction.base.tables[localizable]?["ActivityStream.ContextMenu.PinTopsite"] != nil)
    let forget = try #require(TableAddress(relativePath: "en.lproj/ForgetMode.strings"))
    #expect(extraction.targets.allSatisfy { $0.tables[forget] != nil })
    try Self.expectRoundTrip(extraction, copies: copies)
  }
}
