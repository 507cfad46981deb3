/// The checks a merge runs on its result: format specifiers of overrides, redundant overrides,
/// near-miss keys, keys split between `.strings` and `.stringsdict`, missing translations and
/// languages that only an overlay has.
struct MergeChecker: Sendable {
  let tables: [MergedTable]
  let layers: [Layer]
  let developmentLanguage: String?
  private var diagnostics: [Diagnostic] = []

  init(tables: [MergedTable], layers: [Layer], developmentLanguage: String?) {
    self.tables = tables
    self.layers = layers
    self.developmentLanguage = developmentLanguage
  }

  func run() -> [Diagnostic] {
    // The four families read the same tables and nothing else: run them side by side, each on its
    // own copy, and keep their diagnostics in this fixed order.
    let families: [@Sendable (inout MergeChecker) -> Void] = [
      { checker in for table in checker.tables { checker.checkOverrides(in: table) } },
      { $0.checkNearMisses() },
      { $0.checkStringsAgainstStringsdict() },
      { $0.checkLanguages() },
    ]
    let checker = self
    return families.concurrentMap { family in
      var copy = checker
      family(&copy)
      return copy.diagnostics
    }.flatMap { $0 }
  }

  // MARK: - Overrides

  private mutating func checkOverrides(in table: MergedTable) {
    for index in table.provenance.indices where table.provenance[index].status != .inherited {
      let record = table.provenance[index]
      guard let below = record.shadowed.first else { continue }
      var note: Diagnostic.Note {
        Diagnostic.Note("the value it replaces, in layer '\(below.layer)', is here", at: below.location)
      }
      switch record.status {
      case .redundant:
        diagnostics.append(
          Diagnostic(
            .warning, .redundantOverride,
            "layer '\(record.winner.layer)' repeats the value of \(quoted(record.key)) from layer '\(below.layer)'; "
              + "the override can be removed", at: record.winner.location, notes: [note]))
      case .overridden:
        if mayHaveFormat(record.winner.entry) || mayHaveFormat(below.entry),
          let problem = formatProblem(of: record.winner.value, replacing: below.value)
        {
          diagnostics.append(
            Diagnostic(
              .error, .formatMismatch,
              "the override of \(quoted(record.key)) in layer '\(record.winner.layer)' does not fit the format "
                + "arguments of the value it replaces: \(problem); this crashes or prints garbage at run time",
              at: record.winner.location, notes: [note]))
        }
      default:
        break
      }
    }
  }

  /// Whether the entry's value may hold a format specifier: anything but a plain string without
  /// `%`. Most overrides hold none, and this spares making their strings.
  private func mayHaveFormat(_ entry: LocalizationEntry) -> Bool {
    entry.withStringValueBytes { $0.contains(UInt8(ascii: "%")) } ?? true
  }

  /// Why `value` cannot replace `base` at run time, or `nil` if its format specifiers fit.
  private func formatProblem(of value: LocalizationValue, replacing base: LocalizationValue) -> String? {
    guard let baseSignature = base.formatSignatures.first?.signature else { return nil }
    for (variant, signature) in value.formatSignatures {
      if let problem = signature.incompatibility(replacing: baseSignature) {
        return variant.isEmpty ? problem : "in \(variant), \(problem)"
      }
    }
    return nil
  }

  // MARK: - Near misses

  /// An added key one edit away from a key of a lower layer is probably a typo for it. Each key
  /// is reported once per table (not once per language), in the development language when it has
  /// the key; the keys it is compared with are those of every language of the table.
  private mutating func checkNearMisses() {
    var groups: [String: [MergedTable]] = [:]
    for table in tables {
      let address = table.address
      groups["\(address.directory)/\(address.table).\(address.kind.rawValue)", default: []].append(table)
    }
    for name in groups.keys.sorted() {
      let group = (groups[name] ?? []).sorted { lhs, rhs in
        let lhsDevelopment = lhs.address.language == developmentLanguage
        let rhsDevelopment = rhs.address.language == developmentLanguage
        return lhsDevelopment != rhsDevelopment ? lhsDevelopment : lhs.address < rhs.address
      }
      var candidates: [KeyProvenance] = []
      var seen: Set<String> = []
      for table in group {
        for record in table.provenance where record.status == .added && seen.insert(record.key).inserted {
          candidates.append(record)
        }
      }
      guard !candidates.isEmpty else { continue }
      for layerIndex in Set(candidates.map(\.winner.layerIndex)).sorted() {
        // The keys of the table's first language (the development language when it has the table)
        // that lower layers define.
        let reference = group[0].provenance
        let lower = reference.indices.lazy.filter { index in
          (reference[index].shadowed.last ?? reference[index].winner).layerIndex < layerIndex
        }.map { reference[$0].key }
        let index = NearMissIndex(lower)
        for record in candidates where record.winner.layerIndex == layerIndex {
          guard let intended = index.nearMiss(for: record.key) else { continue }
          diagnostics.append(
            Diagnostic(
              .warning, .nearMissKey,
              "layer '\(record.winner.layer)' adds \(quoted(record.key)), one character away from the existing key "
                + "\(quoted(intended)); did you mean to override it?", at: record.winner.location))
        }
      }
    }
  }

