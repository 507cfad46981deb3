import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// Random edits of every vector and corpus file of `../shared` that locmerge's reader accepts,
/// each checked against Foundation (``EditingOracle``).
@Suite struct TableEditorCorpusTests {
  static let tables =
    SharedFolder.files(under: "formats", extensions: ["strings", "stringsdict"])
    + SharedFolder.files(under: "corpus", extensions: ["strings", "stringsdict"])
  static let catalogs =
    SharedFolder.files(under: "formats", extensions: ["xcstrings"])
    + SharedFolder.files(under: "corpus", extensions: ["xcstrings"])

  @Test(SharedFolder.required) func everyTableFileTakesRandomEdits() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var generator = SeededGenerator(seed: 33)
    var (files, edited, refused, edits) = (0, 0, [String](), 0)
    for url in Self.tables {
      let bytes = [UInt8](try Data(contentsOf: url))
      let kind = LocalizationFileKind(path: url.path) ?? .strings
      let parsed = LocalizationFileReader.parse(bytes, path: url.path, kind: kind)
      guard !parsed.hasErrors, let before = EditingOracle.propertyList(bytes), case .dictionary = before
      else { continue }
      files += 1
      // Up to three existing strings (a form of a .stringsdict entry), and a new key.
      var places: [[String]] = []
      func collect(_ value: LocalizationValue, _ path: [String]) {
        switch value {
        case .string: places.append(path)
        case .dictionary(let dictionary):
          for (key, inner) in dictionary.pairs where kind == .stringsdict || path.isEmpty {
            collect(inner, path + [key])
          }
        default: break
        }
      }
      collect(before, [])
      var chosen: [[String]] = []
      for _ in 0..<min(3, places.count) { chosen.append(places[Int(generator.next() % UInt64(places.count))]) }
      chosen.append(["locmerge.new.\(generator.next() % 1000)"])
      var expected = before
      var fileEdits: [TableEdit] = []
      for path in chosen {
        let value = EditingOracle.value(&generator)
        let place: TableEdit.Place =
          path.count == 1 ? .strings(key: path[0]) : .stringsdict(key: path[0], path: Array(path.dropFirst()))
        fileEdits.append(TableEdit(place: place, value: value, comment: "note */ \(value)"))
        expected = EditingOracle.setting(expected, path[...], to: value)
      }
      let output: [UInt8]
      do {
        output = try EditingOracle.checkedBytes(fileEdits, bytes, kind: kind, path: url.path)
      } catch let error as TableEditError {
        refused.append("\(url.lastPathComponent): \(error.message)")
        continue
      }
      #expect(EditingOracle.propertyList(output) == expected, "\(url.path)")
      edited += 1
      edits += fileEdits.count
    }
    print(
      "TableEditorCorpusTests: \(files) files read, \(edited) edited (\(edits) edits) as Foundation expects; "
        + "\(refused.count) refused: \(refused)")
    #expect(files > 1000)
    // Only what cannot be edited surgically is refused: old-style .stringsdict, binary plists.
    #expect(refused.allSatisfy { $0.contains("old-style") || $0.contains("binary") }, "\(refused)")
  }

  @Test(SharedFolder.required) func everyCatalogTakesRandomEdits() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var generator = SeededGenerator(seed: 34)
    var (files, edits, canonical) = (0, 0, 0)
    for url in Self.catalogs {
      let bytes = [UInt8](try Data(contentsOf: url))
      guard StringCatalogReader.parse(bytes, path: url.path).catalog != nil,
        var object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
        let strings = object["strings"] as? [String: Any]
      else { continue }
      files += 1
      let isXcodeLayout = Self.xcodeLayout(Data(bytes)) == bytes
      // Existing units, found by walking the catalog as Foundation reads it.
      var units: [(key: String, language: String, variation: [String])] = []
      for (key, entry) in strings {
        guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] else { continue }
        for (language, variant) in localizations { Self.collectUnits(variant, [], into: &units, key, language) }
      }
      let keys = strings.keys.sorted()
      var fileEdits: [TableEdit] = []
      for _ in 0..<3 where !units.isEmpty {
        let unit = units[Int(generator.next() % UInt64(units.count))]
        let state = generator.next() % 2 == 0 ? "needs_review" : nil
        fileEdits.append(
          TableEdit(
            place: .catalog(key: unit.key, language: unit.language, variation: unit.variation),
            value: EditingOracle.value(&generator, byteOrderMark: false), state: state))
      }
      if let key = keys.isEmpty ? nil : keys[Int(generator.next() % UInt64(keys.count))] {
        fileEdits.append(
          TableEdit(
            place: .catalog(key: key, language: "x-test", variation: []),
            value: EditingOracle.value(&generator, byteOrderMark: false)))
        fileEdits.append(
          TableEdit(
            place: .catalog(key: key, language: "x-test2", variation: ["plural", "few"]),
            value: EditingOracle.value(&generator, byteOrderMark: false)))
      }
      fileEdits.append(
        TableEdit(
          place: .catalog(key: "locmerge new \(generator.next() % 100)", language: "de", variation: []),
          value: EditingOracle.value(&generator, byteOrderMark: false), comment: "A note"))
      for edit in fileEdits { Self.apply(edit, to: &object) }
      let output = try EditingOracle.checkedBytes(fileEdits, bytes, kind: .xcstrings, path: url.path)
      let read = JSONOracle.tree(foundation: try JSONSerialization.jsonObject(with: Data(output)))
      #expect(
        read == JSONOracle.tree(foundation: object),
        "\(url.path): \(EditingOracle.firstDifference(read, JSONOracle.tree(foundation: object)) ?? "")")
      let ours = try #require(JSONOracle.ours(output))
      #expect(
        ours == JSONOracle.tree(foundation: object),
        "\(url.path): \(EditingOracle.firstDifference(ours, JSONOracle.tree(foundation: object)) ?? "")")
      if isXcodeLayout {
        canonical += 1
        let rendered = Self.xcodeLayout(Data(output)) ?? []
        #expect(
          rendered == output,
          "\(url.path) is no longer as Xcode writes it: \(EditingOracle.firstDifference(rendered, output))")
      }
      edits += fileEdits.count
    }
    print(
      "TableEditorCorpusTests: \(files) catalogs, \(edits) edits as Foundation expects; \(canonical) in Xcode's layout before and after"
    )
    #expect(files >= 10)
  }

  // MARK: - Private

  private static func xcodeLayout(_ data: Data) -> [UInt8]? {
    guard let object = try? JSONSerialization.jsonObject(with: data),
      let rendered = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return [UInt8](rendered)
  }

  private static func collectUnits(
    _ variant: Any, _ variation: [String], into units: inout [(key: String, language: String, variation: [String])],
    _ key: String, _ language: String
  ) {
    guard let variant = variant as? [String: Any] else { return }
    if variant["stringUnit"] is [String: Any] { units.append((key, language, variation)) }
    if let variations = variant["variations"] as? [String: Any] {
      for (kind, cases) in variations {
        for (name, inner) in cases as? [String: Any] ?? [:] {
          collectUnits(inner, variation + [kind, name], into: &units, key, language)
        }
      }
    }
    if let substitutions = variant["substitutions"] as? [String: Any] {
      for (name, substitution) in substitutions {
        collectUnits(substitution, variation + ["substitutions", name], into: &units, key, language)
      }
    }
  }

  /// The edit made to Foundation's reading of a catalog, as the editor documents it.
  private static func apply(_ edit: TableEdit, to object: inout [String: Any]) {
    guard case .catalog(let key, let language, let variation) = edit.place else { return }
    var path = ["strings", key, "localizations", language]
    var index = 0
    while index + 1 < variation.count {
      path +=
        variation[index] == "substitutions"
        ? ["substitutions", variation[index + 1]]
        : ["variations", variation[index], variation[index + 1]]
      index += 2
    }
    func set(_ dictionary: [String: Any], _ rest: ArraySlice<String>, depth: Int) -> [String: Any] {
      var dictionary = dictionary
      guard let step = rest.first else {
        var unit = dictionary["stringUnit"] as? [String: Any] ?? ["state": "translated"]
        unit["value"] = edit.value
        if let state = edit.state { unit["state"] = state }
        dictionary["stringUnit"] = unit
        return dictionary
      }
      var inner = dictionary[step] as? [String: Any]
      if inner == nil && depth == 1 {
        inner = ["extractionState": "manual"]
        if let comment = edit.comment { inner?["comment"] = comment }
      }
      dictionary[step] = set(inner ?? [:], rest.dropFirst(), depth: depth + 1)
      return dictionary
    }
    object = set(object, path[...], depth: 0)
  }
}
