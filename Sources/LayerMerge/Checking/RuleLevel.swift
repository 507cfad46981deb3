/// What to do with the diagnostics of one code: report them as errors, as warnings, or not at all.
///
/// Written as `CODE=error|warning|off` on the command line (`--rule`) and as
/// `"rules": {"CODE": "error"}` in the project file.
public enum RuleLevel: String, Hashable, Sendable, CaseIterable {
  /// Report as an error: the run fails and nothing is written.
  case error
  /// Report as a warning (a failure only with `--strict`).
  case warning
  /// Do not report.
  case off
}
