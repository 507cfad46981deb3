import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the tool writes: standard output and standard error, replaceable in tests.
protocol Console: AnyObject {
  /// Writes text to standard output.
  func out(_ text: String)
  /// Writes text to standard error.
  func err(_ text: String)
  /// Whether standard error is a terminal (for colour).
  var errorIsTerminal: Bool { get }
}

extension Console {
  /// Prints `locmerge: error: message` on standard error, the message escaped
  /// (``DisplayText/escaped(_:)``): one line, whatever names or paths from the input it quotes.
  func error(_ message: String) {
    err("locmerge: error: \(DisplayText.escaped(message))\n")
  }
}

/// The process's real standard output and error.
final class StandardConsole: Console {
  func out(_ text: String) { Self.write(text, to: 1) }

  func err(_ text: String) { Self.write(text, to: 2) }

  var errorIsTerminal: Bool { isatty(2) != 0 }

  /// Writes all of `text`, retrying short and interrupted writes; a closed pipe ends the output.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

/// Collects output in memory, for tests.
final class CapturedConsole: Console {
  private(set) var standardOutput = ""
  private(set) var standardError = ""

  func out(_ text: String) { standardOutput += text }
  func err(_ text: String) { standardError += text }
  var errorIsTerminal: Bool { false }
}
