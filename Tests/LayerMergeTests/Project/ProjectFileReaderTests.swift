import Foundation
import LayerMerge
import Testing

/// `locmerge.json`: the issue's example reads as written; every kind of mistake is an error at its
/// line and column, all of them at once; destinations expand `{target}` and build settings.
@Suite struct ProjectFileReaderTests {
  static let example = """
    {
      "base": "Localization/Base",
      "destination": "$(DERIVED_FILE_DIR)/LocMerge",
      "targets": {
        "AcmePro":  { "layers": ["Localization/Brands/Acme", "Localization/Targets/AcmePro"] },
        "GlobexGo": { "layers": ["Localization/Brands/Globex", {"name": "Go", "path": "Localization/Targets/GlobexGo"}],
                      "destination": "build/{target}" }
      },
      "developmentLanguage": "en",
      "rules": { "missing-translation": "off", "redundant-override": "error" },
      "exclude": ["**/Untranslated.strings"]
    }
    """

  static func read(_ text: String, path: String = "/project/locmerge.json") -> ProjectFileReader.Result {
    ProjectFileReader.parse(Array(text.utf8), path: path)
  }

  /// The rendered diagnostics, as the CLI prints them.
  static func messages(_ text: String) -> [String] {
    read(text).diagnostics.map(\.description)
  }

