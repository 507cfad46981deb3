import Foundation
import Testing

@testable import locmerge

/// Copies that cannot be turned into layers are the user's to fix: a clear error naming the
/// files and exit 1, never an internal error (issue 23, case 7).
@Suite struct ExtractCopyProblemTests {
  /// One copy holds `L.xcstrings` and `en.lproj/L.strings`: Xcode refuses both in one target, and
  /// the layers could not give them back apart (a merge reads the tables into the catalog). This
  /// exited 70, "the extracted layers do not reproduce the copies (a bug)".
  @Test func aCopyWithACatalogAndTablesOfTheSameName() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-extract-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let catalog = """
      {"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"en":{"stringUnit":\
      {"state":"translated","value":"v"}}}}}}
      """
    for (relative, text) in [
      ("A/L.xcstrings", catalog), ("A/en.lproj/L.strings", "\"x\" = \"y\";\n"),
      ("A/de.lproj/L.strings", "\"x\" = \"z\";\n"),
      ("B/L.xcstrings", catalog),
    ] {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let console = CapturedConsole()
    let out = root.appendingPathComponent("Out").path
    let status = CommandLineTool.run(
      arguments: ["extract", "-o", out, "A=\(root.path)/A", "B=\(root.path)/B"], environment: [:], console: console)
    #expect(status == .failure)
    #expect(
      console.standardError.replacingOccurrences(of: root.path + "/", with: "") == """
        A/L.xcstrings: error: copy 'A' holds both the catalog L.xcstrings and its tables de.lproj/L.strings, \
        en.lproj/L.strings: Xcode refuses both in one target, and layers cannot give them back apart; keep the \
        catalog or the tables [tables-beside-catalog]
        locmerge: error: fix the copies first (their files must read as the app reads them); nothing was written

        """)
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
