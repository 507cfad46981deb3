import Foundation
import LayerMerge

/// Layers and source files in a temporary folder, with lookups made by hand: each source file's
/// text names its lookups in ``lookups`` (the tests do not depend on the source scanner).
final class UsageFixture {
  let layers: TemporaryLayers
  /// Each source file's lookups, by the file's text (its relative path).
  let lookups: [String: [SourceLookup]]

  /// - Parameters:
  ///   - tables: layer name → (relative path → file text).
  ///   - sources: source file (relative path) → its lookups.
  init(tables: [String: [String: String]], sources: [String: [SourceLookup]]) throws {
    layers = try TemporaryLayers(tables)
    lookups = sources
    for path in sources.keys { try layers.write(Data(path.utf8), to: path) }
  }

  /// The absolute path of a source file.
  func path(_ relative: String) -> String { layers.path(relative) }

  /// The scan the tests use: a file's lookups are those listed for its text.
  var scan: ScannedSources.Scan {
    let lookups = lookups
    return { bytes, _ in lookups[String(decoding: bytes, as: UTF8.self)] ?? [] }
  }

  /// Every source file scanned.
  func scanned(_ relatives: [String]? = nil) -> ScannedSources {
    ScannedSources((relatives ?? Array(lookups.keys)).map(path), scan: scan)
  }

  /// A lookup of a literal key at a line.
  static func literal(
    _ key: String, table: LookupTable = .standard, line: Int, column: Int = 1, form: String = "NSLocalizedString",
    bundle: String? = nil
  ) -> SourceLookup {
    SourceLookup(
      key: .literal(key), table: table, form: form, position: TextPosition(line: line, column: column), bundle: bundle)
  }

  /// A lookup of an interpolated key at a line.
  static func interpolated(_ pieces: [String], table: LookupTable = .standard, line: Int) -> SourceLookup {
    SourceLookup(
      key: .interpolated(pieces: pieces), table: table, form: "String(localized:)",
      position: TextPosition(line: line, column: 1))
  }

  /// A lookup of a key that is not a literal.
  static func dynamic(_ expression: String, line: Int) -> SourceLookup {
    SourceLookup(
      key: .dynamic(expression: expression), table: .standard, form: "NSLocalizedString",
      position: TextPosition(line: line, column: 1))
  }
}
