/// The audit as JSON (`locmerge audit --format json`): the errors; for each target, the
/// provenance document that `--provenance` writes, plus its counts per key and per language;
/// then the override matrix and the clean-up suggestions.
public enum AuditDocument {
  /// The whole report.
  /// - Parameters:
  ///   - report: The audit.
  ///   - statuses: The marks whose matrix rows to keep (`--status`); empty keeps every row.
  /// - Returns: The document.
  public static func json(for report: AuditReport, statuses: Set<AuditReport.Mark> = []) -> JSONValue {
    .object([
      ("version", .integer(1)),
      ("base", .object([("name", .string(report.base.name)), ("path", .string(report.base.path))])),
      ("errors", .array(report.problems.map(problem))),
      ("targets", .array(report.targets.map(target))),
      (
        "matrix",
        .array(report.rows(marked: statuses).map { row(row: $0.row, cells: $0.cells, targets: report.targets) })
      ),
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

  /// One target's part: name, layers, counts per key and per language, and provenance.
  /// - Parameter target: The target.
  /// - Returns: The target's object.
  public static func target(_ target: AuditReport.Target) -> JSONValue {
    .object([
      ("name", .string(target.name)),
      ("layers", .array(target.overlays.map { .object([("name", .string($0.name)), ("path", .string($0.path))]) })),
      (
        "keys",
        .object(
          [("total", .integer(target.keyCount))]
            + AuditReport.Mark.allCases.map { ($0.rawValue, .integer(target.keyCounts[$0] ?? 0)) })
      ),
      ("shareChanged", .number(target.shareChanged)),
      ("summary", summary(target.countsByLanguage)),
      ("provenance", ProvenanceDocument.json(for: target.result)),
    ])
  }

  /// Counts per language, statuses in a fixed order.
  /// - Parameter counts: Counts by language.
  /// - Returns: An object keyed by language.
  public static func summary(_ counts: [String: AuditReport.Counts]) -> JSONValue {
    .object(
      counts.keys.sorted().map { language in
        let count = counts[language] ?? AuditReport.Counts()
        return (language, .object(KeyProvenance.Status.allCases.map { ($0.rawValue, .integer(count[$0])) }))
      })
  }

  private static func problem(_ problem: AuditReport.Problem) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("location", .string(problem.diagnostic.location?.description ?? "")),
      ("code", .string(problem.diagnostic.code.rawValue)), ("message", .string(problem.diagnostic.message)),
      ("targets", .array(problem.targets.map { .string($0) })),
    ]
    if let row = problem.row {
      fields += [("table", .string(row.table)), ("kind", .string(row.kind.rawValue)), ("key", .string(row.key))]
    }
    if let language = problem.language { fields.append(("language", .string(language))) }
    return .object(fields)
  }

  private static func row(row: AuditReport.RowKey, cells: [AuditReport.Cell?], targets: [AuditReport.Target])
    -> JSONValue
  {
    var fields: [(String, JSONValue)] = [
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
    ]
    let errors = zip(targets, cells).compactMap { target, cell -> (String, JSONValue)? in
      guard let cell, !cell.errorsByLanguage.isEmpty else { return nil }
      return (
        target.name,
        .object(
          cell.errorsByLanguage.keys.sorted().map { language in
            (language, .array((cell.errorsByLanguage[language] ?? []).map { .string($0.message) }))
          })
      )
    }
    if !errors.isEmpty { fields.append(("errors", .object(errors))) }
    return .object(fields)
  }
}
