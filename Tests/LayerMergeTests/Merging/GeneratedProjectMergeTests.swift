import Foundation
import LayerMerge
import TestSupport
import Testing

/// Merges every target of a project made by `shared/tools/genworkload.py` and checks each merged
/// table, written by us and read back by Foundation, against the generator's expected result.
@Suite struct GeneratedProjectMergeTests {
  /// Generates a project into a temporary folder; `nil` when `../shared` is absent.
  static func generate(targets: Int, languages: Int, keys: Int, utf16: Double = 0.3, seed: Int = 3) throws -> URL? {
    guard let shared = SharedFolder.url else { return nil }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-gen-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", shared.appendingPathComponent("tools/genworkload.py").path, output.path, "--targets", "\(targets)",
      "--langs", "\(languages)", "--keys", "\(keys)", "--utf16", "\(utf16)", "--seed", "\(seed)",
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "genworkload.py failed")
    return output
  }

  @Test(SharedFolder.required) func everyTargetMatchesTheGeneratorsExpectation() throws {
    let root = try #require(
      try Self.generate(targets: 4, languages: 5, keys: 400), Comment(rawValue: SharedFolder.skipMessage))
    defer { try? FileManager.default.removeItem(at: root) }
    let base = LoadedLayer(Layer(name: "base", path: root.appendingPathComponent("base").path))
    let utf16Files = base.files.values.filter { $0.encoding == "UTF-16LE" }.count
    #expect(utf16Files > 0, "the project should include UTF-16 files")
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("targets").path)
      .sorted()
    #expect(targets.count == 4)
    var compared = 0
    for target in targets {
      let overlay = LoadedLayer(Layer(path: root.appendingPathComponent("targets/\(target)").path))
      let result = LayerMerger.merge(loaded: [base, overlay])
      // The generator appends random format specifiers to override values, so some overrides
      // really are incompatible with what they replace; those are the only errors expected.
      let errorCodes = Set(result.diagnostics.filter { $0.severity == .error }.map(\.code))
      #expect(errorCodes.isSubset(of: [.formatMismatch]), "\(errorCodes)")
      let expectedRoot = root.appendingPathComponent("expected/\(target)")
      for language in try FileManager.default.contentsOfDirectory(atPath: expectedRoot.path) {
        let json = try Data(contentsOf: expectedRoot.appendingPathComponent("\(language)/Localizable.strings.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: json) as? [String: String])
        let merged = try #require(result.table("\(language)/Localizable.strings"))
        let written = StringsFileWriter.data(for: merged.table)
        guard case .dictionary(let values) = FoundationOracle.verdict(for: written) else {
          Issue.record("Foundation cannot read the merged \(target)/\(language)")
          continue
        }
        #expect(values == expected.mapValues { LocalizationValue.string($0) }, "\(target)/\(language)")
        compared += 1
      }
    }
    #expect(compared == 4 * 5)
  }
}