  // MARK: - .strings against .stringsdict

  /// The runtime prefers a `.stringsdict` entry over a `.strings` entry of the same table and key.
  private mutating func checkStringsAgainstStringsdict() {
    var stringsdicts: [String: MergedTable] = [:]
    for table in tables where table.address.kind == .stringsdict {
      stringsdicts[groupKey(table.address)] = table
    }
    for table in tables where table.address.kind == .strings {
      guard let dictionary = stringsdicts[groupKey(table.address)] else { continue }
      for index in table.provenance.indices {
        // Provenance records stand in the order of the table's entries, whose digests both tables share.
        guard
          let ruleIndex = dictionary.table.index(
            ofKeyOf: table.table.entries[index], digest: table.table.digest(at: index))
        else { continue }
        let record = table.provenance[index]
        let rule = dictionary.provenance[ruleIndex]
        guard rule.winner.layerIndex != record.winner.layerIndex else { continue }
        let message: String
        if record.winner.layerIndex > rule.winner.layerIndex {
          message =
            "layer '\(record.winner.layer)' overrides \(quoted(record.key)) in .strings, but the .stringsdict entry "
            + "from layer '\(rule.winner.layer)' wins at run time; override it in .stringsdict instead"
        } else {
          message =
            "\(quoted(record.key)) is defined in .strings by layer '\(record.winner.layer)' and in .stringsdict by "
            + "layer '\(rule.winner.layer)'; the .stringsdict entry wins at run time"
        }
        diagnostics.append(
          Diagnostic(
            .warning, .stringsAndStringsdict, message, at: record.winner.location,
            notes: [Diagnostic.Note("the .stringsdict entry is here", at: rule.winner.location)]))
      }
    }
  }

  private func groupKey(_ address: TableAddress) -> String {
    "\(address.directory)/\(address.language)/\(address.table)"
  }

  // MARK: - Languages

  private mutating func checkLanguages() {
    guard let developmentLanguage else { return }
    var byDirectory: [String: [MergedTable]] = [:]
    for table in tables { byDirectory[table.address.directory, default: []].append(table) }
    for directory in byDirectory.keys.sorted() {
      let group = byDirectory[directory] ?? []
      let development = group.filter { $0.address.language == developmentLanguage }
      guard !development.isEmpty else { continue }
      let languages = Set(group.map(\.address.language)).subtracting([developmentLanguage, "Base"]).sorted()
      for language in languages {
        let languageTables = group.filter { $0.address.language == language }
        if languageTables.allSatisfy({ !$0.layerIndexes.contains(0) }) {
          reportOverlayOnly(language: language, tables: languageTables, development: development)
          continue
        }
        for source in development {
          let target = languageTables.first { $0.address == source.address.inLanguage(language) }
          // Positions of the missing keys; only the few shown become strings.
          let missing = source.table.entries.indices.filter { index in
            target?.table.index(ofKeyOf: source.table.entries[index], digest: source.table.digest(at: index)) == nil
          }
          guard !missing.isEmpty else { continue }
          let location = target.map { SourceLocation(path: $0.sources.last ?? $0.address.relativePath) }
          let shown =
            missing.prefix(3).map { quoted(source.table.entries[$0].key) }.joined(separator: ", ")
            + (missing.count > 3 ? ", …" : "")
          let what =
            target == nil ? "is missing" : "lacks \(missing.count) of its \(source.table.count) keys (\(shown))"
          diagnostics.append(
            Diagnostic(
              .warning, .missingTranslation,
              "\(source.address.inLanguage(language).relativePath) \(what) from the development language "
                + "\(developmentLanguage)" + (target == nil ? " (\(counted(source.table.count, "key")))" : ""),
              at: location ?? SourceLocation(path: source.sources.last ?? source.address.relativePath)))
        }
      }
    }
  }

  private mutating func reportOverlayOnly(language: String, tables: [MergedTable], development: [MergedTable]) {
    let layerNames = Set(tables.flatMap { $0.layerIndexes.map { layers[$0].name } }).sorted()
    let missing = development.reduce(0) { $0 + $1.table.count }
    let path = tables.first?.sources.first ?? language
    diagnostics.append(
      Diagnostic(
        .warning, .overlayOnlyLanguage,
        "language '\(language)' exists only in \(layerNames.map { "'\($0)'" }.joined(separator: ", ")), not in the "
          + "base: all \(missing) base keys of the development language \(developmentLanguage ?? "") are missing from "
          + "it except the ones the overlay defines", at: SourceLocation(path: path)))
  }
}

/// "1 key", "3 keys".
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
