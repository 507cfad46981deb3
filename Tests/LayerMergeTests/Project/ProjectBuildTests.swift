import Foundation
import LayerMerge
import Testing

/// Building many targets in one run: the same outputs as one merge per target, shared layers
/// reported once, a broken target failing alone, and a second run with nothing to do.
@Suite struct ProjectBuildTests {
  /// A base, two brands and three targets; `Globex` has a syntax error only when asked.
  static func fixture(brokenBrand: Bool = false) throws -> TemporaryLayers {
    try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"title\" = \"Home\";\n\"login\" = \"Log in\";\n\"bye\" = \"Bye\";\n",
        "de.lproj/Localizable.strings": "\"title\" = \"Start\";\n\"login\" = \"Anmelden\";\n\"bye\" = \"Tschüss\";\n",
      ],
      "Brands/Acme": ["en.lproj/Localizable.strings": "\"title\" = \"Acme\";\n"],
      "Brands/Globex": [
        "en.lproj/Localizable.strings": brokenBrand ? "\"title\" = \"Globex\"\n" : "\"title\" = \"Globex\";\n"
      ],
      "Targets/AcmePro": ["en.lproj/Localizable.strings": "\"login\" = \"Sign in\";\n"],
      "Targets/AcmeLite": ["de.lproj/Localizable.strings": "\"upsell\" = \"Jetzt kaufen\";\n"],
      "Targets/GlobexGo": [
        "en.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Go\";\n",
        "de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Go\";\n",
      ],
    ])
  }

  static func project(_ fixture: TemporaryLayers, destination: String = "out/{target}") throws -> ProjectFile {
    let text = """
      {"base": "Base", "destination": "\(destination)", "targets": {
        "AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
        "AcmeLite": {"layers": ["Brands/Acme", "Targets/AcmeLite"]},
        "GlobexGo": {"layers": ["Brands/Globex", "Targets/GlobexGo"]}}}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: fixture.path("locmerge.json"))
    return try #require(read.project, "\(read.diagnostics)")
  }

  static func build(_ project: ProjectFile, _ names: [String] = []) throws -> ProjectBuildResult {
    let targets = try project.buildTargets(try project.targets(named: names), environment: [:])
    return ProjectBuild(targets: targets, options: project.options, tool: "test").run()
  }

  /// Every file under a folder but the stamp and lock, with its bytes.
  static func contents(_ folder: String) -> [String: Data] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
    var files: [String: Data] = [:]
    for case let relative as String in enumerator {
      guard !relative.hasSuffix("stamp.json"), !relative.hasSuffix("/lock"),
        let data = FileManager.default.contents(atPath: folder + "/" + relative), !relative.hasSuffix(".lproj")
      else { continue }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
        continue
      }
      files[relative] = data
    }
    return files
  }

  @Test func everyTargetGetsWhatItsOwnMergeWrites() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    let result = try Self.build(project)
    #expect(!result.failed)
    #expect(result.targets.map(\.target.name) == ["AcmePro", "AcmeLite", "GlobexGo"])
    for target in project.targets {
      let alone = fixture.path("alone/\(target.name)")
      let merged = LayerMerger.merge(project.layers(of: target), options: project.options)
      _ = try OutputPlan(result: merged, destination: alone).apply()
      let built = Self.contents(fixture.path("out/\(target.name)"))
      #expect(!built.isEmpty)
      #expect(built == Self.contents(alone), "\(target.name)")
    }
    let pro = try #require(result.targets.first)
    guard case .written(let report) = pro.outcome else {
      Issue.record("AcmePro was not written: \(pro.outcome)")
      return
    }
    #expect(report.written == ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
    #expect(pro.filesRead == 4)
  }

  /// Catalog layers build as `merge` merges them: compiled tables by default, merged catalogs
  /// when asked, and a second run finds the target up to date until a catalog changes.
  @Test(arguments: [CatalogOutput.compiled, .merged])
  func catalogTargetsGetWhatTheirOwnMergeWrites(_ output: CatalogOutput) throws {
    let fixture = try TemporaryLayers([
      "Base": ["Localizable.xcstrings": TemporaryLayers.catalog([("title", [("en", "Home"), ("de", "Start")])])],
      "Targets/Acme": [
        "Localizable.xcstrings": TemporaryLayers.catalog([("title", [("en", "Acme")])]),
        "de.lproj/Localizable.strings": "\"title\" = \"Acme DE\";\n",
      ],
    ])
    let text = """
      {"base": "Base", "destination": "out/{target}", "targets": {"Acme": {"layers": ["Targets/Acme"]}}}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: fixture.path("locmerge.json"))
    let project = try #require(read.project, "\(read.diagnostics)")
    var options = project.options
    options.catalogOutput = output
    let targets = try project.buildTargets(try project.targets(named: []), environment: [:])
    let result = ProjectBuild(targets: targets, options: options, tool: "test").run()
    #expect(!result.failed, "\(result.targets.flatMap(\.diagnostics))")
    let merged = LayerMerger.merge(project.layers(of: project.targets[0]), options: options)
    _ = try OutputPlan(result: merged, destination: fixture.path("alone")).apply()
    let built = Self.contents(fixture.path("out/Acme"))
    #expect(
      built.keys.filter { !$0.hasPrefix(".locmerge/") }.sorted()
        == (output == .compiled
          ? ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"] : ["Localizable.xcstrings"]))
    #expect(built == Self.contents(fixture.path("alone")))
    let again = ProjectBuild(targets: targets, options: options, tool: "test").run()
    guard case .upToDate = again.targets.first?.outcome else {
      Issue.record("not up to date: \(String(describing: again.targets.first?.outcome))")
      return
    }
    try fixture.write(
      Data(TemporaryLayers.catalog([("title", [("en", "Acme!")])]).utf8), to: "Targets/Acme/Localizable.xcstrings")
    let third = ProjectBuild(targets: targets, options: options, tool: "test").run()
    guard case .written = third.targets.first?.outcome else {
      Issue.record(
        "an edited catalog did not run the target again: \(String(describing: third.targets.first?.outcome))")
      return
    }
  }

  /// A layer only one target uses is read when the build gets to that target, and with what the
  /// build reads every layer with: the project's excluded tables stay out, and a link into any
  /// target's destination is not followed.
  @Test func aTargetsOwnLayerIsReadAsTheSharedOnesAre() throws {
    let fixture = try Self.fixture()
    try fixture.write(Data("\"x\" = \"y\";\n".utf8), to: "Targets/AcmePro/fr.lproj/Untranslated.strings")
    // AcmeLite's destination, written by an earlier build, and a link to it from AcmePro's layer.
    try fixture.write(Data("\"upsell\" = \"Kaufen\";\n".utf8), to: "out/AcmeLite/it.lproj/Localizable.strings")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("Targets/AcmePro/it.lproj"), withDestinationPath: fixture.path("out/AcmeLite/it.lproj"))
    let text = """
      {"base": "Base", "destination": "out/{target}", "exclude": ["**/Untranslated.strings"], "targets": {
        "AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
        "AcmeLite": {"layers": ["Brands/Acme", "Targets/AcmeLite"]}}}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: fixture.path("locmerge.json"))
    let project = try #require(read.project, "\(read.diagnostics)")
    let result = try Self.build(project)
    #expect(!result.failed, "\(result.targets.flatMap(\.diagnostics))")
    let pro = Self.contents(fixture.path("out/AcmePro")).keys.filter { !$0.hasPrefix(".locmerge/") }.sorted()
    #expect(pro == ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
    #expect(
      result.targets[0].diagnostics.contains {
        $0.message.contains("leads into the destination") && $0.location?.path.hasSuffix("AcmePro/it.lproj") == true
      })
  }

  @Test func aSecondRunFindsEveryTargetUpToDate() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    _ = try Self.build(project)
    let again = try Self.build(project)
    for target in again.targets {
      guard case .upToDate = target.outcome else {
        Issue.record("\(target.target.name): \(target.outcome)")
        continue
      }
      #expect(target.filesRead == 0)
    }
    // An edit of one target's overlay makes only that target run again.
    try fixture.write(Data("\"login\" = \"Enter\";\n".utf8), to: "Targets/AcmePro/en.lproj/Localizable.strings")
    let third = try Self.build(project)
    let outcomes = third.targets.map { target -> String in
      if case .upToDate = target.outcome { return "up to date" }
      if case .written(let report) = target.outcome { return "wrote \(report.written)" }
      return "other"
    }
    #expect(outcomes == ["wrote [\"en.lproj/Localizable.strings\"]", "up to date", "up to date"])
  }

  @Test func aProblemInASharedLayerIsReportedOnceAndItsTargetsFailAlone() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    // A warning in the base, which every target merges.
    try fixture.write(
      Data("\"title\" = \"Home\";\n\"title\" = \"Home again\";\n\"login\" = \"Log in\";\n\"bye\" = \"Bye\";\n".utf8),
      to: "Base/en.lproj/Localizable.strings")
    // An error in the one brand GlobexGo uses.
    try fixture.write(Data("\"title\" = \"Globex\"\n".utf8), to: "Brands/Globex/en.lproj/Localizable.strings")
    let result = try Self.build(project)
    #expect(result.failed)
    let duplicates = result.diagnostics.filter { $0.code == .duplicateKey }
    #expect(duplicates.count == 1)
    #expect(result.targets.allSatisfy { $0.diagnostics.contains { $0.code == .duplicateKey } })
    #expect(result.diagnostics.filter { $0.code == .syntax }.count == 1)
    #expect(result.targets.map(\.failed) == [false, false, true])
    guard case .notWritten = result.targets[2].outcome else {
      Issue.record("GlobexGo: \(result.targets[2].outcome)")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.path("out/GlobexGo")))
    #expect(FileManager.default.fileExists(atPath: fixture.path("out/AcmePro/en.lproj/Localizable.strings")))
  }

  @Test func warningsAsErrorsStopOnlyTheTargetsWithWarnings() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    // AcmePro repeats the base's value: a redundant override, a warning in AcmePro alone.
    try fixture.write(Data("\"login\" = \"Log in\";\n".utf8), to: "Targets/AcmePro/en.lproj/Localizable.strings")
    let targets = try project.buildTargets(project.targets, environment: [:])
    let result = ProjectBuild(targets: targets, options: project.options, tool: "test", warningsAreErrors: true).run()
    #expect(result.targets.map(\.failed) == [true, false, false])
    #expect(!FileManager.default.fileExists(atPath: fixture.path("out/AcmePro")))
    #expect(FileManager.default.fileExists(atPath: fixture.path("out/AcmeLite/de.lproj/Localizable.strings")))
  }

  @Test func progressIsReportedOncePerTarget() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    let targets = try project.buildTargets(project.targets, environment: [:])
    let seen = Locked<[ProjectBuild.Progress]>([])
    _ = ProjectBuild(targets: targets, options: project.options, tool: "test").run(progress: { progress in
      seen.update { $0.append(progress) }
    })
    #expect(seen.value.map(\.finished) == [1, 2, 3])
    #expect(Set(seen.value.map(\.target)) == ["AcmePro", "AcmeLite", "GlobexGo"])
    #expect(seen.value.allSatisfy { $0.total == 3 })
  }

  @Test func theOutputCheckSeesEveryFileATargetWrites() throws {
    let fixture = try Self.fixture()
    let project = try Self.project(fixture)
    let targets = try project.buildTargets(try project.targets(named: ["GlobexGo"]), environment: [:])
    let build = ProjectBuild(
      targets: targets, options: project.options, tool: "test",
      outputCheck: { target, outputs in
        outputs.map { Diagnostic(.warning, .undeclaredOutput, "\(target.name) writes \(PathText.lastComponent($0))") }
      })
    let first = build.run()
    #expect(first.diagnostics.allSatisfy { $0.code == .undeclaredOutput })
    let messages = first.diagnostics.map(\.message)
    #expect(messages.contains("GlobexGo writes InfoPlist.strings"))
    #expect(messages.contains("GlobexGo writes stamp.json"))
    // Checked again when the target is up to date.
    #expect(build.run().diagnostics.map(\.message).sorted() == messages.sorted())
  }
}

/// A value several threads update, one at a time.
final class Locked<Value>: @unchecked Sendable {
  private var stored: Value
  private let lock = NSLock()

  init(_ value: Value) {
    stored = value
  }

  var value: Value { lock.withLock { stored } }

  func update(_ change: (inout Value) -> Void) {
    lock.withLock { change(&stored) }
  }
}

/// The `ProjectBuild` example of docs/library.md, line for line except for the paths, with
/// `print` captured.
@Suite struct ProjectBuildExampleTests {
  @Test func theDocumentedExampleBuildsOneTarget() throws {
    let fixture = try ProjectBuildTests.fixture()
    try fixture.write(
      Data(
        """
        {"base": "Base", "destination": "out/{target}", "targets": {
          "AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]}}}
        """.utf8), to: "locmerge.json")
    let environment: [String: String] = [:]
    let printed = Locked<[String]>([])
    @Sendable func print(_ item: Any) { printed.update { $0.append("\(item)") } }

    // From docs/library.md:
    let read = ProjectFileReader.read(path: fixture.path("locmerge.json"))
    read.diagnostics.forEach { print($0) }  // locmerge.json:3:5: error: unknown key "destnation"…
    if let project = read.project {
      do {
        let targets = try project.buildTargets(try project.targets(named: ["AcmePro"]), environment: environment)
        let build = ProjectBuild(targets: targets, options: project.options, tool: "mytool 1.0")
        let result = build.run(progress: { print("\($0.finished)/\($0.total) \($0.target)") })
        result.diagnostics.forEach { print($0) }  // each once, however many targets share its layer
        for target in result.targets where target.failed { print("\(target.target.name) failed") }
      } catch {
        print(error)  // no target 'AcmePr' in the project file; did you mean 'AcmePro'?
      }
    }

    #expect(printed.value == ["1/1 AcmePro"])
    #expect(FileManager.default.fileExists(atPath: fixture.path("out/AcmePro/en.lproj/Localizable.strings")))
  }
}
