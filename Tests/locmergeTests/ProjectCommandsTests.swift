import Foundation
import Testing

/// `files`, `lint`, `audit` and `init` with the project file: no other flags needed.
@Suite struct ProjectCommandsTests {
  @Test func filesWritesEveryTargetsListsAndCheckFindsAStaleOne() throws {
    let scratch = try BuildCommandTests.example()
    let check = try ToolRunner.run(["files", "--check"], in: scratch.root)
    #expect(check.status == 1)
    #expect(
      check.standardError.hasPrefix(
        "\(scratch.path("Localization/AcmeLite-inputs.xcfilelist")): error: the file list is missing; run 'locmerge "
          + "files' to write it [stale-file-list]\n"), "\(check.standardError)")
    #expect(check.standardError.hasSuffix("locmerge: 0 of 10 file lists up to date\n"))
    #expect(scratch.snapshot("Localization").isEmpty)
    #expect(try ToolRunner.run(["files"], in: scratch.root).status == 0)
    #expect(scratch.snapshot("Localization").count == 10)
    let current = try ToolRunner.run(["files", "--check"], in: scratch.root)
    #expect(current.status == 0)
    #expect(current.standardError == "locmerge: 10 of 10 file lists up to date\n")
    // A new language of one brand changes the lists of the two targets that use it, and only theirs.
    try scratch.write("\"home.title\" = \"Acme\";\n", to: "Brands/Acme/it.lproj/Localizable.strings")
    let stale = try ToolRunner.run(["files", "--check"], in: scratch.root)
    #expect(stale.status == 1)
    let named = stale.standardError.split(separator: "\n").filter { $0.contains("error:") }.map {
      String($0.prefix { $0 != ":" }).replacingOccurrences(of: scratch.path("Localization") + "/", with: "")
    }
    #expect(
      named == [
        "AcmeLite-inputs.xcfilelist", "AcmeLite-outputs.xcfilelist", "AcmePro-inputs.xcfilelist",
        "AcmePro-outputs.xcfilelist",
      ])
    #expect(stale.standardError.contains("the file list is out of date"))
    let update = try ToolRunner.run(["files"], in: scratch.root)
    #expect(update.standardError == "locmerge: 10 file lists: 4 written, 6 unchanged\n")
    #expect(try ToolRunner.run(["files", "--check"], in: scratch.root).status == 0)
    // The lists name the files a build of the target reads and writes.
    _ = try ToolRunner.run(["build", "--target", "AcmePro"], in: scratch.root)
    let listed = try #require(scratch.read("Localization/AcmePro-outputs.xcfilelist")).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }.map { $0.replacingOccurrences(of: "$(SRCROOT)/build/AcmePro/", with: "") }
    #expect(listed.sorted() == scratch.snapshot("build/AcmePro").keys.sorted())
  }

  /// `files --json` (what the SwiftPM plugin declares) names exactly the tables `build` writes,
  /// for every target of the example (tables, compiled and merged catalogs), and the inputs
  /// the input list names; it writes nothing.
  @Test func filesAsJSONNamesWhatBuildWrites() throws {
    let scratch = try BuildCommandTests.example()
    let printed = try ToolRunner.run(["files", "--json"], in: scratch.root)
    #expect(printed.status == 0, "\(printed.standardError)")
    #expect(scratch.snapshot("").keys.filter { $0.hasPrefix("Localization/") || $0.hasPrefix("build/") }.isEmpty)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(printed.standardOutput.utf8)) as? [String: [[String: Any]]])
    let targets = try #require(document["targets"])
    #expect(
      targets.map { $0["name"] as? String } == ["AcmeLite", "AcmePro", "GlobexGo", "InitechGo", "InitechGo-catalogs"])
    #expect(try ToolRunner.run(["build"], in: scratch.root).status == 0)
    #expect(try ToolRunner.run(["files"], in: scratch.root).status == 0)
    let root = URL(fileURLWithPath: scratch.root.path).resolvingSymlinksInPath().path
    for target in targets {
      let name = try #require(target["name"] as? String)
      let written = scratch.snapshot("build/\(name)").keys.filter { !$0.hasPrefix(".locmerge/") }.sorted()
      #expect(written.count > 3)
      #expect(target["outputs"] as? [String] == written, "\(name)")
      let listed = try #require(scratch.read("Localization/\(name)-inputs.xcfilelist")).split(separator: "\n")
        .filter { !$0.hasPrefix("#") }.map { $0.replacingOccurrences(of: "$(SRCROOT)", with: root) }
      #expect(target["inputs"] as? [String] == listed, "\(name)")
      let layers = try #require(target["layers"] as? [String])
      #expect(layers.first == root + "/Base" && layers.count == (name.hasPrefix("InitechGo") ? 4 : 3), "\(layers)")
    }
    let one = try ToolRunner.run(["files", "--json", "--target", "GlobexGo"], in: scratch.root)
    #expect(one.standardOutput.contains("\"name\": \"GlobexGo\"") && !one.standardOutput.contains("AcmePro"))
    let both = try ToolRunner.run(["files", "--json", "--check"], in: scratch.root)
    #expect(both.status == 64)
  }

  @Test func lintAndAuditUseEveryTargetsStack() throws {
    let scratch = try BuildCommandTests.example()
    let lint = try ToolRunner.run(["lint"], in: scratch.root)
    #expect(lint.status == 0)
    #expect(BuildCommandTests.occurrences(of: ": warning: ", in: lint.standardError) == 4)
    #expect(
      lint.standardError.hasSuffix("locmerge: 5 targets, 27 files read, 4 warnings, 0 errors (each reported once)\n"))
    #expect(try ToolRunner.run(["lint", "--strict"], in: scratch.root).status == 1)
    let one = try ToolRunner.run(["lint", "--target", "AcmePro"], in: scratch.root)
    #expect(one.standardError == "locmerge: 1 target, 18 files read, 0 warnings, 0 errors (each reported once)\n")
    let audit = try ToolRunner.run(["audit", "--status", "overridden", "--format", "csv"], in: scratch.root)
    #expect(audit.status == 0, "\(audit.standardError)")
    let explicit = try ToolRunner.run(
      [
        "audit", "-b", "Base", "--target", "AcmeLite=Brands/Acme:Targets/AcmeLite",
        "--target", "AcmePro=Brands/Acme:Targets/AcmePro", "--target", "GlobexGo=Brands/Globex:Targets/GlobexGo",
        "--target", "InitechGo=Catalogs/Base:Catalogs/Initech:Targets/InitechGo",
        "--target", "InitechGo-catalogs=Catalogs/Base:Catalogs/Initech:Targets/InitechGo",
        "--status", "overridden", "--format", "csv",
      ], in: scratch.root)
    #expect(!audit.standardOutput.isEmpty)
    #expect(audit.standardOutput == explicit.standardOutput)
    let changes = try ToolRunner.run(["audit", "--target", "AcmePro", "--changes", "GlobexGo"], in: scratch.root)
    #expect(changes.status == 64)
  }

  @Test func theProjectsRulesAndExcludesApplyAndFlagsGoOnTop() throws {
    let scratch = try BuildCommandTests.example()
    try scratch.write(
      """
      {"base": "Base", "destination": "build/{target}",
       "targets": {"GlobexGo": {"layers": ["Brands/Globex", "Targets/GlobexGo"]}},
       "rules": {"near-miss-key": "error", "missing-translation": "off"},
       "exclude": ["*.lproj/InfoPlist.strings"]}
      """, to: "locmerge.json")
    let lint = try ToolRunner.run(["lint"], in: scratch.root)
    #expect(lint.status == 1)
    #expect(lint.standardError.contains("error: layer 'GlobexGo' adds \"login button\""))
    #expect(!lint.standardError.contains("lacks"), "\(lint.standardError)")
    let relaxed = try ToolRunner.run(["build", "--rule", "near-miss-key=warning"], in: scratch.root)
    #expect(relaxed.status == 0, "\(relaxed.standardError)")
    #expect(relaxed.standardError.contains("warning: layer 'GlobexGo' adds \"login button\""))
    let written = scratch.snapshot("build/GlobexGo").keys
    #expect(written.contains("en.lproj/Localizable.strings"))
    #expect(!written.contains { $0.hasSuffix("InfoPlist.strings") })
    // A rule the command line changes makes the next run a full one.
    let again = try ToolRunner.run(["build"], in: scratch.root)
    #expect(again.status == 1)
    #expect(
      again.standardError.contains("errors: nothing written") || again.standardError.contains("; nothing written"))
  }

  @Test func initWritesAProjectThatBuildsAndPrintsThePhase() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let first = try ToolRunner.run(["init", "-b", "Base", "--targets", "Targets"], in: scratch.root)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("\"$SRCROOT/tools/locmerge\" build --target \"$TARGET_NAME\"\n"))
    #expect(
      scratch.read("locmerge.json") == """
        {
          "base": "Base",
          "destination": "$(DERIVED_FILE_DIR)/LocMerge",
          "targets": {
            "AcmeLite": {"layers": ["Targets/AcmeLite"]},
            "AcmePro": {"layers": ["Targets/AcmePro"]},
            "GlobexGo": {"layers": ["Targets/GlobexGo"]},
            "InitechGo": {"layers": ["Targets/InitechGo"]}
          }
        }

        """)
    let build = try ToolRunner.run(["build", "-d", "Out/{target}"], in: scratch.root)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(scratch.read("Out/GlobexGo/en.lproj/Localizable.strings") != nil)
    let again = try ToolRunner.run(["init", "-b", "Base", "--targets", "Targets"], in: scratch.root)
    #expect(again.status == 64)
    #expect(again.standardError == "locmerge: error: locmerge.json exists; give --force to replace it\n")
    #expect(
      try ToolRunner.run(
        ["init", "-b", "Base", "--targets", "Targets", "--force", "-d", "build/{target}"], in: scratch.root
      )
      .status == 0)
    #expect(scratch.read("locmerge.json")?.contains("\"destination\": \"build/{target}\"") == true)
  }
}
