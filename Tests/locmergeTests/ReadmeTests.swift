import Foundation
import Testing

/// The README says what is true of this repository: the example's count of targets, the tests
/// that need `../shared`, quick-start commands that run as written, and install steps that are
/// alternatives.
@Suite struct ReadmeTests {
  static let readme =
    (try? String(contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

  /// The section under a `## ` heading.
  static func section(_ heading: String) -> String {
    guard let start = readme.range(of: "\n## \(heading)\n") else { return "" }
    let rest = readme[start.upperBound...]
    return String(rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest)
  }

  /// The number right before `word` in `text` ("5 targets" → 5).
  static func number(before word: String, in text: String) -> Int? {
    guard let range = text.range(of: " \(word)") else { return nil }
    return Int(text[..<range.lowerBound].split(separator: " ").last ?? "")
  }

  @Test func theExampleHasAsManyTargetsAsTheReadmeSays() throws {
    let project = try Data(
      contentsOf: ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel/locmerge.json"))
    let targets = try #require(
      (try JSONSerialization.jsonObject(with: project) as? [String: Any])?["targets"] as? [String: Any])
    let firstLine = try #require(
      Self.readme.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).first)
    #expect(Self.number(before: "targets over a base", in: String(firstLine)) == targets.count, "\(firstLine)")
  }

  @Test func theTestsThatNeedSharedAreCounted() throws {
    var count = 0
    let tests = ToolRunner.packageRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      // This file names the traits it counts without being such a test.
      guard file.pathExtension == "swift", !file.path.contains("/TestSupport/"),
        file.lastPathComponent != "ReadmeTests.swift"
      else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      // A suite with the trait skips every test in it; otherwise each test has the trait itself.
      if text.contains("@Suite(SharedFolder.required") {
        count += text.components(separatedBy: "@Test").count - 1
      } else {
        count += text.components(separatedBy: "@Test(SharedFolder.required").count - 1
      }
      // Every test that needs the folder says so the one way counted here.
      #expect(!text.contains(".enabled(if: SharedFolder.isAvailable"), "\(file.lastPathComponent)")
    }
    #expect(count > 0)
    #expect(Self.number(before: "tests read `../shared`", in: Self.readme) == count)
  }

  /// Every `locmerge` line of the example's quick start runs, as written, in a copy of the example.
  @Test func theExampleQuickStartRunsAsWritten() throws {
    let start = try #require(Self.readme.range(of: "```sh\ncd Examples/WhiteLabel\n"))
    let block = Self.readme[start.upperBound...].prefix { $0 != "`" }
    let commands = block.split(separator: "\n").map { line in
      String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
    }.filter { $0.hasPrefix("locmerge ") }
    #expect(commands.count == 3)
    let scratch = try Scratch(copying: "WhiteLabel")
    try FileManager.default.copyItem(
      at: ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel/locmerge.json"),
      to: scratch.url("locmerge.json"))
    for command in commands {
      let arguments = command.dropFirst("locmerge ".count).split(separator: " ").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
      }
      let outcome = try ToolRunner.run(arguments, in: scratch.root)
      #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
    }
    #expect(scratch.read("audit.html") != nil)
  }

  @Test func theInstallLinesAreAlternativesAndSayWhereTheBinaryGoes() {
    let install = Self.section("Install")
    #expect(install.contains("alternatives, not steps"))
    #expect(install.contains("PATH"))
    // The static binary needs the C and C++ runtime libraries.
    #expect(!install.contains("needs nothing"))
    #expect(install.contains("libstdc++"))
  }
}
