import LayerMerge

/// `locmerge lint` with the project file: every chosen target's stack checked, each shared layer
/// read once, each problem reported once.
struct ProjectLintCommand {
  var options: ProjectOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let context: ProjectContext
    do {
      context = try ProjectContext.load(options, environment: environment, console: console)
      try context.checkLayers(console: console)
    } catch {
      return error.status
    }
    let stacks = context.targets.map(context.project.layers(of:))
    let shared = SharedLayers(stacks.flatMap { $0 }, options: context.settings)
    let merged = shared.merge(stacks, options: context.settings) { _, result in
      (diagnostics: result.diagnostics, inputs: result.inputFiles)
    }
    let findings = Diagnostic.once(
      byTarget: zip(context.targets, merged).map { target, merge in (target.name, merge.diagnostics) })
    let diagnostics = findings.map(\.diagnostic)
    let output = DiagnosticOutput(
      reporter: options.reporter ?? context.project.reporter ?? .xcode,
      paths: .forRun(
        environment: environment, projectRoot: context.project.folder, currentDirectory: PathText.currentDirectory(),
        fallbackFile: context.project.path), console: console)
    for finding in findings where !(options.quiet && finding.diagnostic.severity != .error) {
      output.report(finding)
    }
    output.finish()
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    let errors = diagnostics.filter { $0.severity == .error }.count
    if !options.quiet {
      let files = Set(merged.flatMap(\.inputs)).count
      let targets = context.targets.count
      console.err(
        "locmerge: \(targets) target\(targets == 1 ? "" : "s"), \(files) file\(files == 1 ? "" : "s") read, "
          + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s") "
          + "(each reported once)\n")
    }
    return errors > 0 || (options.strict && warnings > 0) ? .failure : .success
  }
}
