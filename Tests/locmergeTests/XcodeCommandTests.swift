import Foundation
import TestSupport
import Testing

@testable import locmerge

/// `locmerge xcode show | install | uninstall` as a user runs them, on a copy of the BrandApp
/// fixture (two brand apps with per-target copies of their tables, an extension) with layers and
/// a locmerge.json beside it.
@Suite struct XcodeCommandTests {
  static let fixtures = ToolRunner.packageRoot.appendingPathComponent("Tests/Fixtures/xcodeproj")

  /// A scratch copy of BrandApp with a base, one overlay per app target and a project file.
  static func brandApp() throws -> Scratch {
    let scratch = try Scratch()
    let items = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("BrandApp").path)
    for item in items {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("BrandApp/\(item)"), to: scratch.url(item))
    }
    try scratch.write("\"ok\" = \"OK\";\n", to: "Localization/Base/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"Gut\";\n", to: "Localization/Base/de.lproj/Localizable.strings")
    try scratch.write("\"title\" = \"Acme\";\n", to: "Localization/Targets/Acme/en.lproj/Localizable.strings")
    try scratch.write(
      "\"CFBundleDisplayName\" = \"Acme\";\n", to: "Localization/Targets/Acme/en.lproj/InfoPlist.strings")
    try scratch.write("\"title\" = \"Globex\";\n", to: "Localization/Targets/Globex/en.lproj/Localizable.strings")
    try scratch.write(
      """
      {
        "base": "Localization/Base",
        "destination": "$(DERIVED_FILE_DIR)/LocMerge",
        "targets": {
          "Acme": { "layers": ["Localization/Targets/Acme"] },
          "Globex": { "layers": ["Localization/Targets/Globex"] }
        }
      }

      """, to: "locmerge.json")
    return scratch
  }

  static let projectFile = "BrandApp.xcodeproj/project.pbxproj"

  static func run(_ arguments: [String], in scratch: Scratch) throws -> ToolRunner.Outcome {
    try ToolRunner.run(["xcode"] + arguments, in: scratch.root)
  }

  // MARK: show

  @Test func showListsTargetsPhasesTablesAndPerTargetCopies() throws {
    let scratch = try Self.brandApp()
    let outcome = try Self.run(["show"], in: scratch)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let text = outcome.standardOutput
    #expect(text.contains("Acme  (application)  locmerge phase: absent"))
    #expect(text.contains("  phases:  Sources, Frameworks, Resources"))
    #expect(text.contains("Localizable.strings  de en  Acme/*.lproj/Localizable.strings  *"))
    #expect(text.contains("InfoPlist.strings    en     Acme/en.lproj/InfoPlist.strings\n"))
    #expect(text.contains("Widget  (app-extension)  locmerge phase: absent\n  phases:  Sources\n  tables:  none"))
  }

  /// `show --json` says what an independent reading through Foundation says, on every shared
  /// project; the three apps of ../shared/corpus are read with their corpus as the source root.
  @Test(SharedFolder.required)
  func showJSONAgreesWithAnIndependentReadingOnEverySharedProject() throws {
    let shared = try #require(SharedFolder.url)
    var compared = 0
    for file in SharedFolder.files(under: "xcodeproj", extensions: ["pbxproj"]) {
      let bytes = [UInt8](try Data(contentsOf: file))
      let app = file.path.dropFirst(shared.appendingPathComponent("xcodeproj").path.count + 1).split(separator: "/")[0]
      let corpus = shared.appendingPathComponent("corpus/\(app)")
      let scratch = try Scratch()
      var projectPath = file.path
      var root = file.deletingLastPathComponent().deletingLastPathComponent().path
      if FileManager.default.fileExists(atPath: corpus.path), file.path.hasSuffix(".xcodeproj/project.pbxproj"),
        file.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent == String(app)
      {
        // The project beside a copy of its app's localization files (a link out is never read).
        for item in try FileManager.default.contentsOfDirectory(atPath: corpus.path) {
          try FileManager.default.copyItem(at: corpus.appendingPathComponent(item), to: scratch.url(item))
        }
        let name = file.deletingLastPathComponent().lastPathComponent
        try FileManager.default.createDirectory(at: scratch.url(name), withIntermediateDirectories: true)
        try Data(bytes).write(to: scratch.url("\(name)/project.pbxproj"))
        projectPath = scratch.path(name)
        root = scratch.root.path
      } else if !file.path.hasSuffix(".xcodeproj/project.pbxproj") {
        root = file.deletingLastPathComponent().path
      }
      let console = CapturedConsole()
      let status = CommandLineTool.run(
        arguments: ["xcode", "show", "--json", "--project", projectPath], environment: [:], console: console)
      guard let reference = ReferenceProjectReading(bytes: bytes, sourceRoot: root),
        !bytes.starts(with: Array("<?xml".utf8))
      else {
        #expect(status == .failure, "\(file.path)")
        #expect(console.standardError.contains("error:"))
        continue
      }
      #expect(status == .success, "\(file.path): \(console.standardError)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8)) as? [String: Any])
      #expect(json["objectVersion"] as? Int == reference.objectVersion)
      let targets = try #require(json["targets"] as? [[String: Any]])
      let ours = targets.map { target in
        ReferenceProjectReading.Target(
          name: target["name"] as? String ?? "", productType: target["productType"] as? String,
          phases: reference.targets.first { $0.name == target["name"] as? String }?.phases ?? [],
          tables: target["tables"] as? [String: [String: String]] ?? [:])
      }
      // `show` lists no code; the reference reads it for the usage check.
      #expect(
        ours
          == reference.targets.map {
            var target = $0; target.sources = []; return target
          }, "\(file.path)")
      #expect(targets.allSatisfy { $0["phase"] as? String == "absent" || $0["phase"] as? String == "outdated" })
      compared += 1
    }
    #expect(compared >= 80)
  }

  @Test func showRefusesWhatItCannotRead() throws {
    let scratch = try Self.brandApp()
    let none = try ToolRunner.run(["xcode", "show"], in: scratch.url("Localization"))
    #expect(none.status == 64)
    #expect(none.standardError.contains("no *.xcodeproj in"))
    try FileManager.default.copyItem(at: scratch.url("BrandApp.xcodeproj"), to: scratch.url("Other.xcodeproj"))
    let several = try Self.run(["show"], in: scratch)
    #expect(several.status == 64)
    #expect(several.standardError.contains("several projects: BrandApp.xcodeproj, Other.xcodeproj"))
  }

  // MARK: install and uninstall

  @Test func installTwiceThenUninstallGivesBackTheProject() throws {
    let scratch = try Self.brandApp()
    let original = try Data(contentsOf: scratch.url(Self.projectFile))
    let refused = try Self.run(["install"], in: scratch)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("target 'Acme' still copies Localizable.strings"))
    #expect(try Data(contentsOf: scratch.url(Self.projectFile)) == original)

    let first = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("Acme    phase added, before Copy Bundle Resources; copies taken out:"))
    #expect(first.standardOutput.contains("let Xcode read it again from disk"))
    let installed = try Data(contentsOf: scratch.url(Self.projectFile))
    #expect(installed != original)
    #expect(scratch.read("locmerge.json")?.contains("\"state\": \"$(TARGET_TEMP_DIR)/locmerge\"") == true)
    #expect(scratch.read("Localization/Acme-outputs.xcfilelist")?.contains("$(TARGET_BUILD_DIR)/") == true)

    let second = try Self.run(["install"], in: scratch)
    #expect(second.status == 0, "\(second.standardError)")
    #expect(second.standardOutput.contains("Nothing changed in the project: every target's phase is current."))
    #expect(try Data(contentsOf: scratch.url(Self.projectFile)) == installed)
    #expect(try Self.run(["install", "--check"], in: scratch).status == 0)

    let show = try Self.run(["show", "--json"], in: scratch)
    #expect(show.standardOutput.contains("\"phase\": \"current\""))

    let uninstall = try Self.run(["uninstall"], in: scratch)
    #expect(uninstall.status == 0, "\(uninstall.standardError)")
    #expect(uninstall.standardOutput.contains("Acme: phase removed"))
    // The copies taken out stay out; the phase is gone, and the rest is as before.
    let withoutCopies = try XcodeCommandTests.removingLines(
      containing: ["1A0000000000000000000103", "1A0000000000000000000104", "1A0000000000000000000105"], from: original)
    #expect(try Data(contentsOf: scratch.url(Self.projectFile)) == withoutCopies)
  }

  static func removingLines(containing ids: [String], from data: Data) throws -> Data {
    let text = String(decoding: data, as: UTF8.self)
    let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      !ids.contains { line.contains($0) }
    }
    return Data(kept.joined(separator: "\n").utf8)
  }

  @Test func uninstallAfterInstallWithoutCopiesIsByteIdentical() throws {
    let scratch = try Self.brandApp()
    // Without the tables' copies in the way: the layers write only a table no target copies.
    try FileManager.default.removeItem(at: scratch.url("Localization"))
    try scratch.write("\"x\" = \"y\";\n", to: "Localization/Base/en.lproj/Extra.strings")
    try scratch.write("\"x\" = \"z\";\n", to: "Localization/Targets/Acme/en.lproj/Extra.strings")
    try scratch.write("\"x\" = \"w\";\n", to: "Localization/Targets/Globex/en.lproj/Extra.strings")
    let original = try Data(contentsOf: scratch.url(Self.projectFile))
    #expect(try Self.run(["install", "--check"], in: scratch).status == 1)
    let install = try Self.run(["install"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    let uninstall = try Self.run(["uninstall", "--target", "Acme", "--target", "Globex"], in: scratch)
    #expect(uninstall.status == 0, "\(uninstall.standardError)")
    #expect(try Data(contentsOf: scratch.url(Self.projectFile)) == original)
  }

  @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
    let scratch = try Self.brandApp()
    let project = try Data(contentsOf: scratch.url(Self.projectFile))
    let config = scratch.read("locmerge.json")
    let outcome = try Self.run(["install", "--dry-run", "--remove-copies"], in: scratch)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.hasPrefix("--- a/locmerge.json\n+++ b/locmerge.json\n@@ -1,6 +1,7 @@\n"))
    #expect(outcome.standardOutput.contains("--- a/BrandApp.xcodeproj/project.pbxproj\n"))
    #expect(
      outcome.standardOutput.contains("+\t\t\t\t6E28483543FCBD55F647F8CF /* [locmerge] Merge Localized Strings */,\n"))
    #expect(
      outcome.standardOutput.contains("-\t\t\t\t1A0000000000000000000104 /* Localizable.strings in Resources */,\n"))
    #expect(outcome.standardError.contains("dry run, nothing written: 2 of 2 targets would change"))
    #expect(try Data(contentsOf: scratch.url(Self.projectFile)) == project)
    #expect(scratch.read("locmerge.json") == config)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/Acme-inputs.xcfilelist")))
  }

  @Test func checkNamesTheTargetsWithoutTheCurrentPhase() throws {
    let scratch = try Self.brandApp()
    let outcome = try Self.run(["install", "--check", "--remove-copies"], in: scratch)
    #expect(outcome.status == 1)
    #expect(outcome.standardError.contains("error: target 'Acme' lacks the current locmerge phase (absent)"))
    #expect(outcome.standardError.contains("error: target 'Globex' lacks the current locmerge phase (absent)"))
    #expect(outcome.standardError.contains("0 of 2 targets have the current phase"))
  }

  @Test func theToolInTheProjectIsFoundAndKept() throws {
    let scratch = try Self.brandApp()
    try scratch.write("#!/bin/sh\n", to: "tools/locmerge")
    let install = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(install.standardOutput.contains("The phase runs $SRCROOT/tools/locmerge (it exists in the project"))
    #expect(scratch.read(Self.projectFile)?.contains(#"LOCMERGE=\"$SRCROOT/tools/locmerge\""#) == true)
    #expect(scratch.read(Self.projectFile)?.contains(#""$(SRCROOT)/tools/locmerge","#) == true)
    // Without tools/locmerge (another machine), a rerun keeps what the phase says.
    try FileManager.default.removeItem(at: scratch.url("tools"))
    let rerun = try Self.run(["install"], in: scratch)
    #expect(rerun.standardOutput.contains("as the installed phase does"))
    #expect(rerun.standardOutput.contains("Nothing changed in the project"))
  }

  // MARK: Refusals

  @Test func anXMLProjectFileIsRefusedWithWhatToDo() throws {
    let scratch = try Self.brandApp()
    try scratch.write(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n", to: Self.projectFile)
    let outcome = try Self.run(["install"], in: scratch)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains(
        "BrandApp.xcodeproj/project.pbxproj: error: this project file is an XML property list, which some tools "
          + "write but Xcode does not"))
  }

  @Test func aProjectInAMergeConflictIsNeverTouched() throws {
    let scratch = try Self.brandApp()
    var text = try #require(scratch.read(Self.projectFile))
    text = text.replacing(
      "\t\t\t\t1A0000000000000000000702 /* Sources */,\n",
      with: "<<<<<<< HEAD\n\t\t\t\t1A0000000000000000000702 /* Sources */,\n=======\n>>>>>>> feature\n")
    try scratch.write(text, to: Self.projectFile)
    let outcome = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(outcome.status == 1)
    #expect(outcome.standardError.contains("project.pbxproj:123:1: error: the project file has merge-conflict markers"))
    #expect(scratch.read(Self.projectFile) == text)
  }

  @Test func aNewerFormatIsShownButNotWritten() throws {
    let scratch = try Self.brandApp()
    let text = try #require(scratch.read(Self.projectFile)).replacing(
      "objectVersion = 46;", with: "objectVersion = 100;")
    try scratch.write(text, to: Self.projectFile)
    #expect(try Self.run(["show"], in: scratch).status == 0)
    let outcome = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains("error: objectVersion 100 is newer than any format this version of locmerge"))
    #expect(scratch.read(Self.projectFile) == text)
  }

  @Test func aConfiguredTargetTheProjectLacksIsNamedWithTheNearestName() throws {
    let scratch = try Self.brandApp()
    let config = try #require(scratch.read("locmerge.json")).replacing("\"Globex\": {", with: "\"Globx\": {")
    try scratch.write(config, to: "locmerge.json")
    let outcome = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.contains(
        "locmerge.json:6:5: error: the Xcode project has no target 'Globx'; did you mean 'Globex'?"))
    let unknown = try Self.run(["install", "--target", "Acne"], in: scratch)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("--target 'Acne' is not a target of locmerge.json; did you mean 'Acme'?"))
  }

  @Test func aReadOnlyProjectFileIsRefusedBeforeAnythingIsWritten() throws {
    let scratch = try Self.brandApp()
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.path(Self.projectFile))
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.path(Self.projectFile))
    }
    let config = scratch.read("locmerge.json")
    let outcome = try Self.run(["install", "--remove-copies"], in: scratch)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains(
        "project.pbxproj: error: the project file cannot be changed: the file is read-only"))
    #expect(scratch.read("locmerge.json") == config)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/Acme-inputs.xcfilelist")))
  }

  // MARK: The phase at work

  /// The installed script, run as Xcode runs it (the build settings in the environment), writes
  /// the merged tables into the product and its bookkeeping outside it.
  @Test func theInstalledPhaseWritesTheTablesIntoTheProduct() throws {
    let scratch = try Self.brandApp()
    let install = try Self.run(["install", "--remove-copies", "--tool", ToolRunner.binary.path], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    let project = try #require(scratch.read(Self.projectFile))
    let quoted = try #require(project.firstRange(of: "shellScript = \"")).upperBound
    let end = try #require(project[quoted...].firstRange(of: "\";\n")).lowerBound
    let script = String(project[quoted..<end]).replacing("\\n", with: "\n").replacing("\\\"", with: "\"")
    try scratch.write(script, to: "phase.sh")
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["phase.sh"], in: scratch.root,
      environment: [
        "SRCROOT": scratch.root.path, "TARGET_NAME": "Acme", "TARGET_BUILD_DIR": scratch.path("DerivedData/Products"),
        "UNLOCALIZED_RESOURCES_FOLDER_PATH": "Acme.app", "TARGET_TEMP_DIR": scratch.path("DerivedData/Temp"),
      ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.read("DerivedData/Products/Acme.app/en.lproj/Localizable.strings")?.contains("Acme") == true)
    #expect(scratch.read("DerivedData/Products/Acme.app/de.lproj/Localizable.strings")?.contains("Gut") == true)
    #expect(Set(scratch.snapshot("DerivedData/Temp/locmerge").keys) == ["lock", "outputs.json", "stamp.json"])
    #expect(
      Set(scratch.snapshot("DerivedData/Products").keys) == [
        "Acme.app/de.lproj/Localizable.strings", "Acme.app/en.lproj/InfoPlist.strings",
        "Acme.app/en.lproj/Localizable.strings",
      ])
  }
}
