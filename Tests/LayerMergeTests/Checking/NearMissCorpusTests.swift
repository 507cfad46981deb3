import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The near-miss check measured on real projects: every key of a corpus app is deliberate, so a
/// key that the check would flag against another key of its table, were an overlay to add it,
/// is a false positive.
@Suite struct NearMissCorpusTests {
  static let apps = [
    "Ranchero-Software__NetNewsWire", "brave__brave-ios", "duckduckgo__apple-browsers", "ghostery__user-agent-ios",
    "home-assistant__iOS",
  ]

  @Test(SharedFolder.required) func fewerThanOneKeyInTwoHundredLooksLikeATypoOfASibling() throws {
    let corpus = try #require(SharedFolder.url, Comment(rawValue: SharedFolder.skipMessage))
      .appendingPathComponent("corpus")
    var keys = 0
    var flagged: [String] = []
    for app in Self.apps {
      let layer = LoadedLayer(Layer(path: corpus.appendingPathComponent(app).path))
      var groups: [String: Set<String>] = [:]
      for (address, file) in layer.files {
        groups["\(address.directory)/\(address.table).\(address.kind.rawValue)", default: []].formUnion(
          file.table.keys)
      }
      for name in groups.keys.sorted() {
        let group = groups[name] ?? []
        let index = NearMissIndex(group)
        for key in group.sorted() where key.unicodeScalars.count >= NearMissIndex.minimumLength {
          keys += 1
          if let sibling = index.nearMiss(for: key) { flagged.append("\(app) \(name): \(key) ~ \(sibling)") }
        }
      }
    }
    let rate = Double(flagged.count) / Double(max(1, keys))
    #expect(keys > 7_000)
    #expect(rate < 0.005, "\(flagged.count) of \(keys) keys (\(rate * 100)%):\n\(flagged.joined(separator: "\n"))")
  }
}
