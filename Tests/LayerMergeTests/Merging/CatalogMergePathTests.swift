import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The catalog merge's shortcuts against its general path: taking the first catalog whole (its
/// records made only when read) must give what taking it localization by localization gives —
/// catalog, records read one by one and whole, positions, diagnostics — on every catalog of the
/// fixtures, the examples and `../shared`, under overlays that override, repeat and add, and on
/// hand-made catalogs the general path resolves on the way.
@Suite struct CatalogMergePathTests {
  /// Every merged part of a catalog as text, positions included.
  static func everything(_ merged: CatalogMerger.Merged) -> String {
    var text = CatalogModelText.everything(merged.catalog.catalog)
    text += "\n\(merged.catalog.sources) \(merged.catalog.layerIndexes) \(merged.catalog.introducingLayers)"
    for table in merged.languages {
      text += "\n\(table.address.relativePath) \(table.sources) \(table.layerIndexes)"
      // Read position by position first, as the checks do, before anything makes the table whole.
      text += "\n  non-inherited: \(table.nonInheritedPositions), introduced by: \(table.introducingLayers)"
      for position in 0..<table.count {
        let (entry, record) = (table.entry(at: position), table.record(at: position))
        text +=
          "\n  at \(position): \(String(reflecting: entry.key)) \(describe(entry.value)) \(table.status(at: position))"
        text += " \(String(reflecting: entry.position)) \(record.winner.layerIndex) \(record.shadowed.count)"
        text += " \(table.digest(at: position))"
        if table.index(ofKeyOf: entry) != position { text += " not found by its key" }
      }
      for (entry, record) in zip(table.table.entries, table.provenance) {
        text += "\n  \(String(reflecting: entry.key)) \(describe(entry.value)) \(String(reflecting: entry.comment))"
        text += " \(String(reflecting: entry.position)) \(record.status)"
        for definition in [record.winner] + record.shadowed {
          text += " [\(definition.layerIndex) \(definition.layer) \(definition.file) "
          text += "\(String(reflecting: definition.position)) \(describe(definition.value)) \(definition.entry.key)]"
        }
      }
      // The index finds every key where it stands.
      for (position, entry) in table.table.entries.enumerated() where table.table[entry.key] == nil {
        text += "\n  not found: \(position)"
      }
    }
    return text + "\n" + merged.diagnostics.map(\.description).joined(separator: "\n")
  }

  /// A value as text, dictionaries in their order (their own description shows their hash index).
  static func describe(_ value: LocalizationValue) -> String {
    switch value {
    case .dictionary(let dictionary):
      return "{"
        + dictionary.pairs.map { "\(String(reflecting: $0.key)): \(describe($0.value))" }.joined(separator: ", ") + "}"
    case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
    default: return String(reflecting: value)
    }
  }

  /// Merges the sources both ways and expects the same.
  static func expectBothPathsAgree(
    _ sources: [CatalogMerger.Source], layers: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let address = TableAddress(directory: "", language: "", table: "Localizable", kind: .xcstrings)
    let names = (0..<layers).map { "L\($0)" }
    let whole = CatalogMerger.merge(address, sources: sources, layerNames: names, takingFirstCatalogWhole: true)
    let general = CatalogMerger.merge(address, sources: sources, layerNames: names, takingFirstCatalogWhole: false)
    #expect(everything(whole) == everything(general), sourceLocation: sourceLocation)

  }

  static func source(_ layer: Int, _ catalog: StringCatalog, path: String? = nil) -> CatalogMerger.Source {
    CatalogMerger.Source(
      layerIndex: layer,
      catalog: ParsedCatalog(path: path ?? "/L\(layer)/Localizable.xcstrings", catalog: catalog, diagnostics: []),
      tables: [])
  }

