import Foundation
import Testing

/// `locmerge build` against the bundled example's `locmerge.json`: the same outputs as `merge`,
/// every diagnostic once, shards that split the work, and the usage errors of a project file.
@Suite struct BuildCommandTests {
  static let stacks = [
    "AcmeLite": ["-b", "Base", "-s", "Brands/Acme", "-s", "Targets/AcmeLite"],
    "AcmePro": ["-b", "Base", "-s", "Brands/Acme", "-s", "Targets/AcmePro"],
    "GlobexGo": ["-b", "Base", "-s", "Brands/Globex", "-s", "Targets/GlobexGo"],
    "InitechGo": ["-b", "Base", "-s", "Catalogs/Base", "-s", "Catalogs/Initech", "-s", "Targets/InitechGo"],
    // The same stack, writing its merged catalog ("catalogs": "merged" in the project file).
    "InitechGo-catalogs": [
      "-b", "Base", "-s", "Catalogs/Base", "-s", "Catalogs/Initech", "-s", "Targets/InitechGo", "--catalogs", "merged",
    ],
  ]

  /// The example's layers and its project file.
  static func example() throws -> Scratch {
    let scratch = try Scratch(copying: "WhiteLabel")
    try FileManager.default.copyItem(
      at: ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel/locmerge.json"),
      to: scratch.url("locmerge.json"))
    return scratch
  }

  /// A folder's files without the stamp and lock, which record times and inodes.
  static func outputs(_ scratch: Scratch, _ folder: String) -> [String: Data] {
    scratch.snapshot(folder).filter { !$0.key.hasSuffix(".locmerge/stamp.json") && !$0.key.hasSuffix(".locmerge/lock") }
  }

