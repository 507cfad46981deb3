import Foundation
import Testing

/// `"state"` in `locmerge.json` and `--state` on `build` and `merge`: the record, stamp and lock
/// live outside DEST, so nothing but merged tables lands in an app's resource folder.
@Suite struct StateFolderTests {
  static let project = """
    {"base": "Base", "destination": "App/{target}/Resources", "state": "Derived/{target}/locmerge",
     "targets": {"AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
                 "GlobexGo": {"layers": ["Brands/Globex", "Targets/GlobexGo"], "state": "Derived/Globex"}}}
    """

  static func example(_ project: String = Self.project) throws -> Scratch {
    let scratch = try Scratch(copying: "WhiteLabel")
    try scratch.write(project, to: "locmerge.json")
    return scratch
  }

  static func hidden(under folder: String, in scratch: Scratch) -> [String] {
    scratch.snapshot(folder).keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
  }

  @Test func buildKeepsItsBookkeepingInTheStateFolderAndOnlyTablesInDest() throws {
    let scratch = try Self.example()
    try scratch.write("asset", to: "App/AcmePro/Resources/Assets.car")
    let build = try ToolRunner.run(["build"], in: scratch.root)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(Self.hidden(under: "App", in: scratch).isEmpty)
    #expect(scratch.snapshot("Derived/AcmePro/locmerge").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
    #expect(scratch.snapshot("Derived/Globex").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
    let tables = scratch.snapshot("App/AcmePro/Resources").keys.filter { $0 != "Assets.car" }.sorted()
    let merged = try ToolRunner.run(
      BuildCommandTests.stacks["AcmePro", default: []] + ["-d", "Merged"], in: scratch.root)
    #expect(merged.status == 0)
    #expect(tables == BuildCommandTests.outputs(scratch, "Merged").keys.filter { !$0.hasPrefix(".") }.sorted())
    // The next run finds the stamp where it left it.
    let again = try ToolRunner.run(["build", "--target", "AcmePro"], in: scratch.root)
    #expect(again.standardError == "locmerge: AcmePro: 3 layers, up to date: 0 written, 9 unchanged, 0 removed\n")
    // A language the layers no longer have is removed through the record; the app's file stays.
    for layer in ["Base", "Brands/Acme"] {
      try? FileManager.default.removeItem(atPath: scratch.path("\(layer)/fr.lproj"))
    }
    let removed = try ToolRunner.run(["build", "--target", "AcmePro"], in: scratch.root)
    #expect(removed.status == 0, "\(removed.standardError)")
    #expect(removed.standardError.contains(" 3 removed"), "\(removed.standardError)")
    #expect(scratch.read("App/AcmePro/Resources/Assets.car") == "asset")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("App/AcmePro/Resources/fr.lproj")))
    #expect(Self.hidden(under: "App", in: scratch).isEmpty)
  }

