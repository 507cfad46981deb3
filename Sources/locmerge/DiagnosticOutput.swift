import LayerMerge

/// Where a run's findings go, in its reporter's format: Xcode's lines on standard error (in colour
/// on a terminal) and GitHub Actions' commands on standard output, each as it comes; a JSON or
/// SARIF document on standard output at ``finish()``, which every path of the run must reach
/// (`defer`), so that a consumer always gets a whole document.
final class DiagnosticOutput {
  let reporter: DiagnosticReporter
  /// How the CI reporters name files.
  let paths: ReportPaths
  private let console: Console
  private let printer: DiagnosticPrinter
  private var collected: [Finding] = []
  private var finished = false

  /// - Parameters:
  ///   - reporter: The format.
  ///   - paths: How GitHub Actions commands and SARIF name files (relative to the repository root).
  ///   - console: Where the text goes.
  init(reporter: DiagnosticReporter, paths: ReportPaths, console: Console) {
    self.reporter = reporter
    self.paths = paths
    self.console = console
    self.printer = DiagnosticPrinter(console: console)
  }

  /// Reports a diagnostic, found by these targets.
  func report(_ diagnostic: Diagnostic, targets: [String] = []) {
    report(Finding(diagnostic, targets: targets))
  }

  /// Reports a finding.
  func report(_ finding: Finding) {
    switch reporter {
    case .xcode: printer.print(finding.diagnostic)
    case .githubActions: console.out(reporter.render([finding], toolVersion: CommandLineTool.version, paths: paths))
    case .json, .sarif: collected.append(finding)
    }
  }

  /// Prints the document of a JSON or SARIF report, once.
  func finish() {
    guard reporter.isDocument, !finished else { return }
    finished = true
    console.out(reporter.render(collected, toolVersion: CommandLineTool.version, paths: paths))
  }
}

extension DiagnosticReporter {
  /// The value of `--reporter`.
  /// - Throws: A usage error naming the reporters.
  init(argument: String) throws(UsageError) {
    guard let reporter = DiagnosticReporter(rawValue: argument) else {
      let hint =
        ArgumentScanner.closest(to: argument, among: Self.allCases.map(\.rawValue))
        .map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError("--reporter takes \(Self.names), got '\(argument)'\(hint)")
    }
    self = reporter
  }
}
