import Foundation
import LayerMerge
import Testing

/// An audit lists its errors in a stable order: by place, and errors at one place in the order
/// the merge reports them, run after run (a dictionary's order changes with every process).
@Suite struct AuditProblemOrderTests {
  @Test func errorsAtOnePlaceKeepTheMergesOrder() throws {
    // One value that refers to eight substitutions the localization does not have: eight errors
    // at the value's place.
    let names = ["h", "g", "f", "e", "d", "c", "b", "a"]
    let value = names.map { "%#@\($0)@" }.joined(separator: " ")
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": TemporaryLayers.catalog([("k", [("en", "K"), ("de", value)])])],
      "Brand": ["Localizable.xcstrings": TemporaryLayers.catalog([("k", [("fr", "K")])])],
    ])
    let report = AuditReport(
      base: Layer(path: fixture.path("Base")),
      targets: [(name: "Brand", overlays: [Layer(path: fixture.path("Brand"))])])
    let merged = try #require(report.targets.first).result.diagnostics.filter { $0.code == .undefinedSubstitution }
    #expect(merged.map(\.message) == names.map { "Referencing undefined substitution '\($0)' (de: k)" })
    let audited = report.problems.map(\.diagnostic).filter { $0.code == .undefinedSubstitution }
    #expect(audited.map(\.message) == merged.map(\.message))
  }
}
