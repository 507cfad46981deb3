import Foundation
import Testing

@testable import LayerMerge

/// Extraction of String Catalogs: per-flavor catalogs with a few differing units, brands, and
/// copies that hold a table as a catalog in one target and as `.strings` in another.
@Suite struct CatalogExtractionTests {
  static let infoPlist = "InfoPlist.xcstrings"

  /// Per-flavor `InfoPlist.xcstrings`, as a messenger keeps them: the app name differs in every
  /// flavor, one flavor's German camera text differs, one flavor has a key of its own.
  static func flavors() throws -> TemporaryLayers {
    let camera = ("NSCameraUsageDescription", [("en", "Scan codes"), ("de", "Codes scannen")])
    return try TemporaryLayers([
      "Beta": [
        infoPlist: TemporaryLayers.catalog([("CFBundleDisplayName", [("en", "Chat β")]), camera])
      ],
      "Pro": [
        infoPlist: TemporaryLayers.catalog([
          ("CFBundleDisplayName", [("en", "Chat Pro")]),
          ("NSCameraUsageDescription", [("en", "Scan codes"), ("de", "QR-Codes scannen")]),
        ])
      ],
      "Store": [
        infoPlist: TemporaryLayers.catalog([
          ("CFBundleDisplayName", [("en", "Chat")]), camera, ("NSFaceIDUsageDescription", [("en", "Unlock")]),
        ])
      ],
    ])
  }

  /// Foundation's reading of a catalog's `strings`: key → language → string value.
  static func foundationStrings(_ bytes: [UInt8]) throws -> [String: [String: String]] {
    let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let strings = try #require(object?["strings"] as? [String: [String: Any]])
    return strings.mapValues { entry in
      ((entry["localizations"] as? [String: [String: Any]]) ?? [:]).compactMapValues {
        ($0["stringUnit"] as? [String: Any])?["value"] as? String
      }
    }
  }

