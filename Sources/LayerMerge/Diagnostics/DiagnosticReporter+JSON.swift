extension DiagnosticReporter {
  /// `[` and `]` around one object per finding, each on its own line:
  ///
  ///     [
  ///     {"file": "Base/de.lproj/Localizable.strings", "line": 3, "column": 1, "severity": "warning",
  ///      "code": "missing-translation", "message": "…", "target": "AcmePro", "targets": ["AcmePro"],
  ///      "notes": [{"file": …, "line": …, "column": …, "message": …}]}
  ///     ]
  ///
  /// `file`, `line` and `column` are `null` where the diagnostic has none; `target` is the one
  /// target that found it, `null` when several (all in `targets`) or none did.
  static func jsonDocument(_ findings: [Finding]) -> String {
    let objects = findings.map { finding -> String in
      let diagnostic = finding.diagnostic
      var members = place(diagnostic.location)
      members += [
        ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code.rawValue)),
        ("message", .string(diagnostic.message)), ("target", finding.target.map(JSONValue.string) ?? .null),
        ("targets", .array(finding.targets.map(JSONValue.string))),
        ("notes", .array(diagnostic.notes.map { .object(place($0.location) + [("message", .string($0.message))]) })),
      ]
      return JSONValue.object(members).serialized()
    }
    return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  /// `file`, `line`, `column`.
  private static func place(_ location: SourceLocation?) -> [(String, JSONValue)] {
    [
      ("file", location.map { .string($0.path) } ?? .null),
      ("line", location?.position.map { .integer($0.line) } ?? .null),
      ("column", location?.position.map { .integer($0.column) } ?? .null),
    ]
  }
}
