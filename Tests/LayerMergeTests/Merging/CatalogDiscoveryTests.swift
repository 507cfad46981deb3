import Foundation
import LayerMerge
import Testing

/// A layer's String Catalogs are found where Xcode allows them, read with its tables, and named
/// by the plan of a merge (`locmerge files`) as inputs and as the outputs they write.
@Suite struct CatalogDiscoveryTests {
  static func fixture() throws -> TemporaryLayers {
    let catalog = TemporaryLayers.catalog([("title", [("en", "App"), ("de", "App DE")])])
    return try TemporaryLayers([
      "Base": [
        "Localizable.xcstrings": catalog,
        "Resources/InfoPlist.xcstrings": catalog,
        "mul.lproj/Main.xcstrings": catalog,
        // Xcode refuses a catalog in a language folder other than mul.lproj.
        "de.lproj/Stray.xcstrings": catalog,
        "en.lproj/Legacy.strings": "\"a\" = \"A\";\n",
      ],
      "Brand": ["Localizable.xcstrings": TemporaryLayers.catalog([("title", [("de", "Acme DE")])])],
    ])
  }

  @Test func catalogsAreFoundAtAnyDepthButInLanguageFolders() throws {
    let fixture = try Self.fixture()
    let catalogs = LayerScanner.catalogs(in: Layer(path: fixture.path("Base")))
    #expect(
      catalogs.keys.map(\.relativePath).sorted() == [
        "Localizable.xcstrings", "Resources/InfoPlist.xcstrings", "mul.lproj/Main.xcstrings",
      ])
    #expect(catalogs[TableAddress(catalogPath: "Localizable.xcstrings")!] == fixture.path("Base/Localizable.xcstrings"))
    let loaded = LoadedLayer(
      Layer(path: fixture.path("Base")), options: MergeOptions(exclude: [PathGlob("Resources/**")]))
    #expect(loaded.catalogs.keys.map(\.relativePath).sorted() == ["Localizable.xcstrings", "mul.lproj/Main.xcstrings"])
    #expect(loaded.catalogs.values.allSatisfy { $0.catalog != nil && $0.fingerprint != nil })
  }

  @Test func aLayerWithOnlyACatalogIsNotEmpty() throws {
    let fixture = try Self.fixture()
    #expect(LayerScanner.scan(Layer(path: fixture.path("Brand"))).diagnostics.isEmpty)
  }

  @Test func aMergeReadsTheCatalogsOfItsLayers() throws {
    let fixture = try Self.fixture()
    let result = LayerMerger.merge(fixture.layers("Base", "Brand"))
    #expect(!result.hasErrors, "\(fixture.render(result.diagnostics))")
    #expect(result.catalog("Localizable.xcstrings")?.text("title", "de") == "Acme DE")
    #expect(result.inputFiles.contains(fixture.path("Brand/Localizable.xcstrings")))
    #expect(result.inputFingerprints[fixture.path("Brand/Localizable.xcstrings")] != nil)
  }

  @Test(arguments: [CatalogOutput.compiled, .merged])
  func thePlanNamesCatalogsAndWhatTheyWrite(_ output: CatalogOutput) throws {
    let fixture = try Self.fixture()
    let planned = LayerMerger.plan(fixture.layers("Base", "Brand"), options: MergeOptions(catalogOutput: output))
    #expect(
      planned.inputs
        == [
          "Base/Localizable.xcstrings", "Base/Resources/InfoPlist.xcstrings", "Base/en.lproj/Legacy.strings",
          "Base/mul.lproj/Main.xcstrings", "Brand/Localizable.xcstrings",
        ].map(fixture.path))
    let outputs = planned.outputs.map(\.relativePath)
    switch output {
    case .compiled:
      #expect(
        outputs == [
          "Resources/de.lproj/InfoPlist.strings", "Resources/en.lproj/InfoPlist.strings",
          "de.lproj/Localizable.strings",
          "de.lproj/Main.strings", "en.lproj/Legacy.strings", "en.lproj/Localizable.strings", "en.lproj/Main.strings",
        ])
    case .merged:
      #expect(
        outputs == [
          "Localizable.xcstrings", "Resources/InfoPlist.xcstrings", "en.lproj/Legacy.strings",
          "mul.lproj/Main.xcstrings",
        ])
    }
    // What the plan names is exactly what the merge writes.
    let result = LayerMerger.merge(fixture.layers("Base", "Brand"), options: MergeOptions(catalogOutput: output))
    #expect(Set(outputs) == Set(OutputFile.files(for: result).map(\.relativePath)))
    #expect(LayerMerger.plannedInputs(fixture.layers("Base", "Brand")) == planned.inputs)
  }
}