  /// An overlay of a catalog: every third key's localizations changed, every fifth repeated as it
  /// is, one key added, and an entry field set.
  static func overlay(of catalog: StringCatalog) -> StringCatalog {
    var overlay = StringCatalog(sourceLanguage: catalog.sourceLanguage, version: "1.1")
    for (index, entry) in catalog.entries.enumerated() where index % 3 == 0 || index % 5 == 0 {
      var changed = CatalogEntry(key: entry.key, comment: index % 2 == 0 ? "changed" : nil)
      changed.localizations = entry.localizations?.map { localization in
        guard index % 3 == 0 else { return localization }
        return CatalogLocalization(
          language: localization.language, variant: .string("overlay \(index) %@"), position: localization.position)
      }
      overlay.upsert(changed)
    }
    overlay.upsert(
      CatalogEntry(
        key: "added by the overlay", localizations: [CatalogLocalization(language: "de", variant: .string("neu"))]))
    return overlay
  }

  static func catalogFiles() throws -> [URL] {
    let root = SharedFolder.packageRoot
    var files: [URL] = []
    for folder in ["Tests/Fixtures", "Examples"].map({ root.appendingPathComponent($0) }) {
      guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walk where url.pathExtension == "xcstrings" { files.append(url) }
    }
    if SharedFolder.isAvailable {
      files += SharedFolder.files(under: "", extensions: ["xcstrings"]).filter {
        (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      }
    }
    return files
  }

  @Test func everyCatalogMergesAlikeAloneAndUnderAnOverlay() throws {
    let files = try Self.catalogFiles()
    #expect(files.count >= 3)
    for file in files {
      let parsed = StringCatalogReader.parse(try [UInt8](Data(contentsOf: file)), path: file.path)
      guard let catalog = parsed.catalog else { continue }
      Self.expectBothPathsAgree([Self.source(0, catalog, path: file.path)], layers: 1)
      Self.expectBothPathsAgree(
        [Self.source(0, catalog, path: file.path), Self.source(1, Self.overlay(of: catalog))], layers: 2)
      // The same catalog again above: every localization repeated.
      Self.expectBothPathsAgree(
        [Self.source(0, catalog, path: file.path), Self.source(2, catalog, path: "/again.xcstrings")], layers: 3)
      // A base without the catalog: every key is added.
      Self.expectBothPathsAgree([Self.source(1, catalog, path: file.path)], layers: 2)
    }
  }

  @Test func aLargeCatalogTakenInHalvesMergesAlike() {
    // Large enough to be taken in two halves side by side, and its languages in two groups; the
    // second half has languages the first lacks, in another order.
    var catalog = StringCatalog(sourceLanguage: "en", version: "1.0")
    for index in 0..<1500 {
      let languages = index < 750 ? ["en", "de", "fr"] : ["zh-Hans", "ko", "ja", "fr", "de", "en"]
      let localizations = languages.map { CatalogLocalization(language: $0, variant: .string("\($0) \(index) %@")) }
      catalog.upsert(CatalogEntry(key: "key \(index)", localizations: localizations))
    }
    Self.expectBothPathsAgree([Self.source(0, catalog)], layers: 1)
    Self.expectBothPathsAgree([Self.source(0, catalog), Self.source(1, Self.overlay(of: catalog))], layers: 2)
    // A language twice for a key of the second half: the general path resolves it.
    var repeated = catalog
    repeated.upsert(
      CatalogEntry(
        key: "key 1400",
        localizations: [
          CatalogLocalization(language: "ko", variant: .string("eins")),
          CatalogLocalization(language: "ko", variant: .string("zwei")),
        ]))
    Self.expectBothPathsAgree([Self.source(0, repeated)], layers: 1)
  }

  @Test func aCatalogTheGeneralPathResolvesOnTheWayMergesAlike() {
    let repeated = CatalogEntry(
      key: "k",
      localizations: [
        CatalogLocalization(language: "de", variant: .string("eins")),
        CatalogLocalization(language: "fr", variant: .string("un")),
        CatalogLocalization(language: "de", variant: .string("zwei")),
      ])
    // "é" composed and decomposed: one language table, two localizations of the entry.
    let equivalent = CatalogEntry(
      key: "e",
      localizations: [
        CatalogLocalization(language: "\u{E9}", variant: .string("a")),
        CatalogLocalization(language: "e\u{301}", variant: .string("b")),
      ])
    var fields = CatalogEntry(key: "f", localizations: [CatalogLocalization(language: "de", variant: .string("x"))])
    fields.otherFields = [
      JSONMember(
        key: "x", keyPosition: TextPosition(line: 1, column: 1),
        value: JSONNode(.bool(true), at: TextPosition(line: 1, column: 5))),
      JSONMember(
        key: "x", keyPosition: TextPosition(line: 2, column: 1),
        value: JSONNode(.bool(false), at: TextPosition(line: 2, column: 5))),
    ]
    let plain = CatalogEntry(key: "p", localizations: [CatalogLocalization(language: "de", variant: .string("p"))])
    for entry in [repeated, equivalent, fields] {
      let catalog = StringCatalog(sourceLanguage: "en", entries: [plain, entry])
      Self.expectBothPathsAgree([Self.source(0, catalog)], layers: 1)
      Self.expectBothPathsAgree([Self.source(0, catalog), Self.source(1, Self.overlay(of: catalog))], layers: 2)
    }
  }

  /// A merge's checks read what the layers above the first catalog change, and the first
  /// catalog's localizations only where they look one up: its records are not made until
  /// something asks for all of them.
  @Test func theChecksMakeNoRecordOfWhatTheFirstCatalogKeeps() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("welcome %@", [("en", "Welcome %@"), ("de", "Willkommen %@"), ("fr", "Bienvenue %@")]),
          ("title", [("en", "Title"), ("de", "Titel"), ("fr", "Titre")]),
          ("next", [("en", "Next"), ("de", "Weiter")]),
        ])
      ],
      "Brand": [
        "Localizable.xcstrings": TemporaryLayers.catalog([
          ("welcome %@", [("en", "Welcome to Acme, %@"), ("de", "Willkommen %lld")]),
          ("title", [("fr", "Titre")]), ("titel", [("en", "Title!"), ("de", "Titel!"), ("fr", "Titre!")]),
          ("next", [("de", "Weiter %#@n@")]),
        ])
      ],
      "Target": ["en.lproj/Localizable.strings": "\"next\" = \"Go on\";\n"],
    ])
    let result = fixture.merge("Base", "Brand", "Target")
    // Each check on the catalog found what it looks for.
    let codes = Set(result.diagnostics.map(\.code))
    for code in [
      DiagnosticCode.translationDrift, .formatMisprint, .redundantOverride, .nearMissKey, .missingTranslation,
      .undefinedSubstitution,
    ] {
      #expect(codes.contains(code), "\(code)")
    }
    let languages = result.tables.filter(\.address.isCatalog)
    #expect(languages.map(\.address.language) == ["de", "en", "fr"])
    for table in languages {
      let (language, deferred) = (table.address.language, table.recordsAreDeferred)
      #expect(deferred, "\(language)")
      #expect(table.provenance.count == table.count)
      let deferredAfterwards = table.recordsAreDeferred
      #expect(!deferredAfterwards, "\(language)")
    }
  }

  @Test func aCatalogAboveTablesIsTakenEntryByEntry() throws {
    let fixture = try TemporaryLayers([
      "Base": ["de.lproj/Localizable.strings": "\"k\" = \"Tabelle\";\n\"t\" = \"nur hier\";\n"],
      "Brand": [
        "Localizable.xcstrings": TemporaryLayers.catalog([("k", [("de", "Katalog"), ("en", "Catalog")])])
      ],
    ])
    let result = fixture.merge("Base", "Brand")
    #expect(
      result.table("Localizable.xcstrings", language: "de")?.statuses == ["k:overridden:Brand", "t:inherited:Base"])
    let file = try #require(fixture.loaded("Base").files.values.first)
    let catalog = try #require(fixture.loaded("Brand").catalogs.values.first?.catalog)
    Self.expectBothPathsAgree(
      [
        CatalogMerger.Source(
          layerIndex: 0, catalog: nil,
          tables: [(TableAddress(directory: "", language: "de", table: "Localizable", kind: .strings), file)]),
        Self.source(1, catalog),
      ], layers: 2)
  }
}