  static func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }

  @Test func buildOfOneTargetWritesWhatMergeWritesForTheSameStack() throws {
    let scratch = try Self.example()
    let merge = try ToolRunner.run(Self.stacks["AcmePro", default: []] + ["-d", "Merged"], in: scratch.root)
    #expect(merge.status == 0, "\(merge.standardError)")
    let build = try ToolRunner.run(["build", "--target", "AcmePro"], in: scratch.root)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(
      build.standardError.hasSuffix(
        "locmerge: AcmePro: 3 layers, 18 files read, 9 written, 0 unchanged, 0 removed, 0 warnings, 0 errors\n"))
    let built = Self.outputs(scratch, "build/AcmePro")
    #expect(built.count == 10)
    #expect(built == Self.outputs(scratch, "Merged"))
    // -d puts the one target elsewhere; the next run has nothing to do.
    #expect(try ToolRunner.run(["build", "--target", "AcmePro", "-d", "Elsewhere"], in: scratch.root).status == 0)
    #expect(Self.outputs(scratch, "Elsewhere") == built)
    let again = try ToolRunner.run(["build", "-t", "AcmePro", "-d", "Elsewhere"], in: scratch.root)
    #expect(again.standardError == "locmerge: AcmePro: 3 layers, up to date: 0 written, 9 unchanged, 0 removed\n")
  }

  @Test func buildOfEveryTargetWritesWhatEachMergeWrites() throws {
    let scratch = try Self.example()
    for (name, stack) in Self.stacks {
      #expect(try ToolRunner.run(stack + ["-d", "Merged/\(name)"], in: scratch.root).status == 0)
    }
    let build = try ToolRunner.run(["build"], in: scratch.root)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(Self.outputs(scratch, "build") == Self.outputs(scratch, "Merged"))
    #expect(Self.outputs(scratch, "build").count == 45)
    // Each warning once, though AcmeLite and AcmePro share a brand and all three the base.
    #expect(Self.occurrences(of: "adds \"login button\", one edit away", in: build.standardError) == 1)
    // GlobexGo's key without de and fr is one warning.
    #expect(Self.occurrences(of: ": warning: ", in: build.standardError) == 4, "\(build.standardError)")
    #expect(
      build.standardError.contains(
        "AcmeLite                 3    16        9          0        0         1       0  built"))
    #expect(
      build.standardError.hasSuffix(
        "locmerge: 5 targets: 5 built, 0 up to date, 0 failed; 4 warnings, 0 errors (each reported once)\n"))
    let again = try ToolRunner.run(["build"], in: scratch.root)
    #expect(again.standardError.contains("5 targets: 0 built, 5 up to date, 0 failed"))
    // An up-to-date target counts the warnings of its last full run, in the table as on its own.
    #expect(
      again.standardError.contains(
        "AcmeLite                 3     0        0          9        0         1       0  up to date"),
      "\(again.standardError)")
    #expect(again.standardError.contains("up-to-date targets count the warnings of their last full run"))
    let one = try ToolRunner.run(["build", "--target", "AcmeLite"], in: scratch.root)
    #expect(one.standardError.contains("(1 warning at the last full run: 'locmerge lint' shows them)"))
  }

  @Test func anErrorInASharedLayerFailsEveryTargetThatUsesItAndIsPrintedOnce() throws {
    let scratch = try Self.example()
    try scratch.write("\"home.title\" = \"Acme\"\n\"x\" = \"y\";\n", to: "Brands/Acme/en.lproj/Localizable.strings")
    let build = try ToolRunner.run(["build"], in: scratch.root)
    #expect(build.status == 1)
    #expect(Self.occurrences(of: "Brands/Acme/en.lproj/Localizable.strings:1:22: error:", in: build.standardError) == 1)
    #expect(Self.occurrences(of: "errors: nothing written", in: build.standardError) == 2, "\(build.standardError)")
    #expect(scratch.snapshot("build/AcmePro").isEmpty)
    #expect(!scratch.snapshot("build/GlobexGo").isEmpty)
    #expect(build.standardError.contains("5 targets: 3 built, 0 up to date, 2 failed"))
  }

  /// A shared layer read once for many targets must still not read any target's outputs back.
  @Test func aLinkFromASharedLayerIntoAnyDestinationIsSkippedAndOutputsDoNotGrow() throws {
    let scratch = try Self.example()
    try FileManager.default.createDirectory(atPath: scratch.path("build/AcmePro"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Brands/Acme/generated"), withDestinationPath: "../../build/AcmePro")
    let first = try ToolRunner.run(["build"], in: scratch.root)
    let after = Self.outputs(scratch, "build").keys.sorted()
    let second = try ToolRunner.run(["build", "--quiet"], in: scratch.root)
    #expect(first.status == 0 && second.status == 0, "\(first.standardError)\(second.standardError)")
    #expect(Self.outputs(scratch, "build").keys.sorted() == after)
    #expect(!after.contains { $0.contains("generated") }, "\(after)")
    #expect(
      first.standardError.contains("Acme/generated: warning: skipped: this symbolic link leads into the destination"),
      "\(first.standardError)")
  }

  /// `--catalogs merged` on `build`, or `"catalogs": "merged"` in the project file, writes what
  /// `merge --catalogs merged` writes for the same stack.
  @Test func buildWritesMergedCatalogsWhenAskedOnTheCommandLineOrInTheProjectFile() throws {
    let scratch = try Self.example()
    let merge = try ToolRunner.run(
      [
        "merge", "-b", "Base", "-s", "Catalogs/Base", "-s", "Catalogs/Initech", "-s", "Targets/InitechGo", "-d",
        "merged", "--catalogs", "merged",
      ], in: scratch.root)
    #expect(merge.status == 0, "\(merge.standardError)")
    let expected = Self.outputs(scratch, "merged")
    #expect(expected.keys.contains("Localizable.xcstrings"), "\(expected.keys)")
    let flag = try ToolRunner.run(
      ["build", "--target", "InitechGo", "--catalogs", "merged", "-d", "flag"], in: scratch.root)
    #expect(flag.status == 0, "\(flag.standardError)")
    #expect(Self.outputs(scratch, "flag") == expected)
    var config = scratch.read("locmerge.json") ?? ""
    config = config.replacingOccurrences(
      of: "\"base\": \"Base\",", with: "\"base\": \"Base\", \"catalogs\": \"merged\",")
    try scratch.write(config, to: "locmerge.json")
    let file = try ToolRunner.run(["build", "--target", "InitechGo", "-d", "file"], in: scratch.root)
    #expect(file.status == 0, "\(file.standardError)")
    #expect(Self.outputs(scratch, "file") == expected)
  }

  /// `--catalogs` is for one run: it wins over a target's own `"catalogs"` too.
  @Test func theCatalogsFlagWinsOverATargetsOwnSetting() throws {
    let scratch = try Self.example()
    let own = try ToolRunner.run(["build", "--target", "InitechGo-catalogs", "-d", "own"], in: scratch.root)
    let flag = try ToolRunner.run(
      ["build", "--target", "InitechGo-catalogs", "--catalogs", "compiled", "-d", "flag"], in: scratch.root)
    let compiled = try ToolRunner.run(["build", "--target", "InitechGo", "-d", "compiled"], in: scratch.root)
    #expect(own.status == 0 && flag.status == 0 && compiled.status == 0, "\(own.standardError)\(flag.standardError)")
    #expect(Self.outputs(scratch, "own").keys.contains("Localizable.xcstrings"))
    #expect(Self.outputs(scratch, "flag") == Self.outputs(scratch, "compiled"))
  }

  @Test func shardsAreDisjointAndTogetherBuildEveryTarget() throws {
    let scratch = try Self.example()
    var built: [String] = []
    for index in 1...2 {
      let shard = try ToolRunner.run(
        ["build", "--shard", "\(index)/2", "-d", "Shard\(index)/{target}"], in: scratch.root)
      #expect(shard.status == 0, "\(shard.standardError)")
      built += (try? FileManager.default.contentsOfDirectory(atPath: scratch.path("Shard\(index)"))) ?? []
    }
    #expect(built.sorted() == ["AcmeLite", "AcmePro", "GlobexGo", "InitechGo", "InitechGo-catalogs"])
    #expect(
      ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("Shard1"))) ?? []).sorted() == [
        "AcmeLite", "GlobexGo", "InitechGo-catalogs",
      ])
    let usage = try ToolRunner.run(["build", "--shard", "3/2"], in: scratch.root)
    #expect(usage.status == 64)
    #expect(usage.standardError.hasPrefix("locmerge: error: --shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '3/2'"))
  }

  @Test(arguments: [
    (
      ["build", "-d", "Out"],
      "locmerge: error: -d 'Out' would receive all 5 targets; choose one with --target NAME, or put {target} in it "
        + "(-d 'build/{target}')\n"
    ),
    (["build", "Base"], "locmerge: error: unexpected argument 'Base'; targets are chosen with --target NAME"),
    (
      ["files", "-b", "Base", "--config", "locmerge.json"],
      "locmerge: error: --config and -b are two ways to name the layers; give one"
    ),
    (
      ["build", "--target", "A=Base"],
      "locmerge: error: --target takes a target's name from locmerge.json, got 'A=Base' (NAME=LAYERS needs -b BASE)"
    ),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let scratch = try Self.example()
    let outcome = try ToolRunner.run(arguments, in: scratch.root)
    #expect(outcome.status == 64)
    #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
    #expect(scratch.snapshot("build").isEmpty)
  }

  /// A target the project file lacks is reported at the file (the SwiftPM plugin's users see which
  /// file to add the entry to).
  @Test func anUnknownTargetNamesTheProjectFile() throws {
    let scratch = try Self.example()
    for command in ["build", "files", "lint"] {
      let outcome = try ToolRunner.run([command, "--target", "AcmePr"], in: scratch.root)
      #expect(outcome.status == 64)
      // The absolute path (with links resolved, /private/var on macOS).
      #expect(outcome.standardError.hasPrefix("/"), "\(outcome.standardError)")
      #expect(
        outcome.standardError.hasSuffix(
          "/\(scratch.root.lastPathComponent)/locmerge.json: error: no target 'AcmePr' in the project file; "
            + "did you mean 'AcmePro'?\n"))
    }
    #expect(scratch.snapshot("build").isEmpty)
  }

  @Test func projectFileProblemsAreUsageErrorsAtTheirPlace() throws {
    let scratch = try Self.example()
    let elsewhere = try Scratch()
    let missing = try ToolRunner.run(["build"], in: elsewhere.root)
    #expect(missing.status == 64)
    #expect(
      missing.standardError.hasPrefix(
        "locmerge: error: no locmerge.json in the current folder or a folder above it; name one with --config FILE"))
    // Found in the folder above, as git finds .git, and said so.
    let above = try ToolRunner.run(["build", "--target", "GlobexGo"], in: scratch.url("Base"))
    #expect(above.status == 0, "\(above.standardError)")
    #expect(above.standardError.hasPrefix("locmerge: using /"), "\(above.standardError)")
    #expect(
      above.standardError.contains("/\(scratch.root.lastPathComponent)/locmerge.json (found in a parent folder)\n"))
    // Found through $SRCROOT, as inside an Xcode build phase.
    let viaSRCROOT = try ToolRunner.run(
      ["build", "--target", "GlobexGo"], in: scratch.url("Base"), environment: ["SRCROOT": scratch.root.path])
    #expect(viaSRCROOT.status == 0, "\(viaSRCROOT.standardError)")
    try scratch.write(
      "{\"base\": \"Base\", \"destination\": \"$(DERIVED_FILE_DIR)/LocMerge\",\n \"targets\": {\"A\": {\"layers\": [\"Brands/Acme\"]}},\n \"rules\": {\"format-mismatch\": \"off\", \"near-mis-key\": \"error\"}}\n",
      to: "bad.json")
    let bad = try ToolRunner.run(["lint", "--config", "bad.json"], in: scratch.root)
    #expect(bad.status == 64)
    #expect(
      bad.standardError == """
        \(scratch.path("bad.json")):3:31: error: 'format-mismatch' reports strings that crash the app or are lost at run time; it cannot be turned off or made a warning [project-file]
        \(scratch.path("bad.json")):3:38: error: unknown rule "near-mis-key"; did you mean "near-miss-key"? [project-file]

        """)
    try scratch.write(
      "{\"base\": \"Base\", \"destination\": \"$(DERIVED_FILE_DIR)/LocMerge\", \"targets\": {\"A\": {\"layers\": [\"Brands/Acme\"]}}}",
      to: "xcode.json")
    let unset = try ToolRunner.run(["build", "--config", "xcode.json"], in: scratch.root)
    #expect(unset.status == 64)
    #expect(
      unset.standardError
        == "locmerge: error: the destination of 'A', $(DERIVED_FILE_DIR)/LocMerge, uses $(DERIVED_FILE_DIR), which is "
        + "not set; run inside an Xcode build phase, set it in the environment, or give -d (outside Xcode, for example -d 'build/{target}')\n"
    )
    try scratch.write(
      "{\"base\": \"Base\", \"destination\": \"out/{target}\",\n  \"targets\": {\"A\": {\"layers\": [\"Brands/Acne\"]}}}",
      to: "typo.json")
    let typo = try ToolRunner.run(["build", "--config", "typo.json"], in: scratch.root)
    #expect(typo.status == 64)
    #expect(
      typo.standardError
        == "\(scratch.path("typo.json")):2:15: error: target 'A': layer folder '\(scratch.path("Brands/Acne"))' does not "
        + "exist [invalid-layer]\n")
    // The stack is checked as `merge` checks one: the base again as an overlay is a usage error too.
    try scratch.write(
      "{\"base\": \"Base\", \"destination\": \"out/{target}\",\n  \"targets\": {\"A\": {\"layers\": [\"Base\"]}}}",
      to: "twice.json")
    let twice = try ToolRunner.run(["build", "--config", "twice.json"], in: scratch.root)
    #expect(twice.status == 64)
    #expect(twice.standardError.contains("twice.json:2:15: error: target 'A': the folder"), "\(twice.standardError)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  /// The one line every target's Run Script phase runs, with the lists `files` made.
  @Test func theBuildPhaseLineInAnXcodeEnvironment() throws {
    let scratch = try Self.example()
    try scratch.write(
      """
      {"base": "Base", "destination": "$(DERIVED_FILE_DIR)/LocMerge", "targets": {
        "AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
        "GlobexGo": {"layers": ["Brands/Globex", "Targets/GlobexGo"]}}}
      """, to: "locmerge.json")
    let files = try ToolRunner.run(["files"], in: scratch.root)
    #expect(files.status == 0, "\(files.standardError)")
    #expect(files.standardError == "locmerge: 4 file lists: 4 written, 0 unchanged\n")
    let outputsList = try #require(scratch.read("Localization/AcmePro-outputs.xcfilelist"))
    #expect(outputsList.contains("\n$(DERIVED_FILE_DIR)/LocMerge/en.lproj/Localizable.strings\n"))
    #expect(
      scratch.read("Localization/AcmePro-inputs.xcfilelist")?.contains("\n$(SRCROOT)/Brands/Acme/en.lproj/") == true)
    for target in ["AcmePro", "GlobexGo"] {
      let derived = scratch.path("DerivedData/\(target).build/DerivedSources")
      let phase = [
        "SRCROOT": scratch.root.path, "TARGET_NAME": target, "DERIVED_FILE_DIR": derived,
        "SCRIPT_OUTPUT_FILE_COUNT": "0", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1",
        "SCRIPT_OUTPUT_FILE_LIST_0": scratch.path("Localization/\(target)-outputs.xcfilelist"),
      ]
      let build = try ToolRunner.run(["build", "--target", target], in: scratch.url("Targets"), environment: phase)
      #expect(build.status == 0, "\(build.standardError)")
      #expect(!build.standardError.contains("not declared"), "\(build.standardError)")
      #expect(scratch.read("DerivedData/\(target).build/DerivedSources/LocMerge/en.lproj/Localizable.strings") != nil)
    }
    // A list that names fewer outputs than the build writes gets the line to add.
    try scratch.write("# Output files\n", to: "Localization/AcmePro-outputs.xcfilelist")
    let undeclared = try ToolRunner.run(
      ["build", "--target", "AcmePro"], in: scratch.root,
      environment: [
        "SRCROOT": scratch.root.path, "DERIVED_FILE_DIR": scratch.path("DerivedData/AcmePro.build/DerivedSources"),
        "SCRIPT_OUTPUT_FILE_COUNT": "0", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1",
        "SCRIPT_OUTPUT_FILE_LIST_0": scratch.path("Localization/AcmePro-outputs.xcfilelist"),
      ])
    #expect(undeclared.standardError.contains("add '$(DERIVED_FILE_DIR)/LocMerge/de.lproj/InfoPlist.strings'"))
  }
}
