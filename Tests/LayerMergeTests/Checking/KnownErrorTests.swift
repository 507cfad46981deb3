import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The project file's `"baseline"`: a known error is not reported while its value stays, and is
/// again as soon as the value changes; in `.strings`, `.stringsdict` and String Catalogs.
@Suite struct KnownErrorTests {
  static let plural = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>files</key><dict>
    <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
    <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
    <key>NSStringFormatValueTypeKey</key><string>VALUE</string>
    <key>one</key><string>ONE</string><key>other</key><string>OTHER</string></dict></dict></dict></plist>
    """

  static func plural(_ type: String, _ one: String, _ other: String) -> String {
    plural.replacingOccurrences(of: "VALUE", with: type).replacingOccurrences(of: "ONE", with: one)
      .replacingOccurrences(of: "OTHER", with: other)
  }

  /// The errors of a merge, and the baseline entries they make.
  static func errors(_ result: MergeResult) -> [Diagnostic] { result.diagnostics.filter { $0.severity == .error } }

  @Test func aStringsdictRuleIsKeptUntilItChanges() throws {
    let layers = try TemporaryLayers([
      "Base": ["en.lproj/L.stringsdict": Self.plural("d", "%d file", "%d files")],
      "Brand": ["de.lproj/L.stringsdict": Self.plural("@", "%@ Datei", "%@ Dateien")],
    ])
    let stack = [layers.loaded("Base"), layers.loaded("Brand")]
    let reported = Self.errors(LayerMerger.merge(loaded: stack))
    #expect(reported.map(\.code) == [.formatMismatch])
    let first = try #require(reported.first)
    let known = try #require(KnownError.at(first, in: stack))
    #expect(known.key == "files")
    #expect(known.file == layers.path("Brand/de.lproj/L.stringsdict"))
    // Sorted keys: the file's order does not matter.
    #expect(known.value.hasPrefix(#"{"NSStringLocalizedFormatKey": "%#@n@", "n": {"NSStringFormatSpecTypeKey""#))
    #expect(Self.errors(LayerMerger.merge(loaded: stack, options: MergeOptions(baseline: [known]))).isEmpty)

    // Another value of the same key fails again.
    try layers.write(
      Data(Self.plural("@", "%@ Datei", "%@ Dateien!").utf8), to: "Brand/de.lproj/L.stringsdict")
    let changed = [layers.loaded("Base"), layers.loaded("Brand")]
    #expect(Self.errors(LayerMerger.merge(loaded: changed, options: MergeOptions(baseline: [known]))).count == 1)
  }

  @Test func aCatalogLocalizationIsKeptByKeyLanguageAndValue() throws {
    let catalog = TemporaryLayers.catalog([
      (key: "files", values: [("en", "%d files"), ("de", "%@ Dateien")]), (key: "ok", values: [("en", "OK")]),
    ])
    let layers = try TemporaryLayers(["Base": ["Localizable.xcstrings": catalog]])
    let stack = [layers.loaded("Base")]
    let reported = Self.errors(LayerMerger.merge(loaded: stack))
    #expect(reported.map(\.code) == [.formatMismatch], "\(reported)")
    let first = try #require(reported.first)
    let known = try #require(KnownError.at(first, in: stack))
    #expect([known.key, known.language, known.value] == ["files", "de", "%@ Dateien"])
    #expect(Self.errors(LayerMerger.merge(loaded: stack, options: MergeOptions(baseline: [known]))).isEmpty)
    // The same value under another language is another error.
    var french = known
    french.language = "fr"
    #expect(Self.errors(LayerMerger.merge(loaded: stack, options: MergeOptions(baseline: [french]))).count == 1)
  }

  @Test func theProjectFileReadsItsBaselineAndReportsMistakesInIt() throws {
    let text = """
      {"base": "B", "targets": {"A": {"layers": []}},
       "baseline": [{"rule": "format-mismatch", "file": "L/de.lproj/L.strings", "key": "k", "value": "%@"},
                    {"rule": "format-mismatsch", "file": "x", "key": "k", "value": "v"},
                    {"rule": "format-mismatch", "file": "x", "value": "v"}]}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: "/p/locmerge.json")
    #expect(
      read.diagnostics.map(\.description) == [
        "/p/locmerge.json:3:24: error: unknown rule \"format-mismatsch\"; did you mean \"format-mismatch\"?",
        "/p/locmerge.json:4:15: error: a known error needs \"key\"",
      ])
    let good = """
      {"base": "B", "targets": {"A": {"layers": []}},
       "baseline": [{"rule": "format-mismatch", "file": "L/de.lproj/L.strings", "key": "k", "value": "%@"}]}
      """
    let project = try #require(ProjectFileReader.parse(Array(good.utf8), path: "/p/locmerge.json").project)
    #expect(
      project.options.baseline == [
        KnownError(code: .formatMismatch, file: "/p/L/de.lproj/L.strings", key: "k", value: "%@")
      ])
    // Written back as it was read.
    let written = Array(ProjectFileWriter.text(for: project).utf8)
    let again = try #require(ProjectFileReader.parse(written, path: "/p/locmerge.json").project)
    #expect(again.options.baseline == project.options.baseline)
  }

  /// Many known errors in one large file are matched in time linear in them: each file is indexed
  /// once, not searched once per diagnostic. Timed by ``LinearTime`` (the thread's CPU time, the
  /// best of three): one wall-clock run of each size left it to the load of the tests beside it.
  @Test func manyKnownErrorsAreMatchedInLinearTime() throws {
    func input(_ count: Int) throws -> (baseline: [KnownError], diagnostics: [Diagnostic], layer: LoadedLayer) {
      let text = (0..<count).map { "\"k\($0)\" = \"%@ \($0)\";\n" }.joined()
      let file = LocalizationFileReader.parse(Array(text.utf8), path: "/L/de.lproj/L.strings", kind: .strings)
      let address = try #require(TableAddress(relativePath: "de.lproj/L.strings"))
      let layer = LoadedLayer(layer: Layer(path: "/L"), files: [address: file])
      let diagnostics = file.table.entries.map {
        Diagnostic(.error, .formatMismatch, "m", at: SourceLocation(path: file.path, position: $0.position))
      }
      let baseline = file.table.entries.dropFirst().map {
        KnownError(code: .formatMismatch, file: file.path, key: $0.key, value: KnownError.text(of: $0.value))
      }
      return (baseline, diagnostics, layer)
    }
    // Eight times the errors: matching each by a search of the file would take 64 times as long.
    let ratio = try LinearTime.ratio(n: 1_000, prepare: input) { input in
      let kept = KnownError.dropping(input.baseline, from: input.diagnostics, layers: [input.layer])
      #expect(kept.count == 1)
    }
    #expect(ratio < LinearTime.budget, "8× the known errors took \(ratio)× as long")
  }
}
