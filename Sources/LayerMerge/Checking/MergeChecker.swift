/// The checks a merge runs on its result, one family per file: overrides (format specifiers,
/// redundant values), near-miss keys, keys split between `.strings` and `.stringsdict`, format
/// specifiers across languages, missing translations, and the same for String Catalogs with their
/// own checks (drift, unreviewed overrides, the compiler's checks).
struct MergeChecker: Sendable {
  let tables: [MergedTable]
  let layers: [Layer]
  /// Each layer's own files, for the checks that look inside one layer.
  let layerFiles: [[TableAddress: ParsedFile]]
  /// The same by path, for a table whose language is spelled in another case.
  private let layerFilesByPath: [[String: ParsedFile]]
  let developmentLanguage: String?
  /// The merged catalogs; their languages are among `tables`.
  let catalogs: [MergedCatalog]
  /// Results shared with other merges over the same layers, if the caller keeps them.
  let shared: SharedCheckWork?
  var diagnostics: [Diagnostic] = []
  /// The places of catalog overrides found not to fit what they replace (one catalog's family).
  var overrideFormats: Set<SourceLocation> = []

  init(
    tables: [MergedTable], layers: [Layer], layerFiles: [[TableAddress: ParsedFile]], developmentLanguage: String?,
    catalogs: [MergedCatalog] = [], shared: SharedCheckWork? = nil
  ) {
    self.tables = tables
    self.layers = layers
    self.layerFiles = layerFiles
    layerFilesByPath = layerFiles.map { files in
      Dictionary(files.values.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
    self.developmentLanguage = developmentLanguage
    self.catalogs = catalogs
    self.shared = shared
  }

  func run() -> [Diagnostic] {
    // The families read the same tables and nothing else: run them side by side, each on its own
    // copy, and keep their diagnostics in this fixed order.
    let families: [@Sendable (inout MergeChecker) -> Void] = [
      { checker in for table in checker.tables where !table.address.isCatalog { checker.checkOverrides(in: table) } },
      { $0.checkNearMisses() },
      { $0.checkStringsAgainstStringsdict() },
      { $0.checkFormatsWithinLayers() },
      { $0.checkFormatsOfMergedTables() },
      { $0.checkLanguages() },
    ]
    // One flat map: a parallel map inside another would run on one core.
    let checker = self
    let checked = (families + catalogFamilies()).concurrentMap { family in
      var copy = checker
      family(&copy)
      return copy
    }
    var diagnostics = checked[..<families.count].flatMap(\.diagnostics)
    for index in stride(from: families.count, to: checked.count, by: 2) {
      diagnostics += Self.catalogDiagnostics(merge: checked[index], compilation: checked[index + 1])
    }
    return diagnostics
  }

  // MARK: - Shared by the families

  /// A layer's file that feeds a merged table (its language may be spelled in another case), or
  /// `nil` for a catalog's language.
  func file(at path: String, of address: TableAddress, in layer: Int) -> ParsedFile? {
    if let file = layerFiles[layer][address], file.path == path { return file }
    return layerFilesByPath[layer][path]
  }

  /// Whether the entry's value may hold a format specifier: anything but a plain string without
  /// `%`. A plain string without `%` is not used as a format, and this spares making the strings
  /// of most entries.
  func mayHaveFormat(_ entry: LocalizationEntry) -> Bool {
    entry.withStringValueBytes { $0.containsByte(UInt8(ascii: "%")) } ?? true
  }

  /// The worst reason `value` cannot take the arguments `reference` is given, with the
  /// stringsdict variant it is in (`""` for a plain string), or `nil` if every variant fits
  /// (``FormatFit`` has the rule).
  func formatMismatch(of value: LocalizationValue, against reference: LocalizationValue)
    -> (variant: String, mismatch: FormatMismatch)?
  {
    FormatFit.arguments(of: reference).flatMap { FormatFit.worstMismatch(of: value, against: $0) }
  }

  /// The same, with the reference's arguments worked out already.
  func formatMismatch(of value: LocalizationValue, against referenceSignature: FormatSignature)
    -> (variant: String, mismatch: FormatMismatch)?
  {
    FormatFit.worstMismatch(of: value, against: referenceSignature)
  }

  /// The arguments an entry used as a reference is given (none for a value without `%`, without
  /// making its string), or `nil` when it is a broken format.
  func referenceSignature(_ entry: LocalizationEntry) -> FormatSignature? {
    mayHaveFormat(entry) ? FormatFit.arguments(of: entry.value) : Self.noArguments
  }

  /// What a reference without any `%` takes.
  static let noArguments = FormatSignature(format: "")

  /// A format-mismatch error (can crash) or format-misprint warning (prints wrong text):
  /// "<subject> does not fit the format arguments of <against>: <reason>; <consequence>".
  /// - Parameters:
  ///   - reference: How the reason names the value that sets the arguments ("en").
  func formatDiagnostic(
    _ subject: String, against: String, reference: String, _ found: (variant: String, mismatch: FormatMismatch),
    at location: SourceLocation, note: Diagnostic.Note
  ) -> Diagnostic {
    let (variant, mismatch) = found
    let reason = mismatch.description(reference: reference)
    let crashes = mismatch.consequence == .crash
    return Diagnostic(
      crashes ? .error : .warning, crashes ? .formatMismatch : .formatMisprint,
      "\(subject) does not fit the format arguments of \(against): "
        + (variant.isEmpty ? reason : "in \(variant), \(reason)") + "; \(mismatch.consequenceDescription)",
      at: location, notes: [note])
  }
}

/// "1 key", "3 keys".
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
