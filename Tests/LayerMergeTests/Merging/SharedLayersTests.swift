import Foundation
import Testing

@testable import LayerMerge

/// Merging many stacks over shared layers reuses what the checks work out from those layers alone
/// (``SharedCheckWork``) and the rendering of their files (``SharedRenderings``): every stack must
/// still get exactly what its own merge makes, reports and writes.
struct SharedLayersTests {
  /// Random projects whose keys are one edit apart, whose values take clashing format arguments
  /// within and across layers, and whose languages lack keys: the shared merge of every stack
  /// reports what that stack's own merge reports, in the same order, and writes the same bytes.
  @Test(arguments: 0..<24)
  func everyStackReportsWhatItsOwnMergeReports(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let names = ["base", "brand", "one", "two", "three"]
    var files: [String: [String: String]] = [:]
    for name in names {
      var tree: [String: String] = [:]
      for language in ["en", "de", "fr"] where name == "base" || random.next() % 3 != 0 {
        for table in ["Localizable", "InfoPlist"] where random.next() % 4 != 0 {
          let keys = Self.keys.filter { _ in random.next() % (name == "base" ? 2 : 5) == 0 }
          tree["\(language).lproj/\(table).strings"] = keys.map { key in
            let comment = random.next() % 3 == 0 ? "/* \(name) says '\(key)' */\n" : ""
            return comment + "\"\(key)\" = \"\(Self.values[Int(random.next() % UInt64(Self.values.count))])\";\n"
          }.joined()
        }
      }
      files[name] = tree
    }
    let fixture = try TemporaryLayers(files)
    let stacks = [
      fixture.layers("base", "one"), fixture.layers("base", "brand", "two"), fixture.layers("base", "brand", "three"),
      fixture.layers("base", "brand"), fixture.layers("base"),
      // A shared layer at other places in other stacks.
      fixture.layers("brand", "one"), fixture.layers("one", "brand"),
    ]
    for options in [MergeOptions(), MergeOptions(developmentLanguage: "de")] {
      let shared = SharedLayers(stacks.flatMap { $0 }, options: options)
      let together = shared.merge(stacks, options: options) { _, result in
        (result.diagnostics, OutputFile.files(for: result, reusing: shared.renderings), result.tables)
      }
      for (stack, (diagnostics, outputs, tables)) in zip(stacks, together) {
        let alone = LayerMerger.merge(stack, options: options)
        #expect(tables.map(\.address) == alone.tables.map(\.address))
        #expect(tables.map(\.table) == alone.tables.map(\.table))
        #expect(tables.map(\.provenance) == alone.tables.map(\.provenance), "stack \(stack.map(\.name)), seed \(seed)")
        #expect(
          fixture.render(diagnostics) == fixture.render(alone.diagnostics), "stack \(stack.map(\.name)), seed \(seed)")
        #expect(outputs == OutputFile.files(for: alone), "stack \(stack.map(\.name)), seed \(seed)")
      }
    }
  }

  /// Near misses of one another (`title`, `titel`, `titles`, `tilte`), of a longer key, and
  /// unrelated keys.
  static let keys = [
    "title", "titel", "tilte", "titles", "button_save", "button_sav", "button_saved", "greeting", "greetings",
    "greting", "count", "countt", "message_body", "message_bodi", "plain",
  ]

  /// Plain values and formats that fit, misprint or crash against one another.
  static let values = [
    "Plain", "%@", "%d", "%ld", "%1$@ and %2$d", "%2$d %1$@", "%@ %@", "100%%", "%lld items", #"Say \"hi\"\n"#,
  ]
}
