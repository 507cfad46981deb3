import LayerMerge
import Testing

/// `"sources"` (per target) and `"lookups"` in locmerge.json: read as the interface with the source
/// scanner describes them, every mistake an error at its line and column.
@Suite struct ProjectFileUsageKeysTests {
  static func read(_ text: String) -> ProjectFileReader.Result {
    ProjectFileReader.parse(Array(text.utf8), path: "/p/locmerge.json")
  }

  @Test func sourcesAndLookupsReadAsTheInterfaceWritesThem() throws {
    let text = """
      {"base": "B", "targets": {
        "App": {"layers": [], "sources": ["App/**/*.swift", "Shared/**/*.swift"]},
        "Widget": {"layers": []}},
       "lookups": [
         {"call": "L10n.tr", "key": 1, "table": 0},
         {"call": "localized", "key": "key", "table": "table", "defaultTable": "Main"},
         {"property": "localized", "table": "Localizable"},
         {"property": "loc"}]}
      """
    let result = Self.read(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let project = try #require(result.project)
    #expect(project.targets[0].sources == [PathGlob("App/**/*.swift"), PathGlob("Shared/**/*.swift")])
    #expect(project.targets[1].sources == nil)
    #expect(
      project.lookups == [
        LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0))),
        LookupHelper(form: .call(name: "localized", key: .label("key"), table: .label("table")), defaultTable: "Main"),
        LookupHelper(form: .property(name: "localized"), defaultTable: "Localizable"),
        LookupHelper(form: .property(name: "loc")),
      ])
  }

  @Test func everyMistakeIsAnErrorAtItsPlace() {
    let text = """
      {"base": "B", "targets": {
        "A": {"layers": [], "sources": ["../Other/*.swift", "/abs/*.swift", "", 3]},
        "C": {"layers": [], "sources": "App"}},
       "lookups": [
         {"call": "tr"},
         {"call": "tr", "key": -1},
         {"call": "tr", "key": 0, "table": true},
         {"call": "not a name", "key": 0},
         {"property": "localized", "key": 0},
         {"call": "a", "property": "b", "key": 0},
         {"table": "x"},
         {"call": "tr", "key": 0, "tabel": 1},
         "tr"]}
      """
    let messages = Self.read(text).diagnostics.map(\.description)
    let expected = [
      "/p/locmerge.json:2:35: error: a pattern of \"sources\" is a path inside the project folder, without '..': "
        + "\"../Other/*.swift\"",
      "/p/locmerge.json:2:55: error: a pattern of \"sources\" is a path inside the project folder, without '..': "
        + "\"/abs/*.swift\"",
      "/p/locmerge.json:2:71: error: \"sources\" must not be empty",
      "/p/locmerge.json:2:75: error: \"sources\" must be a string, not a number",
      "/p/locmerge.json:3:34: error: \"sources\" must be an array of path patterns, not a string",
      "/p/locmerge.json:5:4: error: a \"call\" helper needs \"key\": the argument's label, or its position from 0",
      "/p/locmerge.json:6:26: error: \"key\" must be an argument's position from 0 (0 to 99), not -1",
      "/p/locmerge.json:7:38: error: \"table\" must be a string, not a Boolean",
      "/p/locmerge.json:8:13: error: \"call\" must be a name such as \"localized\" or \"L10n.tr\", not \"not a name\"",
      "/p/locmerge.json:9:30: error: a \"property\" helper takes no \"key\": the key is the string it is on, and "
        + "\"table\" names its table",
      "/p/locmerge.json:10:4: error: a lookup helper is a \"call\" or a \"property\", not both",
      "/p/locmerge.json:11:4: error: a lookup helper needs \"call\" (a function or method name) or \"property\" "
        + "(a property of string literals)",
      "/p/locmerge.json:12:29: error: unknown key \"tabel\" in a lookup helper; did you mean \"table\"?",
      "/p/locmerge.json:13:4: error: a helper of \"lookups\" must be an object, not a string",
    ]
    #expect(messages == expected)
    #expect(Self.read(text).project == nil)
  }
}
