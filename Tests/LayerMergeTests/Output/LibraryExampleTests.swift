import Foundation
import LayerMerge
import Testing

/// The example of docs/library.md, line for line except that every path starts in a fixture
/// folder, against small layers; `print` is captured.
@Suite struct LibraryExampleTests {
  @Test func theDocumentedExampleMergesWritesAndThenHasNothingToDo() throws {
    let fixture = try TemporaryLayers([
      "Localization/Base": ["en.lproj/Localizable.strings": "\"title\" = \"Home\";\n"],
      "Localization/Brands/Acme": ["en.lproj/Localizable.strings": "\"title\" = \"Acme\";\n"],
    ])
    let here = fixture.root.path + "/"
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }

    for _ in 0..<2 {
      // From docs/library.md:
      let layers = [
        Layer(path: here + "Localization/Base"), Layer(name: "Acme", path: here + "Localization/Brands/Acme"),
      ]
      let destination = here + "build/Acme"
      let configuration = BuildConfiguration(tool: "mytool 1.0", layers: layers)

      // Nothing changed since the last run? A few `stat` calls, like make.
      if BuildStamp.current(in: destination, configuration: configuration) == nil {
        let result = LayerMerger.merge(layers)
        for diagnostic in result.diagnostics {
          print(diagnostic)  // Brands/Acme/de.lproj/Localizable.strings:4:1: warning: …
        }
        if !result.hasErrors {  // on errors, write nothing: the last good outputs stay
          do {
            let report = try OutputPlan(result: result, destination: destination, configuration: configuration).apply()
            print(
              "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed")
            report.diagnostics.forEach { print($0) }  // a damaged record, a stale output left in place
          } catch {
            print(error)  // build/Acme/de.lproj: no permission to write in this folder
          }
        }
      }
    }
    #expect(printed == ["1 written, 0 unchanged, 0 removed"])
    #expect(
      try String(contentsOfFile: fixture.path("build/Acme/en.lproj/Localizable.strings"), encoding: .utf8)
        .contains("\"title\" = \"Acme\";"))
  }
}
