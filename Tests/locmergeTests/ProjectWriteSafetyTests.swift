import Foundation
import Testing

/// Nothing a project file or command line says can make a run write over a source, into another
/// target's folder, or outside what it was asked to write (issue 23's reproductions), through the
/// built binary.
@Suite struct ProjectWriteSafetyTests {
  /// Issue 23's project: a base and two targets, each with its own overlay.
  static func twoTargets(_ project: String) throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"base\";\n\"b\" = \"base b\";\n", to: "Base/en.lproj/L.strings")
    try scratch.write("\"a\" = \"A\";\n", to: "T/A/en.lproj/L.strings")
    try scratch.write("\"b\" = \"B\";\n", to: "T/B/en.lproj/L.strings")
    try scratch.write(project, to: "locmerge.json")
    return scratch
  }

  // MARK: 1. A destination that is another target's layer

  @Test(arguments: ["T/B", "link"])
  func aDestinationOnAnotherTargetsLayerIsAUsageErrorNamingBoth(_ destination: String) throws {
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "destination": "build/{target}",
       "targets": {"A": {"layers": ["T/A"], "destination": "\(destination)"}, "B": {"layers": ["T/B"]}}}
      """)
    try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: "T/B")
    let sources = scratch.snapshot("T")
    let outcome = try ToolRunner.run(["build", "--target", "A"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError.hasPrefix(
        "\(scratch.path("locmerge.json")):2:14: error: refusing to write: the destination of target 'A' "
          + "(\(scratch.path(destination))) is the layer 'B' (\(scratch.path("T/B"))); merged files would overwrite "
          + "its sources [unsafe-destination]\n"), "\(outcome.standardError)")
    #expect(scratch.snapshot("T") == sources)
    #expect(scratch.read("T/B/en.lproj/L.strings") == "\"b\" = \"B\";\n")
  }

  // MARK: 2. File lists over sources

  @Test func fileListsOverTheProjectFileOrASourceAreAUsageError() throws {
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}},
       "fileLists": {"inputs": "locmerge.json", "outputs": "Base/en.lproj/L.strings"}}
      """)
    let before = scratch.snapshot("")
    let outcome = try ToolRunner.run(["files"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "error: refusing to write: the input file list of target 'A' (\(scratch.path("locmerge.json"))) is the "
          + "project file (\(scratch.path("locmerge.json")))"), "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "error: refusing to write: the output file list of target 'A' (\(scratch.path("Base/en.lproj/L.strings"))) "
          + "lies inside the layer 'Base' (\(scratch.path("Base")))"), "\(outcome.standardError)")
    #expect(scratch.snapshot("") == before)
  }

  @Test func aFileListInsideADestinationIsAUsageError() throws {
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}, "B": {"layers": ["T/B"]}},
       "fileLists": {"inputs": "lists/{target}-in.xcfilelist", "outputs": "build/B/{target}-out.xcfilelist"}}
      """)
    let outcome = try ToolRunner.run(["files"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "the output file list of target 'A' (\(scratch.path("build/B/A-out.xcfilelist"))) lies inside the destination "
          + "of target 'B' (\(scratch.path("build/B")))"), "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("lists")))
  }

  // MARK: 4. Nested destinations

  @Test(arguments: [["build"], ["build", "--target", "A"], ["build", "--target", "B"]])
  func nestedDestinationsOfTwoTargetsAreAUsageError(_ arguments: [String]) throws {
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "targets": {"A": {"layers": ["T/A"], "destination": "out"},
                                   "B": {"layers": ["T/B"], "destination": "out/sub"}}}
      """)
    let outcome = try ToolRunner.run(arguments, in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    // Named from the side this run writes: B's lies inside A's, or A's contains B's.
    let inside =
      "the destination of target 'B' (\(scratch.path("out/sub"))) lies inside the destination of target 'A' "
      + "(\(scratch.path("out")))"
    let contains =
      "the destination of target 'A' (\(scratch.path("out"))) contains the destination of target 'B' "
      + "(\(scratch.path("out/sub")))"
    #expect(
      outcome.standardError.contains(
        "refusing to write: " + (arguments == ["build", "--target", "A"] ? contains : inside)),
      "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  @Test func aDestinationThatDependsOnABuildSettingIsNotComparedForOtherTargets() throws {
    // In Xcode, $(DERIVED_FILE_DIR) is each target's own folder: the other target's is unknown.
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "destination": "$(DERIVED_FILE_DIR)/LocMerge",
       "targets": {"A": {"layers": ["T/A"]}, "B": {"layers": ["T/B"]}}}
      """)
    let outcome = try ToolRunner.run(
      ["build", "--target", "A"], in: scratch.root, environment: ["DERIVED_FILE_DIR": scratch.path("derived/A")])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.read("derived/A/LocMerge/en.lproj/L.strings")?.contains("\"a\" = \"A\";") == true)
  }

  // MARK: Other commands that write

  @Test func initDoesNotWriteTheProjectFileOverASource() throws {
    let scratch = try Self.twoTargets("{}")
    let source = try #require(scratch.read("Base/en.lproj/L.strings"))
    let outcome = try ToolRunner.run(
      ["init", "-b", "Base", "--targets", "T", "-c", "Base/en.lproj/L.strings", "--force"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "refusing to write: the project file Base/en.lproj/L.strings lies inside the layer 'Base' "
          + "(\(scratch.path("Base")))"),
      "\(outcome.standardError)")
    #expect(scratch.read("Base/en.lproj/L.strings") == source)
  }

  @Test(arguments: ["--depfile", "--output-file-list", "--input-file-list", "--provenance"])
  func aMergeDoesNotWriteAListOrReportOverASource(_ option: String) throws {
    let scratch = try Self.twoTargets("{}")
    let sources = scratch.snapshot("T")
    let outcome = try ToolRunner.run(
      ["-b", "Base", "-s", "T/A", "-d", "out", option, "T/A/en.lproj/L.strings"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains("T/A/en.lproj/L.strings lies inside the layer 'A' (T/A)"),
      "\(outcome.standardError)")
    #expect(scratch.snapshot("T") == sources)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  @Test func anAuditReportDoesNotReplaceTheProjectFile() throws {
    let scratch = try Self.twoTargets(
      """
      {"base": "Base", "destination": "build/{target}", "targets": {"A": {"layers": ["T/A"]}}}
      """)
    let before = scratch.read("locmerge.json")
    let outcome = try ToolRunner.run(["audit", "-o", "locmerge.json"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("refusing to write: the report"), "\(outcome.standardError)")
    #expect(scratch.read("locmerge.json") == before)
  }
}
