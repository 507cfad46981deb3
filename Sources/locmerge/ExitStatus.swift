/// The process exit statuses locmerge uses (documented in the README).
enum ExitStatus: Int32 {
  /// Success; warnings may have been printed.
  case success = 0
  /// Diagnostics with errors (or warnings, with `--strict`).
  case failure = 1
  /// The command line is wrong (`EX_USAGE`).
  case usage = 64
  /// An internal error (`EX_SOFTWARE`).
  case internalError = 70
}
