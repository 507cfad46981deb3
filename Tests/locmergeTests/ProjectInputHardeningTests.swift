import Foundation
import Testing

/// What a project file, a build setting or a command line may hold that must not turn into a
/// write somewhere else, a forged output line, or a message the size of the input (issue 23,
/// cases 3, 9 and 12), through the built binary.
@Suite struct ProjectInputHardeningTests {
  /// A base and one overlay, and a project file.
  static func project(_ text: String) throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"base\";\n", to: "Base/en.lproj/L.strings")
    try scratch.write("\"a\" = \"A\";\n", to: "T/A/en.lproj/L.strings")
    try scratch.write(text, to: "locmerge.json")
    return scratch
  }

  /// Every file under the scratch folder, outside the layers and the project file.
  static func written(_ scratch: Scratch) -> [String] {
    scratch.snapshot("").keys.filter { !$0.hasPrefix("Base/") && !$0.hasPrefix("T/") && $0 != "locmerge.json" }
      .sorted()
  }

  // MARK: 3. Empty build settings, target names

  @Test func aBuildSettingSetToTheEmptyStringIsUnset() throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "build/$(CONFIGURATION)/{target}", "targets": {"A": {"layers": ["T/A"]}}}
      """)
    let outcome = try ToolRunner.run(["build"], in: scratch.root, environment: ["CONFIGURATION": ""])
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError
        == "locmerge: error: the destination of 'A', build/$(CONFIGURATION)/{target}, uses $(CONFIGURATION), which is "
        + "not set; run inside an Xcode build phase, set it in the environment, or give -d (outside Xcode, for example -d 'build/{target}')\n"
    )
    #expect(Self.written(scratch).isEmpty)
  }

  @Test(arguments: [
    ("../../escaped", "contains '/'"), ("", "is empty"), (".", "is '.', which names no folder of its own"),
    ("..", "is '..', which names no folder of its own"), ("a/b", "contains '/'"),
    ("bad\nlocmerge.json:1:1: error: forged", "contains a control character (\\n)"),
    ("\u{1B}[2Jwiped", "contains a control character (\\u{1B})"),
    ("nul\u{0}name", "contains a control character (\\u{0})"),
  ])
  func targetNamesThatAreNotOneFolderNameAreRefusedAtTheirPlace(name: String, reason: String) throws {
    let escapedName = name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
      of: "\u{1B}", with: "\\u001b"
    )
    .replacingOccurrences(of: "\u{0}", with: "\\u0000")
    let scratch = try Self.project(
      """
      {"base": "Base",
        "targets": {"a": {"layers": ["T/A"]}, "\(escapedName)": {"layers": ["T/A"]}}}
      """)
    let outcome = try ToolRunner.run(["build", "-d", "deep/out/{target}"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    let shown = name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
      .replacingOccurrences(of: "\u{0}", with: "\\u{0}")
    #expect(
      outcome.standardError
        == "\(scratch.path("locmerge.json")):2:41: error: the target name \"\(shown)\" \(reason); {target} puts the "
        + "name in paths as one folder [project-file]\n")
    #expect(!outcome.standardError.contains("\u{1B}"))
    #expect(Self.written(scratch).isEmpty)
  }

  @Test func anAbsoluteTargetNameCannotPutADestinationAnywhere() throws {
    let scratch = try Self.project("{}")
    let elsewhere = scratch.path("elsewhere")
    try scratch.write(
      """
      {"base": "Base", "destination": "{target}", "targets": {"\(elsewhere)": {"layers": ["T/A"]}}}
      """, to: "locmerge.json")
    let outcome = try ToolRunner.run(["build"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("contains '/'"), "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
  }

  // MARK: 4. Input that would forge lines or reach the terminal raw

  @Test func controlCharactersInKeysAndFileNamesAreEscapedInLintAndAudit() throws {
    let scratch = try Scratch()
    try scratch.write(
      "\"a\\U001B[2Jb\" = \"1\";\n\"a\\U001B[2Jb\" = \"2\";\n\"c\\U0007\" = \"x\";\n", to: "Base/en.lproj/L.strings")
    try scratch.write("\"c\\U0007\" = \"y\";\n", to: "Brand/en.lproj/L.strings")
    // A file whose name would forge a diagnostic line.
    try scratch.write("\"broken\n", to: "Brand/en.lproj/x\nBrand/en.lproj/L.strings:1:1: error: forged.strings")
    let lint = try ToolRunner.run(["lint", "-b", "Base", "-s", "Brand"], in: scratch.root)
    #expect(lint.status == 1, "\(lint.standardError)")
    #expect(lint.standardError.contains("\"a\\u{1B}[2Jb\" is defined twice"), "\(lint.standardError)")
    #expect(lint.standardError.contains("x\\nBrand/en.lproj/L.strings:1:1: error: forged.strings:"))
    for line in lint.standardError.split(separator: "\n") {
      #expect(!line.hasPrefix("Brand/en.lproj/L.strings:1:1: error: forged"), "a forged line: \(line)")
    }
    try FileManager.default.removeItem(
      atPath: scratch.path("Brand/en.lproj/x\nBrand/en.lproj/L.strings:1:1: error: forged.strings"))
    let audit = try ToolRunner.run(["audit", "-b", "Base", "--target", "Brand=Brand", "--key", "*"], in: scratch.root)
    #expect(audit.status == 0, "\(audit.standardError)")
    #expect(audit.standardOutput.contains("c\\u{7}"), "\(audit.standardOutput)")
    for output in [lint.standardError, audit.standardOutput, audit.standardError] {
      #expect(!output.contains("\u{1B}") && !output.contains("\u{7}"))
    }
  }

  // MARK: 9. Depfiles and file lists

  @Test func aDepfileForADestinationWithAPercentSignIsRefusedWithTheReason() throws {
    let scratch = try Self.project("{}")
    let outcome = try ToolRunner.run(
      ["-b", "Base", "-s", "T/A", "-d", "out%1", "--depfile", "deps.d"], in: scratch.root)
    #expect(outcome.status == 1, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "make reads a rule whose output holds '%' as a pattern rule, and ninja has no escape for it"),
      "\(outcome.standardError)")
    #expect(Self.written(scratch).isEmpty)
  }

  @Test(arguments: ["$(SRCROOT)", "${HOME}", "$HOME"])
  func aFolderNameXcodeWouldExpandIsNotWrittenIntoAFileList(_ folder: String) throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "$(DERIVED_FILE_DIR)/LocMerge", "targets": {"A": {"layers": ["T/A"]}}}
      """)
    try scratch.write("\"b\" = \"B\";\n", to: "T/A/\(folder)/en.lproj/M.strings")
    let files = try ToolRunner.run(["files"], in: scratch.root)
    #expect(files.status == 64, "\(files.standardError)")
    #expect(
      files.standardError.contains("as a build setting, and a list has no escape for '$' (rename the folder or file)"),
      "\(files.standardError)")
    #expect(Self.written(scratch).isEmpty)
    let merge = try ToolRunner.run(
      ["-b", "Base", "-s", "T/A", "-d", "out", "--input-file-list", "in.xcfilelist"], in: scratch.root)
    #expect(merge.status == 1, "\(merge.standardError)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("in.xcfilelist")))
  }

  // MARK: 12. Command lines and project files

  @Test(arguments: [
    (["build", "--shard", "-1/3"], "locmerge: error: --shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '-1/3'\n"),
    (["build", "--shard", "+1/+1"], "locmerge: error: --shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '+1/+1'\n"),
    (["build", "--shard", "1/2", "--shard", "2/2"], "locmerge: error: --shard is given twice; give one I/N\n"),
  ])
  func shardMistakesAreUsageErrors(arguments: [String], message: String) throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}}}
      """)
    let outcome = try ToolRunner.run(arguments, in: scratch.root)
    #expect(outcome.status == 64)
    #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
    #expect(Self.written(scratch).isEmpty)
  }

  @Test func aTrailingCommaInTheProjectFileIsAnErrorAtTheComma() throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "build/{target}",
       "targets": {"A": {"layers": ["T/A",]}}}
      """)
    let outcome = try ToolRunner.run(["build"], in: scratch.root)
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError
        == "\(scratch.path("locmerge.json")):2:36: error: a comma before ']' is not JSON; remove it [project-file]\n")
    #expect(Self.written(scratch).isEmpty)
  }

  @Test func anUnclosedBuildSettingInAPathIsAnErrorNotAFolder() throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "$(R1/x", "targets": {"A": {"layers": ["T/A"]}}}
      """)
    let outcome = try ToolRunner.run(["build"], in: scratch.root, environment: ["R1": "r"])
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError
        == "\(scratch.path("locmerge.json")):1:33: error: \"destination\": $(R1/ is not a build setting: write $(NAME) "
        + "or ${NAME}, with letters, digits and _ in the name and the closing ')' [project-file]\n")
    #expect(Self.written(scratch).isEmpty)
  }

  @Test func aHugeUnknownKeyIsNamedByItsStartAndLength() throws {
    let key = String(repeating: "k", count: 10 << 20)
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}}, "\(key)": 1}
      """)
    let started = ContinuousClock.now
    let outcome = try ToolRunner.run(["build"], in: scratch.root, timeout: .seconds(60))
    #expect(outcome.status == 64)
    #expect(outcome.standardError.count < 600, "\(outcome.standardError.prefix(600))")
    #expect(
      outcome.standardError.contains(
        "error: unknown key \"\(String(repeating: "k", count: 200))…\" (10485760 characters) in the project file"),
      "\(outcome.standardError.prefix(600))")
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func escapeSequencesInAProjectFileKeyAreEscaped() throws {
    let scratch = try Self.project(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}}, "\\u001b[2J\\u0007": 1}
      """)
    let outcome = try ToolRunner.run(["build"], in: scratch.root)
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.contains("unknown key \"\\u{1B}[2J\\u{7}\" in the project file"), "\(outcome.standardError)"
    )
    #expect(!outcome.standardError.contains("\u{1B}"))
  }
}
