import LayerMerge
import Testing

@Suite struct LayerUniqueNamesTests {
  @Test func layersSharingAFolderNameAreNamedByTheirPaths() {
    let layers = Layer.uniquelyNamed([
      Layer(path: "Base"), Layer(path: "Brands/Acme"), Layer(path: "Targets/Acme"), Layer(path: "Brands/Acme"),
      Layer(path: "/src/a/Shared/Pro"), Layer(path: "/src/b/Shared/Pro"), Layer(name: "Globex", path: "Brands/Globex"),
    ])
    #expect(
      layers.map(\.name) == [
        "Base", "Brands/Acme", "Targets/Acme", "Brands/Acme", "a/Shared/Pro", "b/Shared/Pro", "Globex",
      ])
  }

  @Test func aMergeOfTwoAcmesNamesBoth() throws {
    let fixture = try TemporaryLayers([
      "Base": ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"],
      "Brands/Acme": ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"],
      "Targets/Acme": ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Brands/Acme", "Targets/Acme"))
    #expect(result.layers.map(\.name).suffix(2) == ["Brands/Acme", "Targets/Acme"])
    #expect(
      fixture.render(result.diagnostics).first
        == "Targets/Acme/en.lproj/Localizable.strings:1:1: warning: layer 'Targets/Acme' repeats the value of \"a\" "
        + "from layer 'Brands/Acme'; the override can be removed")
  }
}
