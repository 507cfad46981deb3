import LayerMerge

/// `locmerge audit`: what every target inherits, overrides, adds or repeats, and its errors.
struct AuditCommand {
  var options: AuditOptions
  var console: Console
  /// The longest line of text output.
  var width = TerminalWidth.fallback

  func run() -> ExitStatus {
    let base = options.base.layer
    let targets = options.targets.map { target in
      (name: target.name, overlays: target.layers.map { Layer(path: $0) })
    }
    return run(base: base, targets: targets)
  }

  /// Audits these stacks (the project file's, or those of the command line).
  /// - Parameter projectFile: The project file the stacks come from, which the report must not replace.
  func run(base: Layer, targets: [(name: String, overlays: [Layer])], projectFile: String? = nil) -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    // Each target is its own stack over the base; a stack that cannot be meant is a usage error.
    var printed: Set<String> = []
    var invalid = false
    for target in targets {
      for problem in LayerStackValidation.problems([base] + target.overlays) {
        invalid = true
        if printed.insert(problem.description).inserted { printer.print(problem) }
      }
    }
    guard !invalid else { return .usage }
    // The report must not replace a source.
    if let output = options.output {
      var seen: Set<String> = []
      let layers = ([base] + targets.flatMap(\.overlays)).filter { seen.insert($0.path).inserted }
      let problems = ProjectWriteCheck(
        writes: [.file(output, label: "the report")],
        protected: layers.map { .layer($0) } + (projectFile.map { [.source($0, label: "the project file")] } ?? [])
      ).problems()
      guard problems.isEmpty else {
        problems.forEach { printer.print($0.diagnostic) }
        return .usage
      }
    }
    let report = AuditReport(base: base, targets: targets, options: options.checks.settings)
    // Errors make the audit incomplete (a broken file counts as empty): print them too, and fail.
    for problem in report.problems { printer.print(problem.diagnostic) }
    let renderer = AuditRenderer(report: report, statuses: options.statuses, width: width)
    let rendered: String
    if let pattern = options.keyPattern, options.format != .html {
      rendered = renderer.keyView(Glob(pattern), format: options.format)
    } else if let name = options.changesOf, options.format != .html {
      rendered = renderer.changesView(target: name, format: options.format)
    } else {
      rendered = renderer.fullView(format: options.format, filter: options.keyPattern ?? "")
    }
    if let output = options.output {
      do {
        try AtomicFile.writeIfChanged(Array(rendered.utf8), to: output)
      } catch {
        printer.print(error.diagnostic)
        return .failure
      }
    } else {
      console.out(rendered)
    }
    return report.problems.isEmpty ? .success : .failure
  }
}