  @Test func theIssuesExampleReadsAsWritten() throws {
    let result = Self.read(Self.example)
    #expect(result.diagnostics.isEmpty)
    let project = try #require(result.project)
    #expect(project.base == Layer(name: "Base", path: "/project/Localization/Base"))
    #expect(project.targets.map(\.name) == ["AcmePro", "GlobexGo"])
    #expect(
      project.targets[0].overlays == [
        Layer(name: "Acme", path: "/project/Localization/Brands/Acme"),
        Layer(name: "AcmePro", path: "/project/Localization/Targets/AcmePro"),
      ])
    #expect(project.targets[1].overlays.map(\.name) == ["Globex", "Go"])
    #expect(project.targets[0].position == TextPosition(line: 5, column: 5))
    #expect(project.options.developmentLanguage == "en")
    #expect(project.options.rules.levels == [.missingTranslation: .off, .redundantOverride: .error])
    #expect(project.options.exclude == [PathGlob("**/Untranslated.strings")])
    #expect(project.fileLists == .default)
  }

  @Test func destinationsExpandTargetAndBuildSettings() throws {
    let project = try #require(Self.read(Self.example).project)
    let environment = ["DERIVED_FILE_DIR": "/dd/Acme.build/DerivedSources"]
    #expect(
      try project.destination(of: project.targets[0], environment: environment)
        == "/dd/Acme.build/DerivedSources/LocMerge")
    #expect(try project.destination(of: project.targets[1], environment: [:]) == "/project/build/GlobexGo")
    do {
      _ = try project.destination(of: project.targets[0], environment: [:])
      Issue.record("expanded an unset build setting")
    } catch {
      #expect(error.names == ["DERIVED_FILE_DIR"])
    }
    let template = PathTemplate("${A}/$(B)/{target}/$(A)/$(not a setting)/$")
    #expect(template.settings == ["A", "B", "A"])
    #expect(throws: PathTemplate.UnsetSettings(names: ["A", "B"])) {
      try template.expanded(target: "T", environment: [:])
    }
    #expect(try template.expanded(target: "T", environment: ["A": "a", "B": "b"]) == "a/b/T/a/$(not a setting)/$")
    #expect(template.replacingTarget(with: "T") == "$(A)/$(B)/T/$(A)/$(not a setting)/$")
  }

  @Test func layersWithTheSameFolderNameGetDistinctNames() throws {
    let text = """
      {"base": "L/Base", "targets": {
        "A": {"layers": ["L/Brands/Acme", "L/Targets/Acme"]},
        "B": {"layers": ["L/Brands/Acme/", "./L/Targets/B"]}}}
      """
    let project = try #require(Self.read(text).project)
    #expect(project.targets[0].overlays.map(\.name) == ["Brands/Acme", "Targets/Acme"])
    #expect(project.targets[1].overlays.map(\.name) == ["Brands/Acme", "B"])
  }

  @Test(arguments: [
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}},\n \"destnation\": \"x\"}",
      [
        "/project/locmerge.json:2:2: error: unknown key \"destnation\" in the project file; did you mean \"destination\"?"
      ]
    ),
    (
      "{\"targets\": {\"A\": {\"layers\": []}}}",
      ["/project/locmerge.json:1:1: error: the project file needs \"base\": the folder of the shared translations"]
    ),
    (
      "{\"base\": \"B\"}",
      ["/project/locmerge.json:1:1: error: the project file needs \"targets\": each target's layers above the base"]
    ),
    (
      "{\"base\": \"B\", \"targets\": {}}",
      ["/project/locmerge.json:1:26: error: \"targets\" is empty; name at least one target and its layers"]
    ),
    (
      "{\"base\": 3, \"targets\": []}",
      [
        "/project/locmerge.json:1:10: error: \"base\" must be a string, not a number",
        "/project/locmerge.json:1:24: error: targets must be an object, not an array",
      ]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layer\": []}}}",
      [
        "/project/locmerge.json:1:33: error: unknown key \"layer\" in target \"A\"; did you mean \"layers\"?",
        "/project/locmerge.json:1:32: error: target \"A\" needs \"layers\": its overlays above the base, lowest first",
      ]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": \"X\"}}}",
      ["/project/locmerge.json:1:43: error: \"layers\" of target \"A\" must be an array of folders, not a string"]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": [1, \"\", {\"name\": \"N\"}]}}}",
      [
        "/project/locmerge.json:1:44: error: a layer must be a folder path or {\"name\": …, \"path\": …}, not a number",
        "/project/locmerge.json:1:47: error: a layer's folder must not be empty",
        "/project/locmerge.json:1:51: error: a layer object needs \"path\"",
      ]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}, \"rules\": {\"missing-translations\": \"off\", \"syntax\": \"loud\"}}",
      [
        "/project/locmerge.json:1:59: error: unknown rule \"missing-translations\"; did you mean \"missing-translation\"?",
        "/project/locmerge.json:1:100: error: the level of \"syntax\" must be \"error\", \"warning\" or \"off\", not \"loud\"",
      ]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}, \"A\": {\"layers\": []}}}",
      ["/project/locmerge.json:1:48: error: \"A\" is given twice in targets"]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}, \"C\": {\"layers\": []}}, \"fileLists\": {\"inputs\": \"in.xcfilelist\"}}",
      [
        "/project/locmerge.json:1:94: error: \"inputs\" must contain {target}, or every target would write the same list"
      ]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}, \"exclude\": \"*.strings\"}",
      ["/project/locmerge.json:1:60: error: \"exclude\" must be an array of strings, not a string"]
    ),
    (
      "{\"base\": \"B\",\n  \"targets\": {\"A\": {\"layers\": []}}\n  \"rules\": {}}",
      ["/project/locmerge.json:3:3: error: expected ',' or '}' after the value of \"targets\", found '\"'"]
    ),
    ("[]", ["/project/locmerge.json:1:1: error: the project file must be an object, not an array"]),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}, \"catalogs\": \"merge\"}",
      ["/project/locmerge.json:1:61: error: \"catalogs\" must be \"compiled\" or \"merged\", not \"merge\""]
    ),
    (
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": [], \"catalogs\": true}}}",
      ["/project/locmerge.json:1:59: error: \"catalogs\" must be a string, not a Boolean"]
    ),
  ])
  func everyMistakeIsReportedWhereItIs(_ text: String, _ expected: [String]) {
    let result = Self.read(text)
    #expect(result.diagnostics.map(\.description) == expected)
    #expect(result.project == nil)
    #expect(result.diagnostics.allSatisfy { $0.code == .projectFile })
  }

  /// What a merge writes for String Catalogs is a project setting, like the rules.
  @Test func catalogsSetsWhatCatalogsWrite() throws {
    let merged = Self.read("{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}, \"catalogs\": \"merged\"}")
    #expect(merged.diagnostics.isEmpty, "\(merged.diagnostics)")
    #expect(merged.project?.options.catalogOutput == .merged)
    let unset = Self.read("{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}}")
    #expect(unset.project?.options.catalogOutput == .compiled)
  }

  /// One flavor may write merged catalogs while the others write compiled tables.
  @Test func aTargetMaySetWhatItsCatalogsWrite() throws {
    let read = Self.read(
      "{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}, \"M\": {\"layers\": [], \"catalogs\": \"merged\"}}}")
    #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    let project = try #require(read.project)
    let outputs = project.targets.map { project.options(for: $0).catalogOutput }
    #expect(outputs == [.compiled, .merged])
    let built = try project.buildTargets(project.targets, environment: [:], destination: PathTemplate("out/{target}"))
    #expect(built.map(\.catalogOutput) == [nil, .merged])
  }

  @Test func theFileIsFoundInTheCurrentFolderThenInSRCROOT() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-project-\(UUID().uuidString)")
    let here = root.appendingPathComponent("here")
    let source = root.appendingPathComponent("src")
    try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(ProjectFileReader.locate(from: here.path, environment: ["SRCROOT": source.path]) == nil)
    try Data("{}".utf8).write(to: source.appendingPathComponent("locmerge.json"))
    #expect(
      ProjectFileReader.locate(from: here.path, environment: ["SRCROOT": source.path])
        == source.appendingPathComponent("locmerge.json").path)
    try Data("{}".utf8).write(to: here.appendingPathComponent("locmerge.json"))
    #expect(
      ProjectFileReader.locate(from: here.path, environment: ["SRCROOT": source.path])
        == here.appendingPathComponent("locmerge.json").path)
    let missing = ProjectFileReader.read(path: root.appendingPathComponent("none.json").path)
    #expect(missing.diagnostics.map(\.message) == ["cannot read the project file: No such file or directory"])
  }
}
