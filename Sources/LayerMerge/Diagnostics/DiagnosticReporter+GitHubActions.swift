extension DiagnosticReporter {
  /// A workflow command GitHub Actions turns into an annotation on the file and line:
  /// `::warning file=Base/de.lproj/X.strings,line=3,col=1,title=missing-translation::message`.
  /// The file is the path relative to the repository root (``ReportPaths``), as GitHub matches it
  /// against the repository, not the escaped text printed elsewhere; control characters in it are
  /// percent-encoded, so no ESC or BEL from the input reaches the log (messages come escaped by
  /// ``DisplayText``). Notes follow the message on lines of their own (`%0A`); a diagnostic
  /// without a place has only a title.
  static func workflowCommand(_ diagnostic: Diagnostic, paths: ReportPaths) -> String {
    // Annotations are error, warning or notice.
    let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
    var properties: [String] = []
    if let location = diagnostic.location {
      properties.append("file=" + escapedProperty(paths.reported(location.path), encodingControls: true))
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

  /// A property value: also `:` and `,`, which end it; with `encodingControls`, every other
  /// control character too (`%1B`), which the runner leaves as it is rather than pass it on.
  static func escapedProperty(_ text: String, encodingControls: Bool = false) -> String {
    var escaped = ""
    for scalar in escapedData(text).unicodeScalars {
      switch scalar {
      case ":": escaped += "%3A"
      case ",": escaped += "%2C"
      case _ where encodingControls && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)):
        escaped += "%" + percentHex(scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// Two or four hex digits, upper case.
  private static func percentHex(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return hex.count % 2 == 1 ? "0" + hex : hex
  }
}