  @Test func theOutputListNamesTheBookkeepingFilesWhereTheyAre() throws {
    let scratch = try Self.example(
      """
      {"base": "Base", "destination": "$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)",
       "state": "$(DERIVED_FILE_DIR)/locmerge", "targets": {"AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]}}}
      """)
    #expect(try ToolRunner.run(["files"], in: scratch.root).status == 0)
    let outputs = try #require(scratch.read("Localization/AcmePro-outputs.xcfilelist"))
    #expect(outputs.contains("\n$(DERIVED_FILE_DIR)/locmerge/outputs.json\n"), "\(outputs)")
    #expect(outputs.contains("\n$(DERIVED_FILE_DIR)/locmerge/stamp.json\n"))
    #expect(outputs.contains("\n$(DERIVED_FILE_DIR)/locmerge/lock\n"))
    #expect(
      outputs.contains("\n$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/en.lproj/Localizable.strings\n"))
    #expect(!outputs.contains(".locmerge"))
    // Inside Xcode the phase declares those outputs: no warning about undeclared files.
    let environment = [
      "SRCROOT": scratch.root.path, "TARGET_BUILD_DIR": scratch.path("Products"),
      "UNLOCALIZED_RESOURCES_FOLDER_PATH": "AcmePro.app", "DERIVED_FILE_DIR": scratch.path("Derived"),
      "SCRIPT_OUTPUT_FILE_COUNT": "0", "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1",
      "SCRIPT_OUTPUT_FILE_LIST_0": scratch.path("Localization/AcmePro-outputs.xcfilelist"),
    ]
    let build = try ToolRunner.run(["build", "--target", "AcmePro"], in: scratch.root, environment: environment)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(!build.standardError.contains("warning:"), "\(build.standardError)")
    #expect(Self.hidden(under: "Products", in: scratch).isEmpty)
    #expect(scratch.snapshot("Derived/locmerge").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
  }

  @Test func stateOnTheCommandLineWinsAndADestinationOnTheCommandLineKeepsItsOwn() throws {
    let scratch = try Self.example()
    let flag = try ToolRunner.run(["build", "-t", "AcmePro", "--state", "Elsewhere/{target}"], in: scratch.root)
    #expect(flag.status == 0, "\(flag.standardError)")
    #expect(scratch.snapshot("Elsewhere/AcmePro").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Derived")))
    // The project's state goes with the project's destinations: -d alone keeps DEST/.locmerge.
    let destination = try ToolRunner.run(["build", "-t", "AcmePro", "-d", "Out"], in: scratch.root)
    #expect(destination.status == 0, "\(destination.standardError)")
    #expect(scratch.snapshot("Out/.locmerge").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
    let shared = try ToolRunner.run(["build", "--state", "One"], in: scratch.root)
    #expect(shared.status == 64)
    #expect(
      shared.standardError.hasPrefix(
        "locmerge: error: --state 'One' would keep the records of all 2 targets; choose one with --target NAME, or put "
          + "{target} in it (--state 'build/{target}')\n"), "\(shared.standardError)")
  }

  @Test func mergeTakesAStateFolderToo() throws {
    let scratch = try Self.example()
    let arguments =
      BuildCommandTests.stacks["AcmePro", default: []] + [
        "-d", "Out", "--state", "State", "--output-file-list", "out.xcfilelist", "--srcroot", scratch.root.path,
      ]
    let first = try ToolRunner.run(arguments, in: scratch.root)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(Self.hidden(under: "Out", in: scratch).isEmpty)
    #expect(scratch.snapshot("State").keys.sorted() == ["lock", "outputs.json", "stamp.json"])
    let list = try #require(scratch.read("out.xcfilelist"))
    #expect(list.contains("\n$(SRCROOT)/State/outputs.json\n"), "\(list)")
    let again = try ToolRunner.run(arguments, in: scratch.root)
    #expect(again.standardError.contains("up to date"), "\(again.standardError)")
  }

  @Test(arguments: [
    ("Brands/Acme/.state", "lies inside the layer 'Acme'"),
    ("App/{target}/Resources", "is the destination of target 'AcmePro'"),
    ("Derived/shared", "is the state folder of target 'AcmePro'"),
  ])
  func aStateFolderOverASourceADestinationOrAnotherTargetsStateIsAUsageError(state: String, message: String) throws {
    let scratch = try Self.example(
      """
      {"base": "Base", "destination": "App/{target}/Resources", "state": "\(state)",
       "targets": {"AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
                   "AcmeLite": {"layers": ["Brands/Acme", "Targets/AcmeLite"]}}}
      """)
    let outcome = try ToolRunner.run(["build"], in: scratch.root)
    #expect(outcome.status == 64, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("refusing to write: "), "\(outcome.standardError)")
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("App")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Brands/Acme/.state")))
  }

  @Test func aStateFolderHoldingAnotherToolsFilesIsAnErrorAndNothingIsWritten() throws {
    let scratch = try Self.example()
    try scratch.write("{}", to: "Derived/Globex/build-settings.json")
    let outcome = try ToolRunner.run(["build", "--target", "GlobexGo"], in: scratch.root)
    #expect(outcome.status == 1, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "\(scratch.path("Derived/Globex")): error: the state folder holds files locmerge did not write, such as "
          + "'build-settings.json'"), "\(outcome.standardError)")
    #expect(scratch.snapshot("App").keys.filter { $0.hasSuffix(".strings") }.isEmpty)
    #expect(scratch.snapshot("Derived/Globex").keys.sorted() == ["build-settings.json"])
  }
}
