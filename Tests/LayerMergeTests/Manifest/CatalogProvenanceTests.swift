import Foundation
import LayerMerge
import Testing

/// Provenance of catalog layers: one table record per catalog and language, with the file, line
/// and column of the winner and of every shadowed localization.
@Suite struct CatalogProvenanceTests {
  @Test func oneRecordPerCatalogAndLanguage() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "InfoPlist.xcstrings": TemporaryLayers.catalog([("CFBundleDisplayName", [("en", "App"), ("de", "App")])])
      ],
      "Brand": ["InfoPlist.xcstrings": TemporaryLayers.catalog([("CFBundleDisplayName", [("de", "Acme")])])],
      "Target": ["de.lproj/InfoPlist.strings": "\n\"CFBundleDisplayName\" = \"Acme Pro\";\n"],
    ])
    let result = fixture.merge("Base", "Brand", "Target")
    let json = ProvenanceDocument.json(for: result).serialized()
      .replacingOccurrences(of: fixture.root.path + "/", with: "")
    let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    let expected: NSDictionary = [
      "version": 1,
      "layers": [
        ["name": "Base", "path": "Base"], ["name": "Brand", "path": "Brand"], ["name": "Target", "path": "Target"],
      ],
      "tables": [
        [
          "path": "InfoPlist.xcstrings", "language": "de", "table": "InfoPlist", "kind": "xcstrings",
          "entries": [
            [
              "key": "CFBundleDisplayName", "status": "overridden",
              "winner": ["layer": "Target", "file": "Target/de.lproj/InfoPlist.strings", "line": 2, "column": 1],
              "shadowed": [
                ["layer": "Brand", "file": "Brand/InfoPlist.xcstrings", "line": 6, "column": 7],
                ["layer": "Base", "file": "Base/InfoPlist.xcstrings", "line": 7, "column": 7],
              ],
            ]
          ],
        ],
        [
          "path": "InfoPlist.xcstrings", "language": "en", "table": "InfoPlist", "kind": "xcstrings",
          "entries": [
            [
              "key": "CFBundleDisplayName", "status": "inherited",
              "winner": ["layer": "Base", "file": "Base/InfoPlist.xcstrings", "line": 6, "column": 7],
              "shadowed": [],
            ]
          ],
        ],
      ],
    ]
    #expect(document == expected)
  }
}
