import Foundation
import Testing

/// `locmerge usage`, and the code `lint`, `build` and `files` find for each target: run as a user
/// runs them, on a copy of the Shelf fixture (an Xcode project whose two targets share code
/// through Compile Sources and a synchronized folder with exceptions).
@Suite struct UsageCommandTests {
  static let fixture = ToolRunner.packageRoot.appendingPathComponent("Tests/Fixtures/xcodeproj/Shelf")

  /// A copy of the Shelf project; with `layers`, a locmerge.json whose targets Shelf and ShelfPro
  /// stack the fixture's tables (as a base) under a layer each, ShelfPro's code given as
  /// `"sources"`.
  static func shelf(projectFile: Bool = true) throws -> Scratch {
    let scratch = try Scratch()
    for item in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
      try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: scratch.url(item))
    }
    guard projectFile else { return scratch }
    try scratch.write("\"pro.upgrade\" = \"Go Pro\";\n", to: "Localization/ShelfPro/en.lproj/Localizable.strings")
    try scratch.write("\"shelf.title\" = \"My Shelf\";\n", to: "Localization/Shelf/en.lproj/Localizable.strings")
    try scratch.write(
      """
      {
        "base": "Shelf",
        "destination": "build/{target}",
        "targets": {
          "Shelf": {"layers": ["Localization/Shelf"]},
          "ShelfPro": {"layers": ["Localization/ShelfPro"], "sources": ["Shelf/*.swift", "Shelf/Pro", "Extras/Promo"]}
        }
      }
      """, to: "locmerge.json")
    return scratch
  }

  @Test func theInputListsNameEachTargetsCodeAndTheProjectItComesFrom() throws {
    let scratch = try Self.shelf()
    let files = try ToolRunner.run(["files"], in: scratch.root)
    #expect(files.status == 0, "\(files.standardError)")
    let shelf = try #require(scratch.read("Localization/Shelf-inputs.xcfilelist"))
    let pro = try #require(scratch.read("Localization/ShelfPro-inputs.xcfilelist"))
    // Shelf's code is its Xcode target's: the sandboxed phase must read those files and the project.
    for line in [
      "$(SRCROOT)/Shared/Greeting.swift", "$(SRCROOT)/Shared/Old/Legacy.m", "$(SRCROOT)/Shelf/ShelfApp.swift",
      "$(SRCROOT)/Shelf.xcodeproj/project.pbxproj",
    ] {
      #expect(shelf.contains("\n\(line)\n"), "\(line) in \(shelf)")
    }
    #expect(!shelf.contains("ProOnly.swift"))
    // ShelfPro's is its "sources": no project involved.
    for line in [
      "$(SRCROOT)/Shelf/ShelfApp.swift", "$(SRCROOT)/Shelf/Pro/ProOnly.swift", "$(SRCROOT)/Extras/Promo/Banner.swift",
    ] {
      #expect(pro.contains("\n\(line)\n"), "\(line) in \(pro)")
    }
    #expect(!pro.contains("project.pbxproj"))
    #expect(!pro.contains("Greeting.swift"))
    #expect(try ToolRunner.run(["files", "--check"], in: scratch.root).status == 0)
  }

  /// A run's standard error with the scratch folder's paths relative.
  static func relative(_ text: String, _ scratch: Scratch) -> [String] {
    text.replacingOccurrences(of: scratch.root.path + "/", with: "").split(separator: "\n").map(String.init)
  }

  /// Without locmerge.json: each app target of the project against the tables it copies today.
  @Test func withoutAProjectFileEachTargetIsCheckedAgainstTheTablesItCopies() throws {
    let scratch = try Self.shelf(projectFile: false)
    let outcome = try ToolRunner.run(["usage", "--xcodeproj", "Shelf.xcodeproj"], in: scratch.root)
    #expect(outcome.status == 1)
    #expect(
      Self.relative(outcome.standardError, scratch) == [
        // ProOnly.swift is ShelfPro's only (Shelf's exception leaves it out): a key the tables lack.
        "Shelf/Pro/ProOnly.swift:4:33: error: the key \"pro.upgrade\" is in no language of Localizable; every language "
          + "shows the key (or the code's default value) (target 'ShelfPro') [missing-key]",
        // Legacy.m is in Shelf's Compile Sources only; German lacks its key.
        "Shelf/en.lproj/Localizable.strings:4:1: warning: \"legacy.button\" of Localizable is looked up but not "
          + "translated into de: that language shows the en text (target 'Shelf') [untranslated-key]",
        "Shelf/en.lproj/Localizable.strings:6:1: warning: \"unused.key\" of Localizable in "
          + "Shelf/*.lproj/Localizable.strings is looked up by none of Shelf, ShelfPro (0 dynamic lookups in their "
          + "code, not followed) [unused-key]",
        "locmerge: 2 targets, 5 source files scanned, 9 lookups (0 dynamic), 2 warnings, 1 error; unused keys are a "
          + "guess: 0 dynamic lookups and helpers not declared in \"lookups\" are not followed",
      ])
    let json = try ToolRunner.run(["usage", "--xcodeproj", "Shelf.xcodeproj", "--json", "--quiet"], in: scratch.root)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    #expect(targets.map { $0["name"] as? String } == ["Shelf", "ShelfPro"])
    #expect(targets.map { $0["sources"] as? Int } == [3, 4])
    #expect(targets.map { $0["lookups"] as? Int } == [4, 5])
    let missing = try #require(targets[1]["missing"] as? [[String: Any]])
    #expect(missing.map { $0["key"] as? String } == ["pro.upgrade"])
    #expect(missing.map { $0["line"] as? Int } == [4])
    #expect(missing.map { $0["file"] as? String } == [scratch.path("Shelf/Pro/ProOnly.swift")])
    let layers = try #require(document["layers"] as? [[String: Any]])
    #expect((layers.first?["unused"] as? [[String: Any]])?.map { $0["key"] as? String } == ["unused.key"])
  }

  /// `--sources` (what the SwiftPM plugin passes) makes its folders every target's code, in place of
  /// `"sources"` and the Xcode project; folders that overlap give a file once.
  @Test func sourcesFoldersAreEveryTargetsCodeEachFileOnce() throws {
    let scratch = try Self.shelf()
    for folders in [["Shelf"], ["Shelf", "Shelf/Pro", "Shelf"]] {
      let outcome = try ToolRunner.run(
        ["usage", "--json", "--quiet"] + folders.flatMap { ["--sources", $0] }, in: scratch.root)
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
      let targets = try #require(document["targets"] as? [[String: Any]])
      #expect(targets.map { $0["name"] as? String } == ["Shelf", "ShelfPro"])
      // ShelfApp.swift, Fixtures/Sample.swift and Pro/ProOnly.swift; not .hidden/Secret.swift.
      #expect(targets.map { $0["sources"] as? Int } == [3, 3], "\(folders)")
      #expect(targets.map { $0["lookups"] as? Int } == [4, 4], "\(folders)")
      let missing = targets.map { (($0["missing"] as? [[String: Any]]) ?? []).map { $0["key"] as? String } }
      #expect(missing == [["fixtures.sample", "pro.upgrade"], ["fixtures.sample"]], "\(folders)")
    }
  }

  /// With locmerge.json, lint and build check the code too: the target that would show a raw key
  /// fails at the line, the other is built; a build with nothing changed scans nothing.
  @Test func lintAndBuildFailTheTargetThatLacksAKeyAtTheLine() throws {
    let scratch = try Self.shelf()
    // ShelfPro's layer defines the key now; Shelf's code asks for it from a new shared file.
    try scratch.write(
      "import Foundation\nlet pro = String(localized: \"pro.upgrade\")\n", to: "Shared/Upsell.swift")
    var project = try #require(scratch.read("Shelf.xcodeproj/project.pbxproj"))
    project = project.replacingOccurrences(of: "path = Greeting.swift;", with: "path = Upsell.swift;")
    try scratch.write(project, to: "Shelf.xcodeproj/project.pbxproj")
    let lint = try ToolRunner.run(["lint"], in: scratch.root)
    #expect(lint.status == 1)
    #expect(
      Self.relative(lint.standardError, scratch).filter { $0.contains("error:") } == [
        "Shared/Upsell.swift:2:29: error: the key \"pro.upgrade\" is in no language of Localizable; every language shows the key (or the code's default value) "
          + "(target 'Shelf') [missing-key]"
      ])
    let build = try ToolRunner.run(["build"], in: scratch.root)
    #expect(build.status == 1)
    #expect(scratch.read("build/Shelf/en.lproj/Localizable.strings") == nil)
    #expect(scratch.read("build/ShelfPro/en.lproj/Localizable.strings")?.contains("Go Pro") == true)
    // Fixed in Shelf's layer: both build; again, nothing is scanned.
    try scratch.write(
      "\"shelf.title\" = \"My Shelf\";\n\"pro.upgrade\" = \"Upgrade\";\n",
      to: "Localization/Shelf/en.lproj/Localizable.strings")
    let fixed = try ToolRunner.run(["build"], in: scratch.root)
    #expect(fixed.status == 0, "\(fixed.standardError)")
    #expect(fixed.standardError.contains("source files scanned"), "\(fixed.standardError)")
    let again = try ToolRunner.run(["build"], in: scratch.root)
    #expect(again.status == 0)
    #expect(again.standardError.contains("2 up to date"), "\(again.standardError)")
    #expect(!again.standardError.contains("scanned"), "\(again.standardError)")
  }

  /// A table the Xcode target still copies itself (left where it is: DuckDuckGo's app copies its
  /// own `Localizable.stringsdict`) ships beside the merge: its keys are no missing-key, for `lint`,
  /// `build` and `usage` alike, and a change to it makes the build check again.
  @Test func aTableTheTargetStillCopiesCountsAsShipped() throws {
    let scratch = try Self.shelf(projectFile: false)
    try scratch.write(
      "\"greeting.hello\" = \"Hello\";\n\"promo.banner\" = \"Go Pro\";\n\"pro.upgrade\" = \"Go Pro\";\n",
      to: "Localization/Base/en.lproj/Extra.strings")
    try scratch.write(
      """
      {
        "base": "Localization/Base",
        "destination": "build/{target}",
        "targets": {"Shelf": {"layers": []}}
      }
      """, to: "locmerge.json")
    // Legacy.m asks Localizable for "legacy.button": only the copied Shelf/*.lproj table has it.
    for command in [["lint"], ["build"], ["usage", "--target", "Shelf"]] {
      let outcome = try ToolRunner.run(command, in: scratch.root)
      #expect(!outcome.standardError.contains("[missing-key]"), "\(command): \(outcome.standardError)")
    }
    try scratch.write("\"shelf.title\" = \"Shelf\";\n", to: "Shelf/en.lproj/Localizable.strings")
    let rebuilt = try ToolRunner.run(["build"], in: scratch.root)
    #expect(rebuilt.status == 1)
    #expect(
      rebuilt.standardError.contains("\"legacy.button\" is in no language of Localizable"), "\(rebuilt.standardError)")
  }

  /// Examples/UsageCheck prints what its README promises (CI diffs the same folder): the shared
  /// cart's key only Acme defines is GlobexGo's missing-key at the line; Acme's override no code
  /// asks for is an unused-override; the example's folder is left as it was.
  @Test func exampleScriptPrintsTheCheckedInFindings() throws {
    let scratch = try Scratch()
    let example = ToolRunner.packageRoot.appendingPathComponent("Examples/UsageCheck")
    let before = Scratch.snapshot(of: example)
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: [example.appendingPathComponent("check.sh").path, scratch.path("out")],
      in: nil, environment: ["LOCMERGE": ToolRunner.binary.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let expected = Scratch.snapshot(of: example.appendingPathComponent("expected"))
    let produced = scratch.snapshot("out")
    #expect(produced.keys.sorted() == expected.keys.sorted())
    for (name, bytes) in expected {
      #expect(produced[name] == bytes, "\(name) differs from Examples/UsageCheck/expected")
    }
    let diagnostics = String(decoding: produced["usage-diagnostics.txt"] ?? Data(), as: UTF8.self)
    #expect(
      diagnostics.contains(
        "Sources/Shared/CartView.swift:14:16: error: the key \"checkout.express\" is in no language of Localizable;"))
    #expect(diagnostics.components(separatedBy: "[missing-key]").count == 2, "\(diagnostics)")
    #expect(diagnostics.contains("(target 'GlobexGo') [missing-key]"))
    #expect(diagnostics.contains("layer 'Acme' overrides \"promo.banner\" of Localizable"))
    #expect(Scratch.snapshot(of: example) == before)
  }

  @Test func usageSaysWhatItNeedsAndRefusesTwoDocumentsOnOneOutput() throws {
    let scratch = try Scratch()
    let none = try ToolRunner.run(["usage"], in: scratch.root)
    #expect(none.status == 64)
    #expect(
      none.standardError.contains(
        "no locmerge.json and no *.xcodeproj here; name the project with --xcodeproj P.xcodeproj"),
      "\(none.standardError)")
    let both = try ToolRunner.run(["usage", "--json", "--reporter", "sarif"], in: scratch.root)
    #expect(both.status == 64)
    #expect(both.standardError.contains("--json and --reporter sarif both print on standard output"))
    let unknown = try ToolRunner.run(
      ["usage", "--xcodeproj", Self.fixture.appendingPathComponent("Shelf.xcodeproj").path, "--target", "Shelff"],
      in: scratch.root)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("no target 'Shelff' in Shelf.xcodeproj; did you mean 'Shelf'?"))
  }
}
