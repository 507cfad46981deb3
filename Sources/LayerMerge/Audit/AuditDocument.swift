/// The audit as JSON (`locmerge audit --format json`): for each target, the provenance document
/// that `--provenance` writes, plus its per-language summary; then the override matrix and the
/// clean-up suggestions.
public enum AuditDocument {
  /// The whole report.
  public static func json(for report: AuditReport) -> JSONValue {
    .object([
      ("version", .integer(1)),
      ("base", .object([("name", .string(report.base.name)), ("path", .string(report.base.path))])),
      ("targets", .array(report.targets.map(target))),
      ("matrix", .array(report.matrix.map { row(row: $0.row, cells: $0.cells, targets: report.targets) })),
      (
        "suggestions",
        .array(
          report.suggestions.map { suggestion in
            .object([
              ("target", .string(suggestion.target)), ("code", .string(suggestion.diagnostic.code.rawValue)),
              ("message", .string(suggestion.diagnostic.message)),
              ("location", .string(suggestion.diagnostic.location?.description ?? "")),
            ])
          })
      ),
    ])
  }

  /// One target's part: name, summary and provenance.
  public static func target(_ target: AuditReport.Target) -> JSONValue {
    .object([
      ("name", .string(target.name)),
      ("layers", .array(target.overlays.map { .object([("name", .string($0.name)), ("path", .string($0.path))]) })),
      ("summary", summary(target.countsByLanguage)),
      ("provenance", ProvenanceDocument.json(for: target.result)),
    ])
  }

  /// Counts per language, statuses in a fixed order.
  public static func summary(_ counts: [String: AuditReport.Counts]) -> JSONValue {
    .object(
      counts.keys.sorted().map { language in
        let count = counts[language] ?? AuditReport.Counts()
        return (language, .object(KeyProvenance.Status.allCases.map { ($0.rawValue, .integer(count[$0])) }))
      })
  }

  private static func row(row: AuditReport.RowKey, cells: [AuditReport.Cell?], targets: [AuditReport.Target])
    -> JSONValue
  {
    .object([
      ("table", .string(row.table)), ("kind", .string(row.kind.rawValue)), ("key", .string(row.key)),
      (
        "targets",
        .object(
          zip(targets, cells).compactMap { target, cell in
            guard let cell else { return nil }
            return (
              target.name,
              .object(
                cell.byLanguage.keys.sorted().map { language in
                  (language, .string(cell.byLanguage[language]?.status.rawValue ?? ""))
                })
            )
          })
      ),
    ])
  }
}
