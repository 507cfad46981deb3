import LayerMerge
import Testing

@testable import locmerge

@Suite struct InvocationTests {
  @Test func theSeedScriptsFlagsMeanMerge() throws {
    let invocation = try Invocation.parse(["-b", "Base", "-s", "Brands/Acme", "-s", "Pro=Targets/Pro", "-d", "Out"])
    guard case .merge(let options) = invocation.command else {
      Issue.record("expected merge, got \(invocation.command)")
      return
    }
    #expect(options.base == LayerArgument(name: nil, path: "Base"))
    #expect(
      options.overlays == [
        LayerArgument(name: nil, path: "Brands/Acme"), LayerArgument(name: "Pro", path: "Targets/Pro"),
      ])
    #expect(options.destination == "Out")
    #expect(
      try Invocation.parse(["merge", "-b", "Base", "-s", "Brands/Acme", "-s", "Pro=Targets/Pro", "-d", "Out"])
        == invocation)
  }

  @Test func longOptionsTakeEqualsValues() throws {
    let invocation = try Invocation.parse(["lint", "--base=Base", "--strict", "--provenance=p.json"])
    guard case .lint(let options) = invocation.command else {
      Issue.record("expected lint")
      return
    }
    #expect(options.strict && options.provenance == "p.json" && options.destination == nil)
  }

  @Test(arguments: [
    (["-b", "B", "--destinaton", "x"], "unknown option '--destinaton'; did you mean '--destination'?"),
    (["-s", "x", "-d", "y"], "missing -b BASE (the folder with the shared translations)"),
    (["-b", "B"], "missing -d DEST (the folder that receives the merged tables)"),
    (["-b", "B", "-d"], "option '-d' needs a value"),
    (["mrege", "-b", "B"], "unknown command 'mrege'; did you mean 'merge'?"),
    (["print"], "'print' needs at least one file"),
    (["audit", "-b", "B"], "audit needs at least one --target NAME=LAYER"),
    (
      ["audit", "-b", "B", "--target", "Acme"],
      "--target needs NAME=LAYER[:LAYER…] (or NAME= for the base alone), got 'Acme'"
    ),
    (
      ["audit", "-b", "B", "--target", "A=x", "--format", "pdf"],
      "unknown format 'pdf'; use one of text, markdown, csv, json, html"
    ),
    (["-b", "B", "-d", "x", "extra"], "unexpected argument 'extra'; layers are given with -b BASE and -s OVERLAY"),
    // Options that did nothing in a form are refused, as their help does not list them.
    (["lint", "-b", "B", "--depfile", "d"], "unknown option '--depfile'"),
    (["files", "-b", "B", "-d", "D", "--strict"], "unknown option '--strict'"),
  ])
  func usageErrorsExplainThemselves(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
  }

  @Test func catalogsAreCompiledUnlessMergedCatalogsAreAskedFor() throws {
    for (arguments, expected) in [
      (["-b", "B", "-d", "D"], CatalogOutput.compiled), (["-b", "B", "-d", "D", "--catalogs", "merged"], .merged),
      (["files", "-b", "B", "-d", "D", "--catalogs=compiled"], .compiled),
    ] {
      switch try Invocation.parse(arguments).command {
      case .merge(let options), .files(let options): #expect(options.checks.settings.catalogOutput == expected)
      default: Issue.record("expected merge or files for \(arguments)")
      }
    }
    #expect(throws: UsageError("--catalogs takes compiled or merged, got 'json'")) {
      try Invocation.parse(["-b", "B", "-d", "D", "--catalogs", "json"])
    }
  }

  @Test func helpAndVersionAreCleanExits() throws {
    #expect(try Invocation.parse([]).command == .help(nil))
    #expect(try Invocation.parse(["merge", "--help"]).command == .help("merge"))
    #expect(try Invocation.parse(["help", "audit"]).command == .help("audit"))
    #expect(try Invocation.parse(["--version"]).command == .version)
    let console = CapturedConsole()
    #expect(CommandLineTool.run(arguments: ["help", "merge"], environment: [:], console: console) == .success)
    #expect(console.standardOutput.contains("XCODE RUN SCRIPT PHASE"))
  }

  @Test func auditTargetsAreChainsOfLayers() throws {
    let invocation = try Invocation.parse([
      "audit", "-b", "Base", "--target", "Pro=Brands/Acme:Targets/Pro", "--target", "Lite=Brands/Acme", "--format",
      "csv",
    ])
    guard case .audit(let options) = invocation.command else {
      Issue.record("expected audit")
      return
    }
    #expect(options.targets.map(\.name) == ["Pro", "Lite"])
    #expect(options.targets.map(\.layers) == [["Brands/Acme", "Targets/Pro"], ["Brands/Acme"]])
    #expect(options.format == .csv)
  }

  @Test func checkSettingsAreSharedByEveryCommand() throws {
    let flags = [
      "--development-language", "de", "--rule", "near-miss-key=off", "--rule", "missing-translation=error",
      "--exclude", "Settings.bundle",
    ]
    var expected = LayerMerge.MergeOptions(developmentLanguage: "de", exclude: [PathGlob("Settings.bundle")])
    try expected.rules.set(.off, for: .nearMissKey)
    try expected.rules.set(.error, for: .missingTranslation)
    for command in [["lint"], ["merge"], ["files"]] {
      let invocation = try Invocation.parse(command + ["-b", "Base", "-d", "Out"] + flags)
      switch invocation.command {
      case .lint(let options), .merge(let options), .files(let options):
        #expect(options.checks.settings == expected, "\(command)")
      default: Issue.record("unexpected \(invocation.command)")
      }
    }
    guard case .audit(let audit) = try Invocation.parse(["audit", "-b", "B", "--target", "A=x"] + flags).command else {
      Issue.record("expected audit")
      return
    }
    #expect(audit.checks.settings == expected)
  }

  @Test func auditTakesStatusesAndTheBaseAlone() throws {
    let invocation = try Invocation.parse([
      "audit", "-b", "Base", "--target", "Base=", "--target", "Pro=Targets/Pro", "--status", "error,added",
    ])
    guard case .audit(let options) = invocation.command else {
      Issue.record("expected audit")
      return
    }
    #expect(options.targets.map(\.layers) == [[], ["Targets/Pro"]])
    #expect(options.statuses == [.error, .added])
    #expect(throws: UsageError("--target 'A' is given twice")) {
      try Invocation.parse(["audit", "-b", "B", "--target", "A=x", "--target", "A=y"])
    }
    #expect(
      throws: UsageError("unknown status 'inherited'; use overridden, added, redundant or error, separated by commas")
    ) {
      try Invocation.parse(["audit", "-b", "B", "--target", "A=x", "--status", "inherited"])
    }
  }
}
