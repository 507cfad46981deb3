import Foundation
import Testing

@testable import LayerMerge

/// String Catalog edits: a unit set in place, missing levels added as Xcode writes them.
@Suite struct CatalogTableEditorTests {
  private static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld items" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld item"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld items"
                    }
                  }
                }
              }
            }
          }
        },
        "Auto" : {

        },
        "Title" : {
          "comment" : "The title",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "Titel"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Title"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  private func unit(_ key: String, _ language: String, _ value: String, state: String? = nil) -> TableEdit {
    TableEdit(place: .catalog(key: key, language: language, variation: []), value: value, state: state)
  }

  private func form(_ key: String, _ language: String, _ variation: [String], _ value: String) -> TableEdit {
    TableEdit(place: .catalog(key: key, language: language, variation: variation), value: value)
  }

  private func edit(_ text: String, _ edits: [TableEdit]) throws -> String {
    String(
      decoding: try TableEditor.apply(edits, to: Array(text.utf8), kind: .xcstrings, path: "t.xcstrings"), as: UTF8.self
    )
  }

  /// What Xcode writes for a catalog: `JSONSerialization`'s sorted, pretty-printed output.
  private func xcodeLayout(of text: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  @Test func theFixtureIsInXcodesLayout() throws {
    #expect(try xcodeLayout(of: Self.catalog) == Self.catalog)
  }

  @Test func setsAValueAndKeepsItsState() throws {
    let output = try edit(Self.catalog, [unit("Title", "de", "Überschrift \"1\"\n")])
    #expect(output == Self.catalog.replacingOccurrences(of: "\"Titel\"", with: "\"Überschrift \\\"1\\\"\\n\""))
    let reviewed = try edit(Self.catalog, [unit("Title", "de", "Titel", state: "translated")])
    #expect(reviewed == Self.catalog.replacingOccurrences(of: "needs_review", with: "translated"))
    #expect(try edit(Self.catalog, [unit("Title", "de", "Titel")]) == Self.catalog)
  }

  /// Foundation's JSON reader on Linux drops a U+FEFF that starts a string or follows an escape;
  /// the catalog keeps it (as Xcode's `JSONSerialization` writes it), and locmerge reads it back.
  @Test func keepsByteOrderMarksInValues() throws {
    let value = "\u{FEFF}a\n\u{FEFF}b"
    let output = try edit(Self.catalog, [unit("Title", "de", value)])
    let catalog = try #require(StringCatalogReader.parse(Array(output.utf8), path: "t").catalog)
    let unit = catalog.entries.first { $0.key == "Title" }?.localizations?.first { $0.language == "de" }
    #expect(unit?.variant.stringUnit.map { Array($0.value.utf8) } == Array(value.utf8))
  }

  /// Whatever an edit adds, the file stays exactly what Xcode would write for its new content.
  @Test func addsMissingLevelsAsXcodeWritesThem() throws {
    let edits = [
      unit("Title", "fr", "Titre"), unit("Title", "ar", "عنوان"),
      form("%lld items", "de", ["plural", "one"], "%lld Artikel"),
      form("%lld items", "de", ["plural", "other"], "%lld Artikel"),
      form("%lld items", "en", ["plural", "zero"], "No items"),
      unit("Auto", "de", "Automatisch"),
      form("Device", "de", ["device", "iphone"], "Tippen"), form("Device", "de", ["device", "mac"], "Klicken"),
      form("Nested", "de", ["device", "ipad", "plural", "one"], "ein"),
      unit("a", "de", "erstes"),
    ]
    let output = try edit(Self.catalog, edits)
    #expect(try xcodeLayout(of: output) == output)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let strings = try #require(object["strings"] as? [String: Any])
    #expect(strings.count == 6)
    // Only lines were added: every line of the old file is still there, in order (but the empty
    // line of the empty object that got members).
    let old = Self.catalog.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    var remaining = old[...]
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) where line == remaining.first {
      remaining = remaining.dropFirst()
    }
    #expect(remaining.isEmpty)
    let new = try #require(strings["Device"] as? [String: Any])
    #expect(new["extractionState"] as? String == "manual")
  }

  @Test func addsASubstitutionWithItsFormat() throws {
    let variable = TableEdit.Variable(formatValueType: "lld", argumentNumber: 2)
    var one = form("%@ has %lld files", "de", ["substitutions", "files", "plural", "one"], "%arg Datei")
    one.variable = variable
    let output = try edit(Self.catalog, [unit("%@ has %lld files", "de", "%1$@ hat %2$#@files@"), one])
    #expect(try xcodeLayout(of: output) == output)
    #expect(output.contains("\"argNum\" : 2,\n              \"formatSpecifier\" : \"lld\","))
    one.variable = nil
    #expect(throws: TableEditError.self) { try edit(Self.catalog, [one]) }
  }

  @Test func writesANewCatalog() throws {
    let output = try TableEditor.apply(
      [unit("Hello", "de", "Hallo")], to: nil, kind: .xcstrings, path: "t.xcstrings",
      newFile: .init(sourceLanguage: "en"))
    let text = String(decoding: output, as: UTF8.self)
    #expect(try xcodeLayout(of: text) == text)
    #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n"))
    #expect(throws: TableEditError.self) {
      try TableEditor.apply([unit("Hello", "de", "Hallo")], to: nil, kind: .xcstrings, path: "t.xcstrings")
    }
  }

  @Test func refusesAnUnexpectedShape() throws {
    let text = Self.catalog.replacingOccurrences(of: "\"Auto\" : {\n\n    }", with: "\"Auto\" : \"not an object\"")
    do {
      _ = try edit(text, [unit("Auto", "de", "x")])
      Issue.record("a string was taken for an entry")
    } catch let error as TableEditError {
      // Line 26: `    "Auto" : "not an object",`; the value starts in column 14.
      #expect(error.position == TextPosition(line: 26, column: 14))
      #expect(error.code == .catalogSchema)
    }
    #expect(throws: TableEditError.self) { try edit("{\"sourceLanguage\": \"en\"}", [unit("a", "de", "x")]) }
    #expect(throws: TableEditError.self) { try edit("{", [unit("a", "de", "x")]) }
  }
}
