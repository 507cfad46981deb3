extension MergeChecker {
  /// Every override must take the arguments of the value it replaces; one that repeats that
  /// value can go.
  mutating func checkOverrides(in table: MergedTable) {
    for index in table.nonInheritedPositions {
      let record = table.record(at: index)
      guard let below = record.shadowed.first else { continue }
      // Made only for a diagnostic: most overrides have none.
      func note() -> Diagnostic.Note {
        Diagnostic.Note("the value it replaces, in layer '\(below.layer)', is here", at: below.location)
      }
      switch record.status {
      case .redundant:
        diagnostics.append(
          Diagnostic(
            .warning, .redundantOverride,
            "layer '\(record.winner.layer)' repeats the value of \(quoted(record.key)) from layer '\(below.layer)'; "
              + "the override can be removed", at: record.winner.location, notes: [note()]))
      case .overridden:
        if let found = overrideMismatch(record) {
          diagnostics.append(
            formatDiagnostic(
              "the override of \(quoted(record.key)) in layer '\(record.winner.layer)'",
              against: "the value it replaces", reference: "the value it replaces", found,
              at: record.winner.location, note: note()))
        }
      default:
        break
      }
    }
  }

  /// Why an override's format does not fit the value it replaces, if it does not. A replaced
  /// plain string without `%` is not used as a format, so anything may replace it.
  func overrideMismatch(_ record: KeyProvenance) -> (variant: String, mismatch: FormatMismatch)? {
    guard record.status == .overridden, let below = record.shadowed.first, mayHaveFormat(below.entry) else {
      return nil
    }
    return formatMismatch(of: record.winner.value, against: below.value)
  }
}
