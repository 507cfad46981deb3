#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How wide text output may be: the terminal's width when standard output is one, else 100
/// columns (files, pipes, pull-request comments).
enum TerminalWidth {
  static let fallback = 100

  static func ofStandardOutput() -> Int {
    guard isatty(1) != 0 else { return fallback }
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 else { return fallback }
    return Int(size.ws_col)
  }
}
