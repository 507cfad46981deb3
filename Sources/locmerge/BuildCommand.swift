import Dispatch
import LayerMerge

/// `locmerge build [--target NAME]... [--shard I/N] [-d DEST]`: merges targets of the project file
/// into their destinations, every shared layer read once, several targets at a time.
struct BuildCommand {
  var options: ProjectOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let context: ProjectContext
    do {
      context = try ProjectContext.load(options, environment: environment, console: console)
    } catch {
      return error.status
    }
    guard !context.targets.isEmpty else {
      console.err(
        "locmerge: no targets to build (shard \(options.shard.map { "\($0.index)/\($0.count)" } ?? "") is empty)\n")
      return .success
    }
    for (flag, value) in [("-d", options.destination), ("--state", options.state)] {
      guard let value else { continue }
      if context.targets.count > 1, !value.contains("{target}") {
        let shared = flag == "-d" ? "would receive" : "would keep the records of"
        console.error(
          "\(flag) '\(value)' \(shared) all \(context.targets.count) targets; choose one with --target NAME, or put "
            + "{target} in it (\(flag) 'build/{target}')")
        return .usage
      }
      if let problem = PathTemplate(value).problem {
        console.error("\(flag): \(problem)")
        return .usage
      }
    }
    var targets: [ProjectBuild.Target]
    do {
      targets = try context.project.buildTargets(
        context.targets, environment: environment, destination: options.destination.map(PathTemplate.init),
        state: options.state.map(PathTemplate.init), relativeTo: PathText.currentDirectory())
    } catch {
      console.error(error.description)
      return .usage
    }
    // Nothing is read or written when a path the build writes overlaps a source or another
    // target's folder, or a mistyped layer would merge as an empty one.
    let code: TargetCode
    do {
      try ProjectContext.checkWrites(context.project.writeCheck(building: targets), console: console)
      try context.checkLayers(console: console)
      code = try TargetCode.find(
        project: context.project, targets: context.targets, options: options, environment: environment,
        console: console, required: false)
    } catch {
      return error.status
    }
    if let note = code.note, !options.quiet { console.err("locmerge: \(note)\n") }
    let files = code.files
    for index in targets.indices {
      targets[index].sources = files[targets[index].name]
      targets[index].copiedTables = code.copiedTables[targets[index].name]
    }

    let serial = SerialConsole(console)
    let showsProgress = console.errorIsTerminal && targets.count > 1 && !options.quiet
    let xcode = XcodeEnvironment(environment: environment)
    var build = ProjectBuild(
      targets: targets, options: context.settings, tool: "locmerge \(CommandLineTool.version)",
      warningsAreErrors: options.strict,
      outputCheck: { _, outputs in xcode.undeclaredOutputWarnings(outputs) })
    build.lookups = context.project.lookups
    let quiet = options.quiet
    let result = build.run(
      progress: { progress in
        guard showsProgress else { return }
        serial.err("\rlocmerge: [\(progress.finished)/\(progress.total)] \(progress.target)\u{1B}[K")
      },
      whileWaiting: { target in
        guard !quiet else { return }
        serial.err(
          (showsProgress ? "\r\u{1B}[K" : "")
            + "locmerge: waiting for another locmerge run to finish writing \(DisplayText.escaped(target.destination))\n"
        )
      })
    if showsProgress { console.err("\r\u{1B}[K") }

    let findings = result.findings
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
      if result.targets.count == 1, let only = result.targets.first {
        console.err(summaryLine(only) + "\n")
      } else {
        console.err(table(result))
        let built = result.targets.filter { if case .written = $0.outcome { return true } else { return false } }
        let upToDate = result.targets.filter { if case .upToDate = $0.outcome { return true } else { return false } }
        let earlier = upToDate.contains { if case .upToDate(let count) = $0.outcome { count > 0 } else { false } }
        console.err(
          "locmerge: \(counted(result.targets.count, "target")): \(built.count) built, \(upToDate.count) up to date, "
            + "\(result.targets.filter(\.failed).count) failed; \(counted(warnings, "warning")), "
            + "\(counted(errors, "error")) (each reported once)"
            + (result.sourcesScanned > 0 ? "; \(counted(result.sourcesScanned, "source file")) scanned" : "")
            + (earlier
              ? "; up-to-date targets count the warnings of their last full run: 'locmerge lint' shows them" : "")
            + "\n")
      }
    }
    return result.failed || (options.strict && warnings > 0) ? .failure : .success
  }

  // MARK: - Private

  /// One target's line, as `merge` prints it, after the target's name.
  private func summaryLine(_ target: ProjectBuildResult.Target) -> String {
    let layers = target.target.layers.count
    let name = "locmerge: \(DisplayText.escaped(target.target.name)): "
    switch target.outcome {
    case .upToDate(let earlier):
      let note =
        earlier == 0
        ? "" : " (\(counted(earlier, "warning")) at the last full run: 'locmerge lint' shows them)"
      return name + "\(counted(layers, "layer")), up to date: 0 written, \(target.tables) unchanged, 0 removed\(note)"
    case .written(let report):
      var summary = Summary(
        layers: layers, read: target.filesRead, warnings: target.warningCount, errors: target.errorCount)
      summary.written = report.written.count
      summary.unchanged = report.unchanged.count
      summary.removed = report.removed.count
      return name + summary.line(mode: .merge, strictFailure: false).dropFirst("locmerge: ".count)
    case .notWritten, .writeFailed:
      let summary = Summary(
        layers: layers, read: target.filesRead, warnings: target.warningCount, errors: target.errorCount)
      let strictFailure = options.strict && target.errorCount == 0 && target.warningCount > 0
      var line = summary.line(mode: .merge, strictFailure: strictFailure).dropFirst("locmerge: ".count)
      if case .writeFailed = target.outcome { line += "; nothing written" }
      return name + line
    }
  }

  /// One row per target: what was read, written and reported, and the outcome.
  private func table(_ result: ProjectBuildResult) -> String {
    var table = TextTable(
      header: ["target", "layers", "read", "written", "unchanged", "removed", "warnings", "errors", "result"])
    table.rightAligned = Set(1...7)
    for target in result.targets {
      var cells = [target.target.name, "\(target.target.layers.count)", "\(target.filesRead)"]
      let outcome: String
      switch target.outcome {
      case .upToDate(let earlier):
        cells += ["0", "\(target.tables)", "0"]
        outcome = target.failed ? "failed" : "up to date"
        // As its own line says: the warnings of the last full run, and those checked again now.
        table.rows.append(cells + ["\(earlier + target.warningCount)", "\(target.errorCount)", outcome])
        continue
      case .written(let report):
        cells += ["\(report.written.count)", "\(report.unchanged.count)", "\(report.removed.count)"]
        outcome = target.failed ? "failed" : "built"
      case .notWritten:
        cells += ["0", "0", "0"]
        outcome = target.errorCount > 0 ? "errors: nothing written" : "warnings (--strict): nothing written"
      case .writeFailed:
        cells += ["0", "0", "0"]
        outcome = "write failed: nothing written"
      }
      table.rows.append(cells + ["\(target.warningCount)", "\(target.errorCount)", outcome])
    }
    return table.text()
  }

  private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// Standard error for callbacks that arrive from several threads: one write at a time.
final class SerialConsole: @unchecked Sendable {
  private let console: Console
  private let queue = DispatchQueue(label: "locmerge.console")

  init(_ console: Console) {
    self.console = console
  }

  func err(_ text: String) {
    queue.sync { console.err(text) }
  }
}
