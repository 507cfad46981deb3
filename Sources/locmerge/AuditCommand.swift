import LayerMerge

/// `locmerge audit`: what every target inherits, overrides, adds or repeats.
struct AuditCommand {
  var options: AuditOptions
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let base = Layer(name: options.base.name, path: options.base.path)
    let targets = options.targets.map { target in
      (name: target.name, overlays: target.layers.map { Layer(path: $0) })
    }
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
    let report = AuditReport(base: base, targets: targets)
    // Errors make the audit incomplete (a broken file counts as empty): show them and fail.
    var errors = 0
    for target in report.targets {
      for diagnostic in target.result.diagnostics where diagnostic.severity == .error {
        errors += 1
        if printed.insert(diagnostic.description).inserted { printer.print(diagnostic) }
      }
    }
    let rendered: String
    if let pattern = options.keyPattern, options.format != .html {
      rendered = AuditRenderer(report: report).keyView(Glob(pattern), format: options.format)
    } else if let name = options.changesOf, options.format != .html {
      rendered = AuditRenderer(report: report).changesView(target: name, format: options.format)
    } else {
      rendered = AuditRenderer(report: report).fullView(format: options.format, filter: options.keyPattern ?? "")
    }
    if let output = options.output {
      do {
        try OutputDirectory.writeIfChanged(Array(rendered.utf8), to: output)
      } catch {
        printer.print(Diagnostic(.error, .writeFailed, error.message, at: SourceLocation(path: error.path)))
        return .failure
      }
    } else {
      console.out(rendered)
    }
    return errors > 0 ? .failure : .success
  }
}
