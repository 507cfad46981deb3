/// The outputs a destination holds, kept in `DEST/.locmerge/outputs.json` so that a later run
/// removes what it no longer produces — and nothing else.
///
/// ```json
/// {
///   "version": 1,
///   "outputs": ["de.lproj/InfoPlist.strings", "de.lproj/Localizable.strings"]
/// }
/// ```
///
/// The record is trusted only for what it can be: entries that are not plain relative paths of
/// tables (``OutputPath/isTablePath(_:)``) are ignored with a warning, and a damaged record is a
/// warning and counts as empty.
struct OutputRecord: Equatable {
  static let fileName = "outputs.json"
  /// Where versions before the `.locmerge/` folder kept the record, at the top of the destination.
  static let legacyName = ".locmerge-outputs.json"
  /// Where versions before the `.locmerge/` folder kept the stamp.
  static let legacyStampName = ".locmerge-stamp.json"

  /// The recorded outputs, sorted, each once.
  var entries: [String]

  init(_ entries: some Sequence<String>) {
    self.entries = Set(entries).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Reads a record, keeping only the entries it can be trusted with.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's path, for the warnings.
  /// - Returns: The record and a warning for each problem.
  static func parse(_ bytes: [UInt8], path: String) -> (OutputRecord, [Diagnostic]) {
    let consequence = "it is ignored, so outputs of earlier runs that this run no longer produces are not removed"
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      let warning = Diagnostic(
        .warning, .untrustedRecord, "the output record is damaged (\(error.message)); \(consequence)",
        at: SourceLocation(path: path, position: error.position))
      return (OutputRecord([]), [warning])
    }
    guard let elements = root["outputs"]?.elements, root["version"]?.value == .number("1") else {
      let warning = Diagnostic(
        .warning, .untrustedRecord,
        "the output record is damaged (expected {\"version\": 1, \"outputs\": [...]}); \(consequence)",
        at: SourceLocation(path: path, position: root.position))
      return (OutputRecord([]), [warning])
    }
    var entries: [String] = []
    var warnings: [Diagnostic] = []
    for element in elements {
      if let entry = element.string, OutputPath.isTablePath(entry) {
        entries.append(entry)
        continue
      }
      let shown = element.string.map { JSONValue.string($0).serialized() } ?? element.kindDescription
      warnings.append(
        Diagnostic(
          .warning, .untrustedRecord,
          "ignored an entry of the output record: \(shown) is not a table path inside the destination",
          at: SourceLocation(path: path, position: element.position)))
    }
    return (OutputRecord(entries), warnings)
  }

  /// The record as the file holds it.
  var bytes: [UInt8] {
    JSONValue.object([("version", .integer(1)), ("outputs", .array(entries.map(JSONValue.string)))])
      .serializedBytes(indent: 2) + Array("\n".utf8)
  }
}
