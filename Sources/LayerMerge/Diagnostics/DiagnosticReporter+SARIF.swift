extension DiagnosticReporter {
  /// The address of the SARIF 2.1.0 schema, as SARIF logs name it.
  static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The name of the repository root in a log's URIs (`originalUriBaseIds`).
  static let sarifRootBase = "SRCROOT"

  /// A SARIF 2.1.0 log with one run: the tool with a rule per ``DiagnosticCode`` (in the order of
  /// `allCases`, so a rule's index never changes), and a result per finding with its level,
  /// message, location, notes as related locations, and the targets that found it as a property.
  /// A file inside the root is a relative URI against `%SRCROOT%` (`originalUriBaseIds` says where
  /// that is), one outside it a `file://` URI; every region has a `startLine` (1 for a finding
  /// about a whole file), as GitHub code scanning needs one, and a finding about no file is placed
  /// at ``ReportPaths/fallbackFile`` when there is one. Columns count Unicode scalars
  /// (`columnKind: unicodeCodePoints`), as every diagnostic does.
  static func sarifLog(_ findings: [Finding], toolVersion: String, paths: ReportPaths) -> String {
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
      if let location = diagnostic.location ?? paths.fallbackFile.map({ SourceLocation(path: $0) }) {
        members.append(("locations", .array([sarifLocation(location, paths: paths)])))
      }
      let related = diagnostic.notes.enumerated().map { index, note -> JSONValue in
        var location: [(String, JSONValue)] = [("id", .integer(index))]
        if let place = note.location, case .object(let physical) = sarifLocation(place, paths: paths) {
          location += physical
        }
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
            ("tool", .object([("driver", driver)])),
            (
              "originalUriBaseIds",
              .object([
                (
                  sarifRootBase,
                  .object([("uri", .string(uri(paths.root.hasSuffix("/") ? paths.root : paths.root + "/")))])
                )
              ])
            ),
            ("columnKind", .string("unicodeCodePoints")), ("results", .array(results)),
          ])
        ])
      ),
    ])
    return log.serialized(indent: 2) + "\n"
  }

  /// `{"physicalLocation": {"artifactLocation": {"uri": …, "uriBaseId": "SRCROOT"}, "region":
  /// {"startLine": …, "startColumn": …}}}`; a whole file's region is its first line, without a column.
  private static func sarifLocation(_ location: SourceLocation, paths: ReportPaths) -> JSONValue {
    let artifact: JSONValue
    if let relative = paths.relative(location.path) {
      artifact = .object([("uri", .string(uri(relative))), ("uriBaseId", .string(sarifRootBase))])
    } else {
      artifact = .object([("uri", .string(uri(paths.reported(location.path))))])
    }
    var region: [(String, JSONValue)] = [("startLine", .integer(location.position?.line ?? 1))]
    if let position = location.position { region.append(("startColumn", .integer(position.column))) }
    return .object([("physicalLocation", .object([("artifactLocation", artifact), ("region", .object(region))]))])
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
