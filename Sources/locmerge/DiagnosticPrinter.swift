import LayerMerge

/// Renders diagnostics the way Xcode and compilers do: `path:line:column: error: message [code]`,
/// in colour on a terminal.
struct DiagnosticPrinter {
  var console: Console
  var useColor: Bool

  init(console: Console) {
    self.console = console
    self.useColor = console.errorIsTerminal
  }

  /// Prints one diagnostic and its notes to standard error.
  func print(_ diagnostic: Diagnostic) {
    console.err(render(diagnostic))
  }

  /// The rendered text of a diagnostic, notes included, ending in a newline.
  func render(_ diagnostic: Diagnostic) -> String {
    var text = line(
      location: diagnostic.location, severity: diagnostic.severity.rawValue, message: diagnostic.messageWithCode)
    for note in diagnostic.notes {
      text += line(location: note.location, severity: "note", message: note.message)
    }
    return text
  }

  private func line(location: SourceLocation?, severity: String, message: String) -> String {
    let prefix = location.map { "\($0): " } ?? "locmerge: "
    guard useColor else { return "\(prefix)\(severity): \(message)\n" }
    let color: String
    switch severity {
    case "error": color = "\u{1B}[1;31m"
    case "warning": color = "\u{1B}[1;35m"
    default: color = "\u{1B}[1;30m"
    }
    return "\u{1B}[1m\(prefix)\u{1B}[0m\(color)\(severity):\u{1B}[0m \(message)\n"
  }
}
