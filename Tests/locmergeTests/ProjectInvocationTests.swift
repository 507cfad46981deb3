import LayerMerge
import Testing

@testable import locmerge

/// Which commands read the project file, and their options.
@Suite struct ProjectInvocationTests {
  @Test func buildTakesTargetsAShardAndADestination() throws {
    let invocation = try Invocation.parse([
      "build", "--target", "A", "-t", "B", "--shard=2/3", "-d", "out/{target}", "--strict", "-q", "--config", "p.json",
      "--rule", "near-miss-key=error",
    ])
    guard case .build(let options) = invocation.command else {
      Issue.record("expected build, got \(invocation.command)")
      return
    }
    #expect(options.targets == ["A", "B"])
    #expect(options.shard == ProjectOptions.Shard(index: 2, count: 3))
    #expect(options.destination == "out/{target}")
    #expect(options.strict && options.quiet)
    #expect(options.config == "p.json")
    #expect(options.checks.settings.rules[.nearMissKey] == .error)
  }

  @Test func filesLintAndAuditReadTheProjectFileUnlessGivenABase() throws {
    #expect(try Invocation.parse(["files"]).command == .projectFiles(ProjectOptions()))
    #expect(
      try Invocation.parse(["files", "--check"]).command == .projectFiles(ProjectOptions(check: true)))
    guard case .files = try Invocation.parse(["files", "-b", "Base", "-d", "Out"]).command else {
      Issue.record("files -b is the single-stack form")
      return
    }
    #expect(try Invocation.parse(["lint", "--strict"]).command == .projectLint(ProjectOptions(strict: true)))
    guard case .lint = try Invocation.parse(["lint", "--base=Base"]).command else {
      Issue.record("lint --base= is the single-stack form")
      return
    }
    guard
      case .projectAudit(let project, let audit) = try Invocation.parse(["audit", "-t", "A", "--format", "json"])
        .command
    else {
      Issue.record("audit without -b reads the project file")
      return
    }
    #expect(project.targets == ["A"])
    #expect(audit.format == .json)
  }

  @Test(arguments: [
    (["build", "--shard", "0/2"], "--shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '0/2'"),
    (["build", "--shard", "2"], "--shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '2'"),
    (
      ["build", "-s", "Brands/Acme"],
      "build takes every layer from locmerge.json, not -s; to merge layers named on the command line, use "
        + "'locmerge merge -b BASE -s OVERLAY -d DEST'"
    ),
    (["files", "--strict"], "unknown option '--strict'"),
    (["lint", "-c", "p.json", "-b", "Base"], "-c and -b are two ways to name the layers; give one"),
    (["init", "--targets", "T"], "missing -b BASE (the folder with the shared translations)"),
    (["init", "-b", "B"], "missing --targets FOLDER (the folder with one overlay folder per target)"),
  ])
  func mistakesAreUsageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
  }
}
