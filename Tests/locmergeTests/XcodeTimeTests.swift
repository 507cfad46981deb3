import Foundation
import TestSupport
import Testing

@testable import locmerge

/// `xcode install`, `install --dry-run`, `show` and `files` take time linear in the number of
/// targets (issue 31, item 7): each is timed on a generated project (``ManyTargetsProject``) of
/// n and 8n targets, in the same test (``LinearTime``). Before the fix, looking a target up by
/// name scanned every target (in `locmerge.json` and in the Xcode project), and writing each
/// file list listed the whole folder of lists for leftover temporary files: `install` took 34.5
/// times as long for 8 times the targets, `files` 36.4 (debug build). In a debug build the
/// quadratic part of `--dry-run` and `show` shows only at thousands of targets (9.0 and 8.8 before
/// the fix at these sizes): their cause is timed on its own (`TargetLookupTimeTests`), and these
/// two keep it from coming back elsewhere on their paths.
///
/// `install` and `files` create thousands of files, and the kernel's cost of that swings from run
/// to run (a CI run read 30.5× for `files`, over the budget, with the code linear): they time the
/// thread's user time (``LinearTime/Clock/threadUser``), where the tool's own work per file is.
/// It reads 7.8–8.3× for both; with the folder listed again before each file is written, 59× and
/// 62×.
@Suite(.serialized) struct XcodeTimeTests {
  static func run(_ arguments: [String]) -> (status: locmerge.ExitStatus, console: CapturedConsole) {
    let console = CapturedConsole()
    let status = CommandLineTool.run(arguments: arguments, environment: [:], console: console)
    return (status, console)
  }

  /// The ratio of the times of `work` on projects of n and 8n targets.
  static func ratio(n: Int, clock: LinearTime.Clock = .thread, _ work: (ManyTargetsProject) -> Void) throws -> Double {
    var projects: [ManyTargetsProject] = []
    defer { projects.forEach { $0.remove() } }
    return try LinearTime.ratio(
      n: n, clock: clock, runs: 2,
      prepare: { count in
        let project = try ManyTargetsProject(targets: count)
        projects.append(project)
        return project
      }, work)
  }

  @Test func installIsLinearInTargets() throws {
    let ratio = try Self.ratio(n: 320, clock: .threadUser) { project in
      #expect((try? project.reset()) != nil)
      let (status, console) = Self.run(
        ["xcode", "install", "--project", project.projectPath, "--config", project.configPath])
      #expect(status == .success, "\(console.standardError)")
      #expect(console.standardOutput.contains("File lists: \(2 * project.count) written"))
    }
    #expect(ratio < LinearTime.budget, "install: time grew \(ratio)× for 8× the targets")
  }

  @Test func aDryRunIsLinearInTargets() throws {
    let ratio = try Self.ratio(n: 100) { project in
      let (status, console) = Self.run(
        ["xcode", "install", "--dry-run", "--project", project.projectPath, "--config", project.configPath])
      #expect(status == .success, "\(console.standardError)")
      #expect(console.standardError.contains("\(project.count) of \(project.count) targets would change"))
    }
    #expect(ratio < LinearTime.budget, "install --dry-run: time grew \(ratio)× for 8× the targets")
  }

  @Test func showIsLinearInTargets() throws {
    let ratio = try Self.ratio(n: 200) { project in
      let (status, console) = Self.run(
        ["xcode", "show", "--json", "--project", project.projectPath, "--config", project.configPath])
      #expect(status == .success, "\(console.standardError)")
      #expect(console.standardOutput.contains("\"T\(project.count - 1)\""))
    }
    #expect(ratio < LinearTime.budget, "show: time grew \(ratio)× for 8× the targets")
  }

  @Test func writingTheFileListsIsLinearInTargets() throws {
    let ratio = try Self.ratio(n: 250, clock: .threadUser) { project in
      #expect((try? project.reset()) != nil)
      let (status, console) = Self.run(["files", "--config", project.configPath])
      #expect(status == .success, "\(console.standardError)")
      #expect(console.standardError.contains("\(2 * project.count) written"))
    }
    #expect(ratio < LinearTime.budget, "files: time grew \(ratio)× for 8× the targets")
  }
}
