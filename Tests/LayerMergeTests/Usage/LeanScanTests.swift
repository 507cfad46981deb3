import Foundation
import Testing

@testable import LayerMerge

/// `lint`'s scan lets each file's lookups go once their keys are numbered and never works out
/// their positions; a target's check scans again the files it reports on. What it reports must be
/// what a scan that keeps every lookup reports.
@Suite struct LeanScanTests {
  static let tables = [
    "en.lproj/Localizable.strings": """
    "greeting" = "Hello";
    "Hello %@" = "Hello %@";
    "only.english" = "Only English";
    """,
    "de.lproj/Localizable.strings": """
    "greeting" = "Hallo";
    "Hello %@" = "Hallo %@";
    "only.german" = "Nur Deutsch";
    """,
  ]

  static let code = """
    import SwiftUI

    struct Greeting: View {
      var name: String
      var body: some View {
        // NSLocalizedString("in.a.comment", comment: "")
        Text("greeting")
        Text("Hello \\(name)")
        Text("Bye \\(name)")
          .help("farewell")
        Text("Tsch\u{FC}ss \\(name)")
        Text(NSLocalizedString("only.english", comment: ""))
        Button("only.german") {}
        Text(String(localized: "greeting", table: "Missing"))
        Text("tab\\there")
        Text("caf\u{E9}")
        Text(NSLocalizedString("greeting", tableName: name, comment: ""))
        Text(NSLocalizedString("greeting", bundle: Bundle(for: Marker.self), comment: ""))
      }
    }

    """

  /// The findings of a check of `Code.swift` scanned with or without keeping its lookups; `change`
  /// runs between the scan and the check.
  static func findings(keepingLookups: Bool, change: (String) throws -> Void = { _ in }) throws -> [String] {
    let layers = try TemporaryLayers(["Base": tables])
    try layers.write(Data(code.utf8), to: "App/Code.swift")
    let path = layers.path("App/Code.swift")
    let scanned = ScannedSources(distinct: [path], scanner: SourceScanner(), keepingLookups: keepingLookups)
    try change(path)
    let merge = LayerMerger.merge(layers.layers("Base"), options: MergeOptions(developmentLanguage: "en"))
    let usage = TargetUsage(target: "App", places: [0], scanned: scanned, merge: merge)
    #expect(scanned.files[path]?.lookups.isEmpty == !keepingLookups)
    return layers.render(usage.diagnostics) + usage.missing.map { "\($0.key) \($0.table) \($0.form)" }
  }

  @Test func aLeanScanReportsWhatAFullScanReportsAtTheSameLines() throws {
    let full = try Self.findings(keepingLookups: true)
    #expect(try Self.findings(keepingLookups: false) == full)
    // Not vacuous: every kind of finding, each at its line and column.
    #expect(
      full.filter { !$0.hasPrefix("App/") && !$0.hasPrefix("Base/") } == [
        "Bye \\(…) Localizable Text", "farewell Localizable .help", "Tsch\u{FC}ss \\(…) Localizable Text",
        "greeting Missing String(localized:)",
        // A key with an escape is decoded, one that is not ASCII keeps its string: both as a full scan reads them.
        "tab\there Localizable Text", "café Localizable Text",
      ])
    #expect(full.contains { $0.hasPrefix("App/Code.swift:9:10: error: the key \"Bye \\\\(…)\"") })
    #expect(full.contains { $0.hasPrefix("App/Code.swift:10:13: error: the key \"farewell\"") })
    #expect(full.contains { $0.hasPrefix("App/Code.swift:14:28: error: the key \"greeting\" is not in Missing") })
    #expect(full.contains { $0.hasPrefix("App/Code.swift:13:12: warning: \"only.german\"") })
    #expect(full.contains { $0.hasPrefix("Base/en.lproj/Localizable.strings:3:1: warning: \"only.english\"") })
  }

  /// The counts a lean scan gives each kind of lookup are a full scan's: a table that is not a
  /// literal and another bundle too.
  @Test func aLeanScanCountsWhatAFullScanCounts() throws {
    func counts(keepingLookups: Bool) throws -> [Int] {
      let layers = try TemporaryLayers(["Base": Self.tables])
      try layers.write(Data(Self.code.utf8), to: "App/Code.swift")
      let scanned = ScannedSources(
        distinct: [layers.path("App/Code.swift")], scanner: SourceScanner(), keepingLookups: keepingLookups)
      let merge = LayerMerger.merge(layers.layers("Base"), options: MergeOptions(developmentLanguage: "en"))
      let usage = TargetUsage(target: "App", places: [0], scanned: scanned, merge: merge)
      return [usage.lookups, usage.literal, usage.dynamic, usage.otherBundle, usage.missing.count]
    }
    let full = try counts(keepingLookups: true)
    #expect(try counts(keepingLookups: false) == full)
    // Every kind counted: 12 lookups (a `Text` around a call is none, the call is), 10 literal, 1
    // in a table that is not a literal (`name`), 1 in another bundle, 6 missing.
    #expect(full == [12, 10, 1, 1, 6])
  }

  /// A file edited between the scan and the report (a build running while the code changes) is
  /// reported from what the scan numbered: the key and table, at the file.
  @Test func aFileChangedSinceTheScanIsReportedFromItsNumbers() throws {
    let found = try Self.findings(keepingLookups: false) { path in
      try Data("// emptied\n".utf8).write(to: URL(fileURLWithPath: path))
    }
    #expect(
      found.filter { !$0.hasPrefix("App/") && !$0.hasPrefix("Base/") } == [
        "Bye \\(…) Localizable ", "farewell Localizable ", "Tsch\u{FC}ss \\(…) Localizable ", "greeting Missing ",
        "tab\there Localizable ",
        "café Localizable ",
      ])
    #expect(
      found.contains { $0.hasPrefix("App/Code.swift: error: the key \"farewell\" is in no language of Localizable") })
  }

  /// An edit that moves the lookups (a line added above them) must not report the lookup that
  /// now stands at a reported one's index.
  @Test func aLookupMovedSinceTheScanIsNotTakenForAnother() throws {
    let found = try Self.findings(keepingLookups: false) { path in
      let moved = Self.code.replacingOccurrences(
        of: "    Text(\"greeting\")\n", with: "    Text(\"new\")\n    Text(\"greeting\")\n")
      try Data(moved.utf8).write(to: URL(fileURLWithPath: path))
    }
    #expect(
      found.filter { !$0.hasPrefix("App/") && !$0.hasPrefix("Base/") } == [
        "Bye \\(…) Localizable ", "farewell Localizable ", "Tsch\u{FC}ss \\(…) Localizable ", "greeting Missing ",
        "tab\there Localizable ",
        "café Localizable ",
      ])
  }

  /// The text an interpolation is numbered by gives its pieces back, whatever they hold.
  @Test func anInterpolationsTextGivesItsPiecesBack() {
    for pieces in [["", ""], ["Hello ", ""], ["12:30 ", " of ", "%"], ["Grüße, ", "! 🎉", ""], ["a:b", "10:", ":"]] {
      let text = CheckedLookups.interpolationText(pieces)
      var copy = text
      #expect(copy.withUTF8 { CheckedLookups.pieces(ofText: $0) } == pieces)
    }
  }
}
