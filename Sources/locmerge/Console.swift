import Foundation

/// Where the tool writes: standard output and standard error, replaceable in tests.
protocol Console: AnyObject {
  /// Writes text to standard output.
  func out(_ text: String)
  /// Writes text to standard error.
  func err(_ text: String)
  /// Whether standard error is a terminal (for colour).
  var errorIsTerminal: Bool { get }
}

/// The process's real standard output and error.
final class StandardConsole: Console {
  func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  func err(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  var errorIsTerminal: Bool { isatty(2) != 0 }
}

/// Collects output in memory, for tests.
final class CapturedConsole: Console {
  private(set) var standardOutput = ""
  private(set) var standardError = ""

  func out(_ text: String) { standardOutput += text }
  func err(_ text: String) { standardError += text }
  var errorIsTerminal: Bool { false }
}
