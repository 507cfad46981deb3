/// The formats a run's diagnostics can be reported in (`--reporter`, `"reporter"` in the project
/// file): Xcode's lines, a JSON array, GitHub Actions workflow commands, or a SARIF 2.1.0 log for
/// code-scanning dashboards.
///
/// The library renders; the caller decides where the text goes (the command-line tool prints
/// Xcode's lines on standard error and the others on standard output).
public enum DiagnosticReporter: String, Hashable, Sendable, CaseIterable {
  /// `path:line:column: warning: message [code]`, notes as `path:line:column: note: …`.
  case xcode
  /// One JSON array, one object per finding: file, line, column, severity, code, message,
  /// target, targets, notes.
  case json
  /// `::warning file=…,line=…,col=…,title=CODE::message`, one line per finding.
  case githubActions = "github-actions"
  /// A SARIF 2.1.0 log: one run, a rule per diagnostic code, a result per finding.
  case sarif

  /// The reporters' names, for messages: `xcode, json, github-actions, sarif`.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// Whether the report is one document (JSON, SARIF), made when every finding is known, rather
  /// than lines printed as they come.
  public var isDocument: Bool { self == .json || self == .sarif }

  /// The report of these findings.
  /// - Parameters:
  ///   - findings: The findings, in the order to report them.
  ///   - toolVersion: The version the report names (SARIF's `driver.version`).
  ///   - paths: How the CI reporters (GitHub Actions, SARIF) name files; by default relative to
  ///     the current folder. Xcode's lines and JSON give paths as the diagnostics do.
  /// - Returns: The text, ending with a line break (empty for no findings, except for the
  ///   documents, which are always whole).
  public func render(_ findings: [Finding], toolVersion: String, paths: ReportPaths? = nil) -> String {
    switch self {
    case .xcode: return findings.map { Self.xcodeLines($0.diagnostic) }.joined()
    case .json: return Self.jsonDocument(findings)
    case .githubActions:
      let paths = paths ?? Self.currentFolderPaths()
      return findings.map { Self.workflowCommand($0.diagnostic, paths: paths) }.joined()
    case .sarif: return Self.sarifLog(findings, toolVersion: toolVersion, paths: paths ?? Self.currentFolderPaths())
    }
  }

  /// Paths relative to the current folder, when the caller names no root.
  static func currentFolderPaths() -> ReportPaths {
    let current = PathText.currentDirectory()
    return ReportPaths(root: current, currentDirectory: current)
  }

  /// A diagnostic and its notes in Xcode's format, the diagnostic's line ending with its code:
  /// `path:line:column: warning: message [code]`, then `path:line:column: note: …`.
  public static func xcodeLines(_ diagnostic: Diagnostic) -> String {
    let prefix = diagnostic.location.map { "\($0): " } ?? ""
    var text = "\(prefix)\(diagnostic.severity.rawValue): \(diagnostic.messageWithCode)\n"
    for note in diagnostic.notes {
      text += (note.location.map { "\($0): " } ?? "") + "note: \(note.message)\n"
    }
    return text
  }
}
