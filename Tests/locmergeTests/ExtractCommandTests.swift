import Foundation
import Testing

@testable import locmerge

/// `locmerge extract` end to end: the refusals, the report, and a project `build` can use.
@Suite struct ExtractCommandTests {
  /// Copies A and B under a fresh root.
  static func copies() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-extract-\(UUID().uuidString)")
    for (name, text) in [
      ("A", "\"k\" = \"v\";\n\"name\" = \"Alpha\";\n"), ("B", "\"k\" = \"v\";\n\"name\" = \"Beta\";\n\"b\" = \"B\";\n"),
    ] {
      let folder = root.appendingPathComponent("\(name)/en.lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    return root
  }

  @Test func parsesCopiesGroupsAndOptions() throws {
    let invocation = try Invocation.parse([
      "extract", "-o", "Out", "A=x/A", "B=x/B", "--group", "G=A,B", "--prefer", "B", "--format", "json",
    ])
    var expected = ExtractOptions()
    expected.copies = [LayerArgument(name: "A", path: "x/A"), LayerArgument(name: "B", path: "x/B")]
    expected.output = "Out"
    expected.groups = [.init(name: "G", members: ["A", "B"])]
    expected.preferred = "B"
    expected.format = .json
    #expect(invocation == Invocation(command: .extract(expected)))
  }

  @Test(arguments: [
    (["extract", "A=a"], "missing -o OUT (the new folder for the base and the overlays)"),
    (["extract", "-o", "o"], "extract needs the copies, as NAME=DIR: one folder per target with its full tables"),
    (["extract", "-o", "o", "a"], "each copy is given as NAME=DIR (the target's name, then its folder), got 'a'"),
    (["extract", "-o", "o", "A=a", "--prefer", "Z"], "--prefer names 'Z', which is not a target (NAME=DIR)"),
    (
      ["extract", "-o", "o", "A=a", "A=b"],
      "target name 'A' is already used by target 'A'; every layer needs its own folder"
    ),
    (["extract", "-o", "o", "A=a", "--format", "xml"], "unknown format 'xml'; use text or json"),
  ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
  }

  @Test func writesTheLayersAndTheProjectFileAndReports() throws {
    let root = try Self.copies()
    defer { try? FileManager.default.removeItem(at: root) }
    let console = CapturedConsole()
    let out = root.appendingPathComponent("Localization").path
    let status = CommandLineTool.run(
      arguments: ["extract", "-o", out, "A=\(root.path)/A", "B=\(root.path)/B"], environment: [:], console: console)
    #expect(status == .success, "\(console.standardError)")
    let files = (FileManager.default.enumerator(atPath: out)?.allObjects as? [String] ?? []).sorted()
    #expect(
      files == [
        "A", "A/en.lproj", "A/en.lproj/Localizable.strings", "B", "B/en.lproj", "B/en.lproj/Localizable.strings",
        "Base", "Base/en.lproj", "Base/en.lproj/Localizable.strings",
      ])
    // The project file sits beside OUT, at the project root, naming the layers from there.
    let project = try String(contentsOfFile: root.appendingPathComponent("locmerge.json").path, encoding: .utf8)
    #expect(project.contains(#""A": {"layers": ["Localization/A"]}"#), "\(project)")
    #expect(console.standardOutput.hasPrefix("Extracted 2 targets into \(out): Base (1 entry)\n"))
    #expect(console.standardOutput.contains("\n  en.lproj/Localizable.strings \"name\"\n"))
    let base = try String(contentsOfFile: out + "/Base/en.lproj/Localizable.strings", encoding: .utf8)
    #expect(base == "\"k\" = \"v\";\n")
  }

  @Test func theJSONReportListsEveryTarget() throws {
    let root = try Self.copies()
    defer { try? FileManager.default.removeItem(at: root) }
    let console = CapturedConsole()
    let status = CommandLineTool.run(
      arguments: ["extract", "-f", "json", "-o", "\(root.path)/Out", "A=\(root.path)/A", "B=\(root.path)/B"],
      environment: [:], console: console)
    #expect(status == .success)
    let object = try JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8)) as? [String: Any]
    let targets = try #require(object?["targets"] as? [[String: Any]])
    #expect(targets.map { $0["name"] as? String } == ["A", "B"])
    #expect(targets.map { $0["added"] as? Int } == [1, 2])
    #expect(targets.map { $0["inherited"] as? Int } == [1, 1])
    #expect((object?["perTargetKeys"] as? [[String: Any]])?.first?["key"] as? String == "name")
  }

  @Test func refusesAnOutputThatIsNotEmptyOrOverlapsACopy() throws {
    let root = try Self.copies()
    defer { try? FileManager.default.removeItem(at: root) }
    let full = root.appendingPathComponent("Full")
    try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: full.appendingPathComponent("notes.txt"))
    let cases: [(String, [String], String)] = [
      (
        full.path, ["A=\(root.path)/A"],
        "\(full.path): error: refusing to write: OUT exists and is not empty; extract creates a new folder [unsafe-destination]\n"
      ),
      ("\(root.path)/A/Out", ["A=\(root.path)/A"], "lies inside the layer 'A'"),
      (root.path, ["A=\(root.path)/A"], "contains the layer 'A'"),
      ("\(root.path)/A", ["A=\(root.path)/A"], "is the layer 'A'"),
      ("\(root.path)/Out", ["A=\(root.path)/Missing"], "layer folder '\(root.path)/Missing' does not exist"),
    ]
    for (out, copies, message) in cases {
      let console = CapturedConsole()
      let status = CommandLineTool.run(arguments: ["extract", "-o", out] + copies, environment: [:], console: console)
      #expect(status == .usage, "\(out)")
      #expect(console.standardError.contains(message), "\(console.standardError)")
    }
    #expect(try String(contentsOf: full.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep")
    #expect(!FileManager.default.fileExists(atPath: "\(root.path)/A/Out"))
    #expect(!FileManager.default.fileExists(atPath: "\(root.path)/Out"))
  }

  @Test func aBrokenCopyFailsAndWritesNothing() throws {
    let root = try Self.copies()
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("\"k\" = \"v\"\n".utf8).write(to: root.appendingPathComponent("B/en.lproj/Localizable.strings"))
    let console = CapturedConsole()
    let status = CommandLineTool.run(
      arguments: ["extract", "-o", "\(root.path)/Out", "A=\(root.path)/A", "B=\(root.path)/B"], environment: [:],
      console: console)
    #expect(status == .failure)
    #expect(console.standardError.contains("\(root.path)/B/en.lproj/Localizable.strings:1:"))
    #expect(console.standardError.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: "\(root.path)/Out"))
  }
}

extension ExtractCommandTests {
  @Test func theProjectFileItWritesIsOneLocmergeBuildBuilds() throws {
    let root = try Self.copies()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("Localization").path
    let extracted = CommandLineTool.run(
      arguments: ["extract", "-o", out, "A=\(root.path)/A", "B=\(root.path)/B"], environment: [:],
      console: CapturedConsole())
    #expect(extracted == .success)
    let console = CapturedConsole()
    let built = CommandLineTool.run(
      arguments: ["build", "-c", root.path + "/locmerge.json", "-d", root.path + "/built/{target}"], environment: [:],
      console: console)
    #expect(built == .success, "\(console.standardError)")
    for name in ["A", "B"] {
      let copy = try Data(contentsOf: root.appendingPathComponent("\(name)/en.lproj/Localizable.strings"))
      let merged = try Data(contentsOf: root.appendingPathComponent("built/\(name)/en.lproj/Localizable.strings"))
      let read = { (data: Data) in
        try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
      }
      #expect(try read(merged) == read(copy), "\(name)")
    }
  }
}
