/// The provenance of a merge as JSON (`locmerge --provenance`, and per target in `audit`):
///
///     {"version": 1, "layers": [{"name": …, "path": …}],
///      "tables": [{"path": "en.lproj/Localizable.strings", "language": "en", "table": "Localizable",
///                  "entries": [{"key": …, "status": "overridden",
///                               "winner": {"layer": …, "file": …, "line": 3, "column": 1},
///                               "shadowed": [{…}]}]}]}
public enum ProvenanceDocument {
  /// The document for a merge result.
  public static func json(for result: MergeResult) -> JSONValue {
    .object([
      ("version", .integer(1)),
      ("layers", .array(result.layers.map { .object([("name", .string($0.name)), ("path", .string($0.path))]) })),
      ("tables", .array(result.tables.map(table))),
    ])
  }

  /// One table's entry in the document.
  public static func table(_ table: MergedTable) -> JSONValue {
    .object([
      ("path", .string(table.address.relativePath)), ("language", .string(table.address.language)),
      ("table", .string(table.address.table)), ("kind", .string(table.address.kind.rawValue)),
      ("entries", .array(table.provenance.map(entry))),
    ])
  }

  private static func entry(_ record: KeyProvenance) -> JSONValue {
    .object([
      ("key", .string(record.key)), ("status", .string(record.status.rawValue)),
      ("winner", definition(record.winner)), ("shadowed", .array(record.shadowed.map(definition))),
    ])
  }

  private static func definition(_ definition: Definition) -> JSONValue {
    var fields: [(String, JSONValue)] = [("layer", .string(definition.layer)), ("file", .string(definition.file))]
    if let position = definition.position {
      fields += [("line", .integer(position.line)), ("column", .integer(position.column))]
    } else {
      fields += [("line", .null), ("column", .null)]
    }
    return .object(fields)
  }
}
