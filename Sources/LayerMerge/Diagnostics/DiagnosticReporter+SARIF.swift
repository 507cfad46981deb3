extension DiagnosticReporter {
  /// The address of the SARIF 2.1.0 schema, as SARIF logs name it.
  static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// A SARIF 2.1.0 log with one run: the tool with a rule per ``DiagnosticCode`` (in the order of
  /// `allCases`, so a rule's index never changes), and a result per finding with its level,
  /// message, location (a relative path stays a relative URI; an absolute one is a `file://`
  /// URI), notes as related locations, and the targets that found it as a property. Columns
  /// count Unicode scalars (`columnKind: unicodeCodePoints`), as every diagnostic does.
  static func sarifLog(_ findings: [Finding], toolVersion: String) -> String {
    let codes = DiagnosticCode.allCases
    let rules = codes.map { code -> JSONValue in
      .object([("id", .string(code.rawValue)), ("shortDescription", .object([("text", .string(code.summary))]))])
    }
    let results = findings.map { finding -> JSONValue in
      let diagnostic = finding.diagnostic
      var members: [(String, JSONValue)] = [
        ("ruleId", .string(diagnostic.code.rawValue)),
        ("ruleIndex", .integer(codes.firstIndex(of: diagnostic.code) ?? -1)),
        ("level", .string(diagnostic.severity.rawValue)),
        ("message", .object([("text", .string(diagnostic.message))])),
      ]
      if let location = diagnostic.location { members.append(("locations", .array([sarifLocation(location)]))) }
      let related = diagnostic.notes.enumerated().map { index, note -> JSONValue in
        var location: [(String, JSONValue)] = [("id", .integer(index))]
        if let place = note.location, case .object(let physical) = sarifLocation(place) { location += physical }
        return .object(location + [("message", .object([("text", .string(note.message))]))])
      }
      if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
      if !finding.targets.isEmpty {
        members.append(("properties", .object([("targets", .array(finding.targets.map(JSONValue.string)))])))
      }
      return .object(members)
    }
    let driver: JSONValue = .object([
      ("name", .string("locmerge")), ("version", .string(toolVersion)), ("rules", .array(rules)),
    ])
    let log: JSONValue = .object([
      ("$schema", .string(sarifSchema)), ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            ("tool", .object([("driver", driver)])), ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
          ])
        ])
      ),
    ])
    return log.serialized(indent: 2) + "\n"
  }

  /// `{"physicalLocation": {"artifactLocation": {"uri": …}, "region": {"startLine": …, "startColumn": …}}}`;
  /// no region for a whole file.
  private static func sarifLocation(_ location: SourceLocation) -> JSONValue {
    var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(location.path)))]))]
    if let position = location.position {
      physical.append(
        ("region", .object([("startLine", .integer(position.line)), ("startColumn", .integer(position.column))])))
    }
    return .object([("physicalLocation", .object(physical))])
  }

  /// A path as a URI reference: `file://` before an absolute path, and every byte but letters,
  /// digits, `-._~` and `/` percent-encoded (so `:` cannot be read as a scheme, nor `#` and `?`
  /// as a fragment or query).
  static func uri(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = path.hasPrefix("/") ? Array("file://".utf8) : []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
