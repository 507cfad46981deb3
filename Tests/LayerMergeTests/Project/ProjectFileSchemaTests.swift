import Foundation
import LayerMerge
import Testing

/// docs/locmerge.schema.json, the JSON Schema editors use, says what the reader accepts.
@Suite struct ProjectFileSchemaTests {
  static func schema() throws -> [String: Any] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/locmerge.schema.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(object as? [String: Any])
  }

  static func properties(_ object: Any?) -> [String: Any] {
    (object as? [String: Any])?["properties"] as? [String: Any] ?? [:]
  }

  @Test func theRuleCodesAreEveryDiagnosticCodeAndTheProtectedOnesOnlyRise() throws {
    let rules = Self.properties(Self.properties(try Self.schema())["rules"])
    #expect(Set(rules.keys) == Set(DiagnosticCode.allCases.map(\.rawValue)))
    let errorOnly = rules.filter { ($0.value as? [String: Any])?["const"] as? String == "error" }.keys
    #expect(Set(errorOnly) == Set(CheckRules.protectedCodes.map(\.rawValue)))
  }

  /// Every key the schema allows is one the reader knows (an unknown key is an error there).
  @Test func everyKeyOfTheSchemaIsAKeyOfTheReader() throws {
    let schema = try Self.schema()
    let top = Self.properties(schema)
    let targets = try #require((top["targets"] as? [String: Any])?["additionalProperties"])
    let targetKeys = Self.properties(targets)
    let layerItems = try #require(
      ((targetKeys["layers"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [Any])
    let layerKeys = layerItems.flatMap { Self.properties($0).keys }
    let fileListKeys = Self.properties(top["fileLists"]).keys
    #expect(
      Set(top.keys) == [
        "$schema", "base", "destination", "targets", "developmentLanguage", "rules", "exclude", "catalogs",
        "fileLists", "state", "reporter", "baseline", "lookups",
      ])
    #expect(Set(targetKeys.keys) == ["layers", "destination", "catalogs", "state", "sources"])
    #expect(Set(layerKeys) == ["name", "path"])
    #expect(Set(fileListKeys) == ["inputs", "outputs"])
    let knownErrorKeys = Self.properties((top["baseline"] as? [String: Any])?["items"]).keys
    #expect(Set(knownErrorKeys) == ["rule", "file", "key", "language", "value"])
    let text = """
      {"$schema": "s.json", "base": "B", "destination": "d/{target}",
       "targets": {"A": {"layers": ["L", {"name": "N", "path": "M"}], "destination": "x", "state": "s", "sources": ["A/**"]}, "C": {"layers": [], "catalogs": "compiled"}},
       "lookups": [{"call": "L10n.tr", "key": 1, "table": 0, "defaultTable": "T"}, {"property": "loc", "table": "T"}],
       "developmentLanguage": "en", "rules": {}, "exclude": [], "catalogs": "merged", "state": "st/{target}",
       "fileLists": {"inputs": "{target}-in.xcfilelist", "outputs": "{target}-out.xcfilelist"},
       "baseline": [{"rule": "format-mismatch", "file": "L/de.lproj/L.strings", "key": "k", "value": "%@"},
                    {"rule": "format-mismatch", "file": "B/L.xcstrings", "key": "k", "language": "de", "value": "%@"}]}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: "/p/locmerge.json")
    #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    #expect(read.project != nil)
  }
}
