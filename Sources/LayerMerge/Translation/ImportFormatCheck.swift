/// The check `merge` runs on a translation, run on the file an import would write: each key the
/// import changes must take the arguments its development-language text is given, by the one rule
/// every format check uses (``FormatFit``): the value as the file will hold it against the
/// original's value, a plural or device form at a time. A key whose value the import leaves as it
/// was is not the import's to judge (`lint` reports it).
enum ImportFormatCheck {
  /// A key whose translation does not fit.
  struct Problem: Sendable {
    var key: String
    /// The plural or device form it is in (`files.one`, `iphone`), `""` for a plain string.
    var variant: String
    var mismatch: FormatMismatch
  }

  /// What checking an edited file found.
  struct Outcome: Sendable {
    /// The keys whose value the edit changes, in the order given.
    var changedKeys: [String] = []
    var problems: [Problem] = []
    /// An error when the edited file would not be read back whole.
    var unreadable: Diagnostic?
  }

  /// Checks the keys an edit changes.
  /// - Parameters:
  ///   - bytes: The edited file.
  ///   - old: The file before the edit; `nil` for a new file.
  ///   - destination: Where it goes.
  ///   - keys: The keys the import sets in it.
  ///   - reference: The original.
  static func check(
    _ bytes: [UInt8], old: [UInt8]?, destination: ImportDestination, keys: [String], reference: ImportReference
  ) -> Outcome {
    var outcome = Outcome()
    func check(_ key: String, _ forms: [(label: String, value: LocalizationValue)]) {
      guard let original = reference.value(of: key), let arguments = FormatFit.arguments(of: original),
        let (variant, mismatch) = FormatFit.worstMismatch(of: forms, against: arguments)
      else { return }
      outcome.problems.append(Problem(key: key, variant: variant, mismatch: mismatch))
    }
    if destination.kind == .xcstrings {
      let parsed = StringCatalogReader.parse(bytes, path: destination.path)
      guard let catalog = parsed.catalog, !parsed.hasErrors else {
        outcome.unreadable = unreadable(parsed.diagnostics, destination)
        return outcome
      }
      let before = old.flatMap { StringCatalogReader.parse($0, path: destination.path).catalog }
      for key in keys {
        guard let variant = catalog[key]?[destination.language]?.variant,
          variant != before?[key]?[destination.language]?.variant
        else { continue }
        outcome.changedKeys.append(key)
        check(key, MergeChecker.forms(of: CatalogMerger.runtimeValue(of: variant, key: key)))
      }
    } else {
      let parsed = LocalizationFileReader.parse(bytes, path: destination.path, kind: destination.kind)
      guard !parsed.hasErrors else {
        outcome.unreadable = unreadable(parsed.diagnostics, destination)
        return outcome
      }
      let before = old.map { LocalizationFileReader.parse($0, path: destination.path, kind: destination.kind).table }
      for key in keys {
        guard let value = parsed.table[key]?.value, value != before?[key]?.value else { continue }
        outcome.changedKeys.append(key)
        check(key, [("", value)])
      }
    }
    return outcome
  }

  // MARK: - Private

  private static func unreadable(_ diagnostics: [Diagnostic], _ destination: ImportDestination) -> Diagnostic {
    let reason = diagnostics.first { $0.severity == .error }?.message ?? "it cannot be read"
    return Diagnostic(
      .error, .writeFailed, "the translations would make a file Apple's reader rejects (\(reason)); nothing is written",
      at: SourceLocation(path: destination.path))
  }
}
