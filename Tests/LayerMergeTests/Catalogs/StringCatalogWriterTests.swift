import Foundation
import LayerMerge
import TestSupport
import Testing

/// Writing `.xcstrings` byte for byte as Xcode (and `JSONSerialization`) does.
@Suite struct StringCatalogWriterTests {
  @Test func writesXcodesLayout() throws {
    let text =
      #"{"version":"1.0","strings":{"b":{"localizations":{"de":{"stringUnit":{"value":"B","state":"translated"}}}},"a":{}},"sourceLanguage":"en"}"#
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "t").catalog)
    let expected = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "a" : {

          },
          "b" : {
            "localizations" : {
              "de" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "B"
                }
              }
            }
          }
        },
        "version" : "1.0"
      }
      """
    #expect(String(decoding: StringCatalogWriter.data(for: catalog), as: UTF8.self) == expected)
    let empty = StringCatalog(sourceLanguage: "en", version: "1.0")
    #expect(
      String(decoding: StringCatalogWriter.data(for: empty), as: UTF8.self)
        == "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
  }

  /// FORMATS.md §6.4, vector 2.
  @Test func escapesAsXcodeDoes() throws {
    let value = "q\" b\\ s/ t\t n\n r\r b\u{8} f\u{C} nul\u{0} us\u{1F} del\u{7F} ls\u{2028} eé emoji😀"
    let catalog = StringCatalog(
      sourceLanguage: "en",
      entries: [CatalogEntry(key: "k", localizations: [.init(language: "en", variant: .string(value))])])
    let text = String(decoding: StringCatalogWriter.data(for: catalog), as: UTF8.self)
    #expect(
      text.contains(
        #""value" : "q\" b\\ s/ t\t n\n r\r b\b f\f nul\u0000 us\u001f del"# + "\u{7F} ls\u{2028} eé emoji😀\""))
  }

  @Test func keepsUnknownFieldsAndTheVersion() throws {
    let original = Array(StringCatalogReaderTests.sample.utf8)
    let catalog = try #require(StringCatalogReader.parse(original, path: "s").catalog)
    let written = StringCatalogWriter.data(for: catalog)
    // Foundation reads the same object from both.
    let before = try JSONSerialization.jsonObject(with: Data(original)) as? NSDictionary
    let after = try JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary
    #expect(before == after)
    #expect(StringCatalogReader.parse(written, path: "s").catalog == catalog)
  }

  /// Our writer gives exactly what Foundation's `JSONSerialization` gives for every catalog in
  /// `../shared`, and so the catalogs that are already canonical come back byte for byte.
  @Test(SharedFolder.required) func roundTripsEverySharedCatalogAsFoundationDoes() throws {
    let files = SharedFolder.files(under: "", extensions: ["xcstrings"])
    #expect(files.count >= 40)
    var canonical: [String] = []
    var handEdited: [String: String] = [:]
    for file in files {
      let bytes = try Array(Data(contentsOf: file))
      let name = file.path.replacingOccurrences(of: SharedFolder.url?.path ?? "", with: "")
      guard let catalog = StringCatalogReader.parse(bytes, path: name).catalog else {
        Issue.record("\(name) did not read")
        continue
      }
      let ours = StringCatalogWriter.data(for: catalog)
      let object = try JSONSerialization.jsonObject(with: Data(bytes))
      let foundation = try Array(
        JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      // Compared as a Boolean: a failed expectation on 2 MB arrays would print them.
      let same = ours == foundation
      let offset =
        zip(ours, foundation).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(ours.count, foundation.count)
      #expect(same, "\(name): our bytes differ from Foundation's at byte \(offset)")
      if ours == bytes {
        canonical.append(name)
      } else if bytes == ours + [0x0A] {
        handEdited[name] = "trailing newline"
      } else if bytes.contains(0x09) {
        handEdited[name] = "hand-formatted (tabs)"
      } else {
        handEdited[name] = "re-sorted or re-indented"
      }
    }
    #expect(canonical.count >= 30, "canonical: \(canonical.count), others: \(handEdited)")
    #expect(canonical.contains { $0.hasSuffix("DuckDuckGo/Localizable.xcstrings") })
    #expect(handEdited.keys.contains { $0.hasSuffix("IceCube.xcstrings") })
    #expect(canonical.contains { $0.hasSuffix("canonical_example.xcstrings") })
    print(
      "canonical catalogs, byte-identical: \(canonical.count); hand-edited: \(handEdited.sorted { $0.key < $1.key })")
  }
}