  @Test func perFlavorCatalogsShareTheirCommonUnitsAndKeepTheirOwn() throws {
    let fixture = try Self.flavors()
    let names = ["Beta", "Pro", "Store"]
    let extraction = Extractor.extract(names.map { Layer(name: $0, path: fixture.path($0)) })
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    let address = try #require(TableAddress(catalogPath: Self.infoPlist))
    let base = try #require(extraction.base.catalogs[address])
    #expect(base.text("NSCameraUsageDescription", "en") == "Scan codes")
    #expect(base.text("NSCameraUsageDescription", "de") == "Codes scannen")
    // Every flavor names itself: the base keeps the key, without a name of one flavor.
    #expect(base["CFBundleDisplayName"]?.localizations == [])
    #expect(base["NSFaceIDUsageDescription"] == nil)
    let overlays = extraction.targets.map { $0.catalogs[address] }
    #expect(
      overlays.map { $0?.entries.map(\.key) } == [
        ["CFBundleDisplayName"], ["CFBundleDisplayName", "NSCameraUsageDescription"],
        ["CFBundleDisplayName", "NSFaceIDUsageDescription"],
      ])
    // Pro's overlay holds only the German unit that differs.
    #expect(overlays[1]?["NSCameraUsageDescription"]?.localizations?.map(\.language) == ["de"])
    #expect(
      extraction.report.targets.map { [$0.inherited, $0.overridden, $0.added] } == [[1, 1, 0], [0, 2, 0], [1, 1, 1]])

    // Written, merged back from disk as merged catalogs, and read by Foundation: each flavor's copy.
    let out = fixture.path("Out")
    try extraction.write(to: out, projectFile: fixture.path("locmerge.json"))
    for name in names {
      let merged = LayerMerger.merge([Layer(path: out + "/Base"), Layer(path: out + "/" + name)])
      let catalog = try #require(merged.catalog(Self.infoPlist))
      let copy = try Data(contentsOf: fixture.root.appendingPathComponent("\(name)/\(Self.infoPlist)"))
      #expect(
        try Self.foundationStrings(StringCatalogWriter.data(for: catalog)) == Self.foundationStrings([UInt8](copy)),
        "\(name)")
    }
  }

  @Test func aBrandHoldsTheCatalogUnitsItsFlavorsShare() throws {
    let fixture = try TemporaryLayers([
      "A1": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "acme"), ("de", "Acme")])])],
      "A2": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "acme"), ("de", "Acme")])])],
      "G1": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "generic"), ("de", "Acme")])])],
      "G2": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "generic"), ("de", "Acme")])])],
      "G3": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "generic"), ("de", "Acme")])])],
    ])
    let names = ["A1", "A2", "G1", "G2", "G3"]
    let extraction = Extractor.extract(
      names.map { Layer(name: $0, path: fixture.path($0)) },
      options: ExtractionOptions(groups: [.init(name: "Acme", members: ["A1", "A2"])]))
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    let address = try #require(TableAddress(catalogPath: Self.infoPlist))
    #expect(extraction.base.catalogs[address]?.text("k", "en") == "generic")
    let brand = try #require(extraction.brands.first?.catalogs[address])
    #expect(brand["k"]?.localizations?.map(\.language) == ["en"])
    #expect(brand.text("k", "en") == "acme")
    #expect(extraction.targets.allSatisfy { $0.isEmpty })
  }

  @Test func aTableHeldAsACatalogInOneCopyAndAsStringsInAnotherStaysWithEach() throws {
    let fixture = try TemporaryLayers([
      "Modern": [
        "Localizable.xcstrings": TemporaryLayers.catalog([("hello", [("en", "Hello"), ("de", "Hallo")])]),
        "en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Scan\";\n",
      ],
      "Legacy": [
        "en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
        "de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";\n",
        "en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Scan\";\n",
      ],
    ])
    let names = ["Modern", "Legacy"]
    let extraction = Extractor.extract(names.map { Layer(name: $0, path: fixture.path($0)) })
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.tables.keys.map(\.relativePath) == ["en.lproj/InfoPlist.strings"])
    #expect(extraction.base.catalogs.isEmpty)
    #expect(extraction.targets[0].catalogs.keys.map(\.relativePath) == ["Localizable.xcstrings"])
    #expect(extraction.targets[0].tables.isEmpty)
    #expect(
      Set(extraction.targets[1].tables.keys.map(\.relativePath)) == [
        "en.lproj/Localizable.strings", "de.lproj/Localizable.strings",
      ])
    // Both round-trip from disk: the catalog flavor's compiled tables are its copy's.
    let out = fixture.path("Out")
    try extraction.write(to: out, projectFile: fixture.path("locmerge.json"))
    let modern = LayerMerger.merge([Layer(path: out + "/Base"), Layer(path: out + "/Modern")])
    #expect(modern.table("Localizable.xcstrings", language: "de")?.table["hello"]?.value == .string("Hallo"))
    #expect(modern.table("en.lproj/InfoPlist.strings")?.table["NSCameraUsageDescription"] != nil)
  }

  @Test func catalogsSomeFlavorsShipAlikeAreOneLayerOfTheirs() throws {
    let shared = TemporaryLayers.catalog([("run", [("en", "Run"), ("de", "Ausführen")]), ("ok", [("en", "OK")])])
    let info = { (name: String) in TemporaryLayers.catalog([("CFBundleDisplayName", [("en", name)])]) }
    let fixture = try TemporaryLayers([
      "A": ["Localizable.xcstrings": shared, Self.infoPlist: info("A")],
      "B": ["Localizable.xcstrings": shared, Self.infoPlist: info("B")],
      "C": ["Localizable.xcstrings": shared, Self.infoPlist: info("C")],
      "Widget": [Self.infoPlist: info("Widget")],
    ])
    let names = ["A", "B", "C", "Widget"]
    let extraction = Extractor.extract(names.map { Layer(name: $0, path: fixture.path($0)) })
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    let localizable = try #require(TableAddress(catalogPath: "Localizable.xcstrings"))
    // Not below the widget, which lacks it: once, in the layer of the three that ship it.
    #expect(extraction.base.catalogs[localizable] == nil)
    #expect(extraction.brands.map(\.name) == ["A+B+C"])
    #expect(extraction.brands.first?.catalogs[localizable]?.text("run", "de") == "Ausführen")
    #expect(extraction.targets.allSatisfy { $0.catalogs[localizable] == nil })
    #expect(extraction.report.targets.map(\.ownEntries) == [1, 1, 1, 1])
  }

  @Test func catalogsWithAnotherSourceLanguageStayWhole() throws {
    let fixture = try TemporaryLayers([
      "A": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "v"), ("de", "w")])], source: "en")],
      "B": [Self.infoPlist: TemporaryLayers.catalog([("k", [("en", "v"), ("de", "w")])], source: "de")],
    ])
    let extraction = Extractor.extract(["A", "B"].map { Layer(name: $0, path: fixture.path($0)) })
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.catalogs.isEmpty)
    #expect(extraction.targets.map { $0.catalogs.count } == [1, 1])
  }

  @Test func theRoundTripCheckComparesCatalogUnits() throws {
    let fixture = try Self.flavors()
    let names = ["Beta", "Pro", "Store"]
    let copies = names.map { LoadedLayer(Layer(name: $0, path: fixture.path($0))) }
    var broken = Extractor.extract(loaded: copies)
    let address = try #require(TableAddress(catalogPath: Self.infoPlist))
    broken.targets[1].catalogs[address]?.remove(key: "NSCameraUsageDescription")
    let rendered = ([broken.base] + broken.targets).map(\.files)
    #expect(
      fixture.render(ExtractionCheck.problems(broken, layerFiles: rendered, copies: copies).mismatches) == [
        "Pro/InfoPlist.xcstrings: error: target 'Pro' does not merge back into its copy: InfoPlist.xcstrings: key \"NSCameraUsageDescription\" would have another de localization"
      ])
  }
}
