import Foundation
import LayerMerge
import TestSupport
import Testing

/// The usage checks grow linearly with lookups and keys: interpolated lookups and keys with format
/// specifiers — the case an all-keys × all-lookups comparison makes quadratic — are matched by
/// their pieces between specifiers, one hash look-up each.
@Suite struct UsageTimeTests {
  /// A base of `count` keys with a specifier (half of them looked up, half missing from the table)
  /// and `count` plain ones in en and de, and code with an interpolated and a literal lookup of each.
  struct Input {
    var fixture: UsageFixture
    var merge: MergeResult
    var scanned: ScannedSources
    var shared: SharedLayers
    var count: Int
  }

  static func input(_ count: Int) throws -> Input {
    var en = ""
    var de = ""
    var lookups: [SourceLookup] = []
    for index in 0..<count {
      en += "\"item \(index) of %lld\" = \"x\";\n\"plain \(index)\" = \"y\";\n"
      de += "\"plain \(index)\" = \"z\";\n"
      lookups.append(UsageFixture.interpolated(["item \(index * 2) of ", ""], line: index + 1))
      lookups.append(UsageFixture.literal("plain \(index)", line: index + 1))
    }
    let fixture = try UsageFixture(
      tables: ["Base": ["en.lproj/Localizable.strings": en, "de.lproj/Localizable.strings": de]],
      sources: ["Code.swift": lookups])
    let layers = fixture.layers.layers("Base")
    let merge = LayerMerger.merge(layers, options: MergeOptions(developmentLanguage: "en"))
    return Input(
      fixture: fixture, merge: merge, scanned: fixture.scanned(), shared: SharedLayers(layers), count: count)
  }

  @Test func missingAndUntranslatedKeys() throws {
    let ratio = try LinearTime.ratio(n: 500, prepare: Self.input) { input in
      let usage = TargetUsage(
        target: "App", files: [input.fixture.path("Code.swift")], scanned: input.scanned, merge: input.merge)
      #expect(usage.missing.count == input.count / 2)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the keys and lookups")
  }

  /// `count` targets, each with a table of its own (ten keys with a specifier) and a file of its
  /// own that looks them up by interpolations.
  struct TargetsInput {
    var fixture: UsageFixture
    var merges: [MergeResult]
  }

  static func targets(_ count: Int) throws -> TargetsInput {
    // Each stack is the target's layer and one every target shares (another table): the layers
    // above a target's own table add nothing to it.
    var tables: [String: [String: String]] = ["Common": ["en.lproj/Other.strings": "\"other\" = \"y\";\n"]]
    var sources: [String: [SourceLookup]] = [:]
    for index in 0..<count {
      let keys = (0..<10).map { "hi \(index).\($0) " }
      tables["T\(index)"] = ["en.lproj/Localizable.strings": keys.map { "\"\($0)%@\" = \"x\";\n" }.joined()]
      sources["T\(index).swift"] = keys.enumerated().map { UsageFixture.interpolated([$1, ""], line: $0 + 1) }
    }
    let fixture = try UsageFixture(tables: tables, sources: sources)
    let merges = (0..<count).map {
      LayerMerger.merge(fixture.layers.layers("T\($0)", "Common"), options: MergeOptions(developmentLanguage: "en"))
    }
    return TargetsInput(fixture: fixture, merges: merges)
  }

  /// Targets whose tables are their own each match their own interpolations, never every target's:
  /// one run's checks grow with the targets, not with their square.
  @Test func targetsWithTablesOfTheirOwn() throws {
    let ratio = try LinearTime.ratio(n: 25, prepare: Self.targets) { input in
      // A run's scan of its own: what one target works out, the others of the run reuse.
      let scanned = input.fixture.scanned()
      for (index, merge) in input.merges.enumerated() {
        let usage = TargetUsage(
          target: "T\(index)", files: [input.fixture.path("T\(index).swift")], scanned: scanned, merge: merge)
        #expect(usage.missing.isEmpty)
      }
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the targets")
  }

  @Test func unusedKeys() throws {
    let ratio = try LinearTime.ratio(n: 500, prepare: Self.input) { input in
      let base = input.fixture.layers.layers("Base")
      let unused = UnusedKeys(
        holders: UnusedKeys.holders(stacks: [("App", base)], shared: input.shared),
        targets: ["App": [input.fixture.path("Code.swift")]], scanned: input.scanned, developmentLanguage: "en")
      #expect(unused.reports.first?.unused.count == input.count / 2)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the keys and lookups")
  }
}
