import Foundation
import LayerMerge
import TestSupport
import Testing

@testable import LayerMerge

/// The near-miss index and check take time in proportion to the keys, whatever they are (issue 23,
/// case 5); each budget is set by the same work on an input 8 times smaller (``LinearTime``).
@Suite struct NearMissTimeTests {
  /// Issue 23: a key of one character repeated 200,000 times took 16–20 s, every one-character
  /// deletion hashing alike.
  @Test func aKeyOfOneRepeatedCharacter() {
    let ratio = LinearTime.ratio(n: 3000) { length in
      let key = String(repeating: "a", count: length)
      let index = NearMissIndex([key])
      #expect(index.nearMiss(for: key + "a") == key)
      #expect(index.nearMiss(for: String(key.dropLast())) == key)
      #expect(index.nearMiss(for: String(key.dropLast()) + "b") == key)
      #expect(index.nearMiss(for: "b" + key) == key)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for an 8× longer key")
  }

  /// Many keys one substitution apart from each other (they differ in one character, at the same
  /// place): each lookup finds the smallest without going through all of them.
  @Test func manyKeysOneEditApartFromEachOther() {
    // Ideographs that are not numbers (an edit of a number is deliberate, as of a digit).
    let letters = (0x2_0000..<0x2_A000).compactMap(Unicode.Scalar.init).filter { $0.properties.numericType == nil }
    func keys(_ count: Int, from first: Int) -> [String] {
      (first..<(first + count)).map { "key_" + String(letters[$0]) + "_tail" }
    }
    let ratio = LinearTime.ratio(n: 600, prepare: { (keys($0, from: 0), keys($0, from: $0)) }) { indexed, queries in
      let index = NearMissIndex(indexed)
      for query in queries { #expect(index.nearMiss(for: query) == indexed[0]) }
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the keys")
  }

  /// The same end to end: a base with the long key and an overlay that adds it with one more
  /// character.
  @Test func aMergeWithALongRepeatedKey() throws {
    let ratio = try LinearTime.ratio(
      n: 8000, clock: .wall,
      prepare: { length in
        try TemporaryLayers([
          "Base": ["en.lproj/L.strings": "\"\(String(repeating: "a", count: length))\" = \"x\";\n"],
          "Target": ["en.lproj/L.strings": "\"\(String(repeating: "a", count: length + 1))\" = \"y\";\n"],
        ])
      },
      { fixture in _ = fixture.merge("Base", "Target") })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for an 8× longer key")
  }

  /// Issue 23: `extract` took 15.8 s on two copies with such a key (it merges each target back).
  @Test func anExtractionWithALongRepeatedKey() throws {
    let ratio = try LinearTime.ratio(
      n: 8000, clock: .wall,
      prepare: { length in
        // The key goes to the base; B's overlay adds it one longer, which the merge back checks.
        let key = String(repeating: "a", count: length)
        let fixture = try TemporaryLayers([
          "A": ["en.lproj/L.strings": "\"\(key)\" = \"x\";\n"],
          "B": ["en.lproj/L.strings": "\"\(key)\" = \"x\";\n\"\(key)a\" = \"y\";\n"],
        ])
        return (fixture, [Layer(name: "A", path: fixture.path("A")), Layer(name: "B", path: fixture.path("B"))])
      },
      { _, copies in #expect(!Extractor.extract(copies).hasErrors) })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for an 8× longer key")
  }

  /// Many layers, each adding a key: the keys below each layer are indexed once, not again for
  /// every layer above them.
  @Test func manyLayersEachAddingAKey() throws {
    let ratio = try LinearTime.ratio(
      n: 25, clock: .wall,
      prepare: { count in
        var files: [String: [String: String]] = [:]
        for layer in 0..<count {
          files["L\(layer)"] = [
            "en.lproj/L.strings": (0..<20).map { "\"layer_\(layer)_key_\($0)\" = \"x\";\n" }.joined(),
            "L.xcstrings": TemporaryLayers.catalog([(key: "catalog_\(layer)_key", values: [("en", "x")])]),
          ]
        }
        return (try TemporaryLayers(files), (0..<count).map { "L\($0)" })
      },
      { fixture, names in _ = LayerMerger.merge(loaded: names.map(fixture.loaded)) })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the layers")
  }
}
