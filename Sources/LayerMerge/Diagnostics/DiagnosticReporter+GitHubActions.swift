extension DiagnosticReporter {
  /// A workflow command GitHub Actions turns into an annotation on the file and line:
  /// `::warning file=Base/de.lproj/X.strings,line=3,col=1,title=missing-translation::message`.
  /// Notes follow the message on lines of their own (`%0A`); a diagnostic without a place has
  /// only a title. Messages come escaped (``DisplayText``), and so does the path: no ESC or BEL
  /// from the input reaches the log.
  static func workflowCommand(_ diagnostic: Diagnostic) -> String {
    // Annotations are error, warning or notice.
    let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
    var properties: [String] = []
    if let location = diagnostic.location {
      properties.append("file=" + escapedProperty(DisplayText.escaped(location.path)))
      if let position = location.position {
        properties += ["line=\(position.line)", "col=\(position.column)"]
      }
    }
    properties.append("title=" + escapedProperty(diagnostic.code.rawValue))
    var message = diagnostic.message
    for note in diagnostic.notes {
      message += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
    }
    return "::\(command) \(properties.joined(separator: ","))::\(escapedData(message))\n"
  }

  /// The message: `%`, CR and LF escaped as the runner unescapes them.
  static func escapedData(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": escaped += "%25"
      case "\r": escaped += "%0D"
      case "\n": escaped += "%0A"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A property value: also `:` and `,`, which end it.
  static func escapedProperty(_ text: String) -> String {
    var escaped = ""
    for scalar in escapedData(text).unicodeScalars {
      switch scalar {
      case ":": escaped += "%3A"
      case ",": escaped += "%2C"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
