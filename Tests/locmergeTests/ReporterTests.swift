import Foundation
import LayerMerge
import Testing

/// `--reporter` and the project file's `"reporter"`: the same findings as Xcode's lines, JSON,
/// GitHub Actions commands and SARIF, held to golden files; the SARIF log to the schema.
@Suite struct ReporterTests {
  /// Layers whose lint has a warning with a note, warnings without a line, a key with `%`, `,`
  /// and `:`, and a layer folder whose name needs escaping in a URI.
  static func layers() throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A %@\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n", to: "Base/en.lproj/Localizable.strings")
    try scratch.write("\"a\" = \"A %d\";\n", to: "Base/de.lproj/Localizable.strings")
    try scratch.write("\"b\" = \"B\";\n\"100%, sure: yes\" = \"x\";\n", to: "Brand Ä/en.lproj/Localizable.strings")
    return scratch
  }

  static let lint = ["lint", "-b", "Base", "-s", "Brand Ä"]

  /// The folder as the tool sees it from inside (`/private/var/…` for `/var/…` on macOS).
  static func realPath(_ url: URL) -> String {
    guard let resolved = realpath(url.path, nil) else { return url.path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  @Test(arguments: [
    ("xcode", "reporter-xcode.txt"), ("json", "reporter.json"), ("github-actions", "reporter-github-actions.txt"),
    ("sarif", "reporter.sarif"),
  ])
  func eachReporterGivesItsGoldenOutput(reporter: String, golden: String) throws {
    let scratch = try Self.layers()
    let outcome = try ToolRunner.run(Self.lint + ["--reporter", reporter], in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    // Xcode's lines go to standard error, the others to standard output; the summary stays on
    // standard error.
    // SARIF names the run's root folder, a new one each time.
    let report = (reporter == "xcode" ? outcome.standardError : outcome.standardOutput)
      .replacingOccurrences(of: "file://" + Self.realPath(scratch.root) + "/", with: "file:///SCRATCH/")
    try expectSnapshot(report, named: golden)
    #expect(outcome.standardError.hasSuffix("locmerge: 2 layers, 3 files read, 4 warnings, 0 errors\n"))
    if reporter != "xcode" { #expect(!outcome.standardError.contains("warning:")) }
  }

  @Test func theSARIFLogKeepsToTheSchema() throws {
    let scratch = try Self.layers()
    let outcome = try ToolRunner.run(Self.lint + ["--reporter", "sarif"], in: scratch.root)
    let log = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    #expect(SARIFSchema.problems(in: log) == [])
    // Each result's rule index points at its rule.
    let run = try #require(((log as? [String: Any])?["runs"] as? [[String: Any]])?.first)
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 4)
    for result in results {
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
    }
    #expect(Set(rules.compactMap { $0["id"] as? String }) == Set(DiagnosticCode.allCases.map(\.rawValue)))
  }

  @Test func theValidatorFindsABrokenLog() throws {
    // The validator itself: a result without a message, a region without a line, a URI with a space.
    let broken: [String: Any] = [
      "version": "2.1.0",
      "runs": [
        [
          "tool": ["driver": ["name": "x"]],
          "results": [
            [
              "level": "warning", "ruleIndex": true,
              "locations": [["physicalLocation": ["artifactLocation": ["uri": "a b"], "region": ["startColumn": 1]]]],
            ]
          ],
        ]
      ],
    ]
    #expect(
      SARIFSchema.problems(in: broken) == [
        "$.runs[0].results[0]: result lacks required 'message'",
        "$.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri: 'a b' is not a URI reference",
        "$.runs[0].results[0].locations[0].physicalLocation.region: region needs one of "
          + "[[\"startLine\"], [\"charOffset\"], [\"byteOffset\"]]",
        "$.runs[0].results[0].ruleIndex: not an integer",
      ])
  }

  @Test func aSARIFLogWithoutFindingsIsWholeAndAnErrorWithoutAPlaceToo() throws {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A\";\n", to: "Base/en.lproj/Localizable.strings")
    let clean = try ToolRunner.run(["lint", "-b", "Base", "--reporter", "sarif"], in: scratch.root)
    let log = try JSONSerialization.jsonObject(with: Data(clean.standardOutput.utf8))
    #expect(SARIFSchema.problems(in: log) == [])
    let json = try ToolRunner.run(["lint", "-b", "Base", "--reporter", "json"], in: scratch.root)
    #expect(json.standardOutput == "[]\n")
    // A failed write has no line: the result has no region, the JSON null line and column.
    let findings = [
      Finding(Diagnostic(.error, .writeFailed, "disk full", at: SourceLocation(path: "/out/de.lproj/X.strings"))),
      Finding(Diagnostic(.error, .writeFailed, "no place")),
    ]
    let sarif = try JSONSerialization.jsonObject(
      with: Data(DiagnosticReporter.sarif.render(findings, toolVersion: "1").utf8))
    #expect(SARIFSchema.problems(in: sarif) == [])
    let outside = ReportPaths(root: "/elsewhere", currentDirectory: "/elsewhere")
    #expect(
      DiagnosticReporter.sarif.render(findings, toolVersion: "1", paths: outside).contains(
        "\"file:///out/de.lproj/X.strings\""))
    let lines = DiagnosticReporter.json.render(findings, toolVersion: "1").split(separator: "\n")
    #expect(lines[2].hasPrefix("{\"file\": null, \"line\": null, \"column\": null, \"severity\": \"error\""))
  }

  @Test func buildAndTheProjectFileChooseTheReporterAndFindingsNameTheirTargets() throws {
    let scratch = try Self.layers()
    try scratch.write(
      """
      {"base": "Base", "destination": "build/{target}", "reporter": "json",
       "targets": {"Plain": {"layers": []}, "Branded": {"layers": ["Brand Ä"]}}}
      """, to: "locmerge.json")
    let build = try ToolRunner.run(["build"], in: scratch.root)
    #expect(build.status == 0, "\(build.standardError)")
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(build.standardOutput.utf8)) as? [[String: Any]])
    // The base's problem is found by both targets, the brand's by one.
    let byCode = Dictionary(findings.map { ($0["code"] as? String ?? "", $0) }) { first, _ in first }
    #expect(byCode["format-misprint"]?["targets"] as? [String] == ["Plain", "Branded"])
    #expect(byCode["format-misprint"]?["target"] is NSNull)
    #expect(byCode["redundant-override"]?["targets"] as? [String] == ["Branded"])
    #expect(byCode["redundant-override"]?["target"] as? String == "Branded")
    // The command line wins over the project file.
    let lint = try ToolRunner.run(["lint", "--reporter", "github-actions"], in: scratch.root)
    // GitHub matches `file=` against the repository: relative to the project root here.
    #expect(
      lint.standardOutput.hasPrefix("::warning file=Base/de.lproj/Localizable.strings,"), "\(lint.standardOutput)")
    try scratch.write(
      "{\"base\": \"Base\", \"reporter\": \"sarfi\", \"targets\": {\"Plain\": {\"layers\": []}}}", to: "locmerge.json")
    let wrong = try ToolRunner.run(["lint"], in: scratch.root)
    #expect(wrong.status == 64)
    #expect(
      wrong.standardError.contains(
        "error: \"reporter\" must be one of xcode, json, github-actions, sarif, not \"sarfi\"; did you mean \"sarif\"? "
          + "[project-file]"), "\(wrong.standardError)")
    let usage = try ToolRunner.run(Self.lint + ["--reporter", "junit"], in: scratch.root)
    #expect(usage.status == 64)
    #expect(
      usage.standardError.hasPrefix("locmerge: error: --reporter takes xcode, json, github-actions, sarif, got 'junit'")
    )
  }

  /// No reporter passes a control character of the input on: GitHub's commands percent-encode it
  /// in the path (which otherwise stays the path, not its escaped display), JSON and SARIF escape
  /// it as JSON strings and URIs.
  @Test func controlCharactersInAPathStayOutOfEveryReport() throws {
    let finding = Finding(
      Diagnostic(
        .warning, .emptyFile, "the file is empty", at: SourceLocation(path: "/repo/a\u{1B}[2Jb\u{202E}c/x.strings")))
    let paths = ReportPaths(root: "/repo", currentDirectory: "/repo")
    for reporter in DiagnosticReporter.allCases {
      let text = reporter.render([finding], toolVersion: "1", paths: paths)
      #expect(!text.unicodeScalars.contains("\u{1B}"), "\(reporter)")
    }
    #expect(
      DiagnosticReporter.githubActions.render([finding], toolVersion: "1", paths: paths)
        == "::warning file=a%1B[2Jb\u{202E}c/x.strings,title=empty-file::the file is empty\n")
  }

  /// CI reports name files relative to the repository root: `GITHUB_WORKSPACE` when set, else the
  /// project root, wherever the command runs; SARIF says where its root is and gives every result
  /// a line, a result about no file the project file.
  @Test func ciReportsNameFilesRelativeToTheRepositoryRoot() throws {
    let scratch = try Self.layers()
    try scratch.write(
      """
      {"base": "Base", "destination": "build/{target}",
       "targets": {"Plain": {"layers": []}, "Branded": {"layers": ["Brand Ä"]}}}
      """, to: "App/locmerge.json")
    for item in ["Base", "Brand Ä"] {
      try FileManager.default.moveItem(at: scratch.root.appendingPathComponent(item), to: scratch.url("App/" + item))
    }
    let subfolder = scratch.url("App/Base")
    let project = try ToolRunner.run(["lint", "--reporter", "github-actions"], in: subfolder)
    #expect(project.standardOutput.hasPrefix("::warning file=Base/de.lproj/Localizable.strings,"))
    let workspace = try ToolRunner.run(
      ["lint", "--reporter", "github-actions"], in: subfolder, environment: ["GITHUB_WORKSPACE": scratch.root.path])
    #expect(workspace.standardOutput.hasPrefix("::warning file=App/Base/de.lproj/Localizable.strings,"))
    // A workspace named through a symbolic link (macOS's /tmp and /var are links): still relative.
    let link = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-link-\(UUID().uuidString)")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scratch.root)
    defer { try? FileManager.default.removeItem(at: link) }
    let linked = try ToolRunner.run(
      ["lint", "--reporter", "github-actions"], in: subfolder, environment: ["GITHUB_WORKSPACE": link.path])
    #expect(linked.standardOutput.hasPrefix("::warning file=App/Base/de.lproj/Localizable.strings,"), "\(linked)")

    let sarif = try ToolRunner.run(
      ["lint", "--reporter", "sarif"], in: subfolder, environment: ["GITHUB_WORKSPACE": scratch.root.path])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
    #expect(SARIFSchema.problems(in: log) == [])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"]
    #expect(base == "file://" + Self.realPath(scratch.root) + "/")
    let locations = try #require(run["results"] as? [[String: Any]]).compactMap {
      (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    }
    #expect(locations.count == 4)
    for location in locations {
      let artifact = try #require(location["artifactLocation"] as? [String: String])
      #expect(artifact["uriBaseId"] == "SRCROOT")
      #expect(artifact["uri"]?.hasPrefix("App/") == true, "\(artifact)")
      #expect((location["region"] as? [String: Int])?["startLine"] != nil, "\(location)")
    }

    // A finding about a whole file starts at its first line; one about no file is placed at the
    // project file; a file outside the root keeps its absolute URI.
    let findings = [
      Finding(Diagnostic(.error, .writeFailed, "disk full", at: SourceLocation(path: "/repo/out/X.strings"))),
      Finding(Diagnostic(.error, .writeFailed, "no place")),
      Finding(Diagnostic(.error, .writeFailed, "elsewhere", at: SourceLocation(path: "/elsewhere/Y.strings"))),
    ]
    let paths = ReportPaths(root: "/repo", currentDirectory: "/repo", fallbackFile: "/repo/locmerge.json")
    let rendered = try #require(
      try JSONSerialization.jsonObject(
        with: Data(DiagnosticReporter.sarif.render(findings, toolVersion: "1", paths: paths).utf8)) as? [String: Any])
    #expect(SARIFSchema.problems(in: rendered) == [])
    let results = try #require((rendered["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let physical = results.map { ($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any] }
    #expect(
      physical.map { ($0?["artifactLocation"] as? [String: String])?["uri"] } == [
        "out/X.strings", "locmerge.json", "file:///elsewhere/Y.strings",
      ])
    #expect(physical.map { ($0?["region"] as? [String: Int])?["startLine"] } == [1, 1, 1])
  }

  @Test func everyDiagnosticEndsWithItsCode() throws {
    let scratch = try Self.layers()
    let outcome = try ToolRunner.run(Self.lint, in: scratch.root)
    let lines = outcome.standardError.split(separator: "\n").filter {
      $0.contains(": warning: ") || $0.contains(": error: ")
    }
    #expect(lines.count == 4)
    for line in lines {
      let code = try #require(line.split(separator: "[").last?.dropLast())
      #expect(line.hasSuffix("]") && DiagnosticCode(rawValue: String(code)) != nil, "\(line)")
    }
    // Notes do not repeat it; the library's Xcode reporter ends the line with it too.
    #expect(outcome.standardError.contains("note: the en value is here\n"))
    #expect(
      DiagnosticReporter.xcodeLines(
        Diagnostic(.warning, .emptyFile, "the file is empty", at: SourceLocation(path: "x.strings")))
        == "x.strings: warning: the file is empty [empty-file]\n")
  }
}
