import Foundation
import Testing

/// `--development-language`, `--rule` and `--exclude` on the command line, end to end.
@Suite struct CheckSettingsTests {
  static let globex = ["-b", "Base", "-s", "Brands/Globex", "-s", "Targets/GlobexGo"]

  @Test func aRuleTurnsACheckOffOrMakesItAnError() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let plain = try ToolRunner.run(["lint"] + Self.globex, in: scratch.root)
    #expect(plain.status == 0)
    #expect(plain.standardError.contains("warning: layer 'GlobexGo' adds \"login button\""))
    let off = try ToolRunner.run(
      ["lint"] + Self.globex + ["--rule", "near-miss-key=off", "--rule", "missing-translation=off"], in: scratch.root)
    #expect(off.status == 0)
    #expect(!off.standardError.contains("login button"), "\(off.standardError)")
    let error = try ToolRunner.run(["lint"] + Self.globex + ["--rule", "near-miss-key=error"], in: scratch.root)
    #expect(error.status == 1)
    #expect(error.standardError.contains("error: layer 'GlobexGo' adds \"login button\""))
  }

  @Test(arguments: [
    (
      ["--rule", "format-mismatch=off"],
      "locmerge: error: --rule format-mismatch=off: 'format-mismatch' reports strings that crash the app or are lost "
        + "at run time; it cannot be turned off or made a warning"
    ),
    (
      ["--rule", "syntax=warning"],
      "locmerge: error: --rule syntax=warning: 'syntax' reports strings that crash the app or are lost at run time; "
        + "it cannot be turned off or made a warning"
    ),
    (
      ["--rule", "near-mis-key=off"],
      "locmerge: error: --rule near-mis-key=off: unknown diagnostic code 'near-mis-key'; did you mean 'near-miss-key'?"
    ),
    (["--rule", "near-miss-key=loud"], "locmerge: error: --rule near-miss-key=loud: use error, warning or off"),
    (["--rule", "near-miss-key"], "locmerge: error: --rule needs CODE=error|warning|off, got 'near-miss-key'"),
  ])
  func crashClassCodesCannotBeSilenced(arguments: [String], message: String) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let outcome = try ToolRunner.run(["lint"] + Self.globex + arguments, in: scratch.root)
    #expect(outcome.status == 64)
    #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
  }

  @Test func theDevelopmentLanguageCanBeChosen() throws {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A\";\n", to: "Base/en.lproj/Localizable.strings")
    try scratch.write("\"a\" = \"A\";\n\"b\" = \"B\";\n", to: "Base/de.lproj/Localizable.strings")
    let outcome = try ToolRunner.run(["lint", "-b", "Base", "--development-language", "de"], in: scratch.root)
    #expect(outcome.status == 0)
    #expect(
      outcome.standardError.contains(
        "Base/en.lproj/Localizable.strings: warning: en.lproj/Localizable.strings lacks 1 of the 2 keys that layer "
          + "'Base' has in de.lproj/Localizable.strings (\"b\")"), "\(outcome.standardError)")
  }

  /// An excluded table is not read, checked, merged, written or listed.
  @Test func excludedTablesAreLeftAlone() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try scratch.write("\"Debug\" = \"Debug menu\";\n", to: "Base/en.lproj/Debug.strings")
    try scratch.write("\"broken\" = ;\n", to: "Targets/AcmePro/Settings.bundle/en.lproj/Root.strings")
    let arguments = EndToEndTests.acmePro + ["--exclude", "*.lproj/Debug.strings", "--exclude", "Settings.bundle/**"]
    let merge = try ToolRunner.run(arguments, in: scratch.root)
    #expect(merge.status == 0, "\(merge.standardError)")
    #expect(!merge.standardError.contains("Debug"))
    #expect(!merge.standardError.contains("broken"))
    #expect(scratch.read("Out/en.lproj/Debug.strings") == nil)
    #expect(scratch.read("Out/Settings.bundle/en.lproj/Root.strings") == nil)
    let files = try ToolRunner.run(["files"] + arguments, in: scratch.root)
    #expect(files.status == 0)
    #expect(!files.standardOutput.contains("Debug.strings"))
    #expect(!files.standardOutput.contains("Root.strings"))
    // The excluded files are not inputs, so nothing changed: the next run stops early.
    let again = try ToolRunner.run(arguments, in: scratch.root)
    #expect(again.standardError.contains("up to date"), "\(again.standardError)")
  }

  /// The up-to-date run counts only the warnings `lint` shows; an undeclared output is checked
  /// again on every run instead.
  @Test func theUpToDateSummaryCountsWhatLintShows() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let derived = scratch.path("Derived")
    let merge = Self.globex + ["-d", "\(derived)/Out"]
    try scratch.write("\n", to: "declared.xcfilelist")
    func environment() -> [String: String] {
      [
        "SRCROOT": scratch.root.path, "DERIVED_FILE_DIR": derived, "SCRIPT_OUTPUT_FILE_COUNT": "0",
        "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1", "SCRIPT_OUTPUT_FILE_LIST_0": scratch.path("declared.xcfilelist"),
      ]
    }
    let first = try ToolRunner.run(merge, in: scratch.root, environment: environment())
    #expect(first.status == 0)
    #expect(first.standardError.contains("is written but not declared"))
    // Declare every output, as the warning says.
    let files = try ToolRunner.run(
      ["files"] + Self.globex + ["-d", "\(derived)/Out", "--output-file-list", "declared.xcfilelist"],
      in: scratch.root)
    #expect(files.status == 0)
    let second = try ToolRunner.run(merge, in: scratch.root, environment: environment())
    #expect(second.status == 0)
    #expect(!second.standardError.contains("not declared"), "\(second.standardError)")
    let lint = try ToolRunner.run(["lint"] + Self.globex, in: scratch.root)
    let lintWarnings = lint.standardError.components(separatedBy: ": warning: ").count - 1
    #expect(second.standardError.contains("up to date"))
    #expect(
      second.standardError.contains("(\(lintWarnings) warnings at the last full run: 'locmerge lint' shows them)"),
      "\(second.standardError)")
  }
}
