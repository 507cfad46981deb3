import Foundation
import Testing

@testable import LayerMerge

/// A merged table keeps its lowest file's table and records as they are and only what the layers
/// above change: what it gives whole (``MergedTable/table``, ``MergedTable/provenance``) and what
/// the checks and writers read position by position must both be the merge the precedence rules
/// describe (docs/merging.md), worked out here the plain way.
struct MergedTablePatchTests {
  @Test(arguments: 0..<40)
  func aPatchedTableIsTheMergeThePrecedenceRulesDescribe(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let layerCount = 1 + Int(random.next() % 4)
    // Each layer's definitions in file order: key, value, comment.
    var definitions: [[(key: String, value: String, comment: String?)]] = []
    var files: [String: [String: String]] = [:]
    for layer in 0..<layerCount {
      // A layer above the base may lack the table; the base may too.
      let keys = random.next() % 5 == 0 ? [] : Self.keys.filter { _ in random.next() % 3 == 0 }.shuffled(using: &random)
      let entries = keys.map { key in
        (
          key: key, value: Self.values[Int(random.next() % UInt64(Self.values.count))],
          comment: random.next() % 2 == 0 ? "note \(layer) \(key)" : nil
        )
      }
      definitions.append(entries)
      guard !entries.isEmpty || random.next() % 2 == 0 else { continue }
      files["L\(layer)"] = [
        "en.lproj/Localizable.strings": entries.map { entry in
          (entry.comment.map { "/* \($0) */\n" } ?? "") + "\"\(entry.key)\" = \"\(entry.value)\";\n"
        }.joined()
      ]
    }
    let fixture = try TemporaryLayers(files)
    let names = (0..<layerCount).map { "L\($0)" }
    let result = LayerMerger.merge(names.map { Layer(path: fixture.path($0)) })
    let present = (0..<layerCount).filter { files["L\($0)"] != nil }
    guard let merged = result.table("en.lproj/Localizable.strings") else {
      #expect(present.isEmpty)
      return
    }

    // The plain merge: keys in the lowest file's order, then each new key where it first appears;
    // the highest definition wins; the highest comment is kept.
    var order: [String] = []
    for layer in present {
      for entry in definitions[layer] where !order.contains(entry.key) { order.append(entry.key) }
    }
    #expect(merged.table.keys == order, "seed \(seed)")
    #expect(merged.provenance.count == order.count)
    for (position, key) in order.enumerated() {
      let defined = present.reversed().compactMap { layer in
        definitions[layer].first { $0.key == key }.map { (layer: layer, value: $0.value, comment: $0.comment) }
      }
      let winner = try #require(defined.first)
      let entry = try #require(merged.table[key])
      #expect(entry.value == .string(winner.value), "seed \(seed), \(key)")
      #expect(entry.comment == defined.lazy.compactMap(\.comment).first, "seed \(seed), \(key)")
      let record = merged.provenance[position]
      #expect(record.key == key)
      #expect(record.winner.layerIndex == winner.layer && record.winner.value == .string(winner.value))
      #expect(record.shadowed.map(\.layerIndex) == defined.dropFirst().map(\.layer), "seed \(seed), \(key)")
      let status: KeyProvenance.Status =
        defined.count == 1
        ? (winner.layer == 0 ? .inherited : .added) : (defined[1].value == winner.value ? .redundant : .overridden)
      #expect(record.status == status, "seed \(seed), \(key)")

      // Read position by position, the table says the same.
      #expect(merged.entry(at: position) == entry && merged.record(at: position) == record)
      #expect(merged.status(at: position) == record.status)
      #expect(
        merged.index(ofKeyOf: entry) == position && merged.digest(at: position) == merged.table.digest(at: position))
      #expect(merged.introducingLayers[position] == (record.shadowed.last ?? record.winner).layerIndex)
    }
    #expect(merged.count == order.count)
    // Written from its parts, the file holds the whole table's bytes.
    #expect(OutputFile.files(for: [merged]).map(\.bytes) == [StringsFileWriter.data(for: merged.table)], "seed \(seed)")
    #expect(merged.nonInheritedPositions == order.indices.filter { merged.provenance[$0].status != .inherited })
    #expect(merged.index(ofKeyOf: LocalizationEntry(key: "absent", string: "")) == nil)
  }

  /// A `.stringsdict` table is written from its parts too, as the whole table would be.
  @Test(arguments: 0..<20)
  func aPatchedStringsdictIsWrittenAsTheWholeTable(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var files: [String: [String: String]] = [:]
    let layerCount = 1 + Int(random.next() % 3)
    for layer in 0..<layerCount {
      let keys = Self.keys.filter { _ in random.next() % 2 == 0 }.shuffled(using: &random)
      let rules = keys.map { key in
        let value = Self.values[Int(random.next() % UInt64(Self.values.count))]
        return "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ \(value)</string>"
          + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
          + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d \(value)</string>"
          + "</dict></dict>"
      }
      files["L\(layer)"] = [
        "en.lproj/Localizable.stringsdict":
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(rules.joined())</dict></plist>\n"
      ]
    }
    let fixture = try TemporaryLayers(files)
    let result = LayerMerger.merge((0..<layerCount).map { Layer(path: fixture.path("L\($0)")) })
    let merged = try #require(result.table("en.lproj/Localizable.stringsdict"))
    #expect(
      OutputFile.files(for: [merged]).map(\.bytes) == [StringsDictFileWriter.data(for: merged.table)], "seed \(seed)")
  }

  static let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
  static let values = ["one", "two", "three"]
}
