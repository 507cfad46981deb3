import Foundation
import LayerMerge
import Testing

/// The example of docs/usage-scanner.md, line for line: what it prints is what the page says.
@Suite struct SourceScannerDocsTests {
  @Test func theExamplePrintsWhatTheDocsSay() throws {
    let source = """
      import SwiftUI
      struct SettingsView: View {
        var body: some View { Text("settings.title").navigationTitle(L10n.tr("Settings", "nav")) }
      }
      """
    let scanner = SourceScanner(helpers: [
      LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0))),
      LookupHelper(form: .property(name: "localized")),
    ])
    var printed: [String] = []
    for lookup in scanner.scan(Array(source.utf8), language: .swift) {
      printed.append("\(lookup.position) \(lookup.form) \(lookup.key) \(lookup.table.name ?? "(dynamic)")")
    }
    let page = try String(
      contentsOf: SourceScanAgreementTests.packageRoot.appendingPathComponent("docs/usage-scanner.md"), encoding: .utf8)
    let said = page.split(separator: "\n").filter { $0.hasPrefix("// ") && $0.contains(" ") }.map { $0.dropFirst(3) }
    #expect(printed.map { Substring($0) } == said)
    #expect(
      page.contains(#"var body: some View { Text("settings.title").navigationTitle(L10n.tr("Settings", "nav")) }"#))
  }
}
