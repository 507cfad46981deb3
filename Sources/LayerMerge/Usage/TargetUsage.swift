/// What one target's code looks up, compared with what the target ships: the `missing-key` and
/// `untranslated-key` checks.
///
/// A key no table of the target has — in no language — shows as the key (or the code's default
/// value) in every language: `missing-key`. A key some languages have and the development
/// language lacks is the pattern of projects whose development-language text lives in the code
/// (SwiftUI's `Text("Welcome")`, `value:` defaults; DuckDuckGo's): the development language shows
/// the key or that default, the others their translation — an `untranslated-key` naming the
/// development language, at the source line, not an error.
///
/// A lookup is checked when its key and table are literals (an interpolation matches a table key
/// with a format specifier in each hole) and it reads the app's own bundle. Dynamic keys and
/// tables are counted, never guessed; a lookup with a `bundle:` of its own reads another bundle's
/// tables and is counted apart.
public struct TargetUsage: Sendable {
  /// A lookup of a key the target's development language lacks.
  public struct Miss: Hashable, Sendable {
    /// The key as the code spells it (an interpolation as `\(…)`).
    public var key: String
    /// The table it reads (`Localizable` when the code names none).
    public var table: String
    /// Where the key stands in the code.
    public var location: SourceLocation
    /// The form that made it a lookup (`NSLocalizedString`, `Text`…).
    public var form: String
  }

  /// A key the code looks up that languages the target ships lack.
  public struct Untranslated: Hashable, Sendable {
    /// The key, as the table holds it.
    public var key: String
    /// The table.
    public var table: String
    /// The languages that lack it, sorted; the development language among them when only other
    /// languages have it.
    public var languages: [String]
    /// Where the development language defines it; where the code first looks it up when the
    /// development language lacks it.
    public var location: SourceLocation
  }

  /// The target's name.
  public var target: String
  /// How many source files the target's code is.
  public var sourceFiles: Int
  /// Every lookup found in them.
  public var lookups: Int
  /// Lookups of a literal (or interpolated) key in a literal table: the ones checked.
  public var literal: Int
  /// Lookups of a key or table that is not a literal.
  public var dynamic: Int
  /// Lookups that read another bundle (`bundle:` other than the main one).
  public var otherBundle: Int
  /// Literal lookups the development language lacks, in source order.
  public var missing: [Miss]
  /// Keys looked up that some shipped language lacks, by table and key.
  public var untranslated: [Untranslated]
  /// The `missing-key` and `untranslated-key` diagnostics (rules applied), and the source files
  /// that could not be read.
  public var diagnostics: [Diagnostic]

  /// Checks a target.
  /// - Parameters:
  ///   - target: The target's name.
  ///   - files: Its source files.
  ///   - scanned: The lookups of those files (and others').
  ///   - merge: Its merged tables.
  ///   - copied: The tables its Xcode target still copies itself (Copy Bundle Resources: tables
  ///     only it has, left where they are), merged on their own: the app ships them too.
  ///   - rules: The levels of the usage codes.
  public init(
    target: String, files: [String], scanned: ScannedSources, merge: MergeResult, copied: MergeResult? = nil,
    rules: CheckRules = CheckRules()
  ) {
    let shipped = ShippedTables(merge, copied: copied)
    self.target = target
    var seenFiles: Set<String> = []
    let files = files.filter { seenFiles.insert($0).inserted }
    sourceFiles = files.count
    lookups = 0
    literal = 0
    dynamic = 0
    otherBundle = 0
    missing = []
    untranslated = []
    var problems: [Diagnostic] = []
    var lacking: [UntranslatedKey: (languages: Set<String>, location: SourceLocation)] = [:]
    var order: [UntranslatedKey] = []
    // Each key is looked up in every shipped language once per target, however many lookups ask
    // for it: shared code repeats keys, and a check per lookup × language dominated `lint`.
    var translationChecked: Set<UntranslatedKey> = []
    // Where each key the code asks for is defined, found once per target (`.some(nil)`: nowhere).
    var definitions: [UntranslatedKey: SourceLocation?] = [:]
    let developmentIndex = shipped.languages.firstIndex(of: shipped.developmentLanguage)
    for path in files {
      guard let file = scanned.files[path] else { continue }
      if let problem = file.problem { problems.append(problem) }
      for lookup in file.lookups {
        lookups += 1
        guard lookup.readsOwnTables else {
          otherBundle += 1
          continue
        }
        guard let table = lookup.table.name else {
          dynamic += 1
          continue
        }
        if case .dynamic = lookup.key {
          dynamic += 1
          continue
        }
        literal += 1
        guard KeySkeleton.hasText(lookup.key) else { continue }
        let tableKey: String?
        switch lookup.key {
        case .literal(let key): tableKey = key
        case .interpolated(let pieces): tableKey = shipped.match(pieces, table: table)
        case .dynamic: tableKey = nil
        }
        let here = SourceLocation(path: path, position: lookup.position)
        let definition = tableKey.flatMap { key -> SourceLocation? in
          let which = UntranslatedKey(table: table, key: key)
          if let known = definitions[which] { return known }
          let found = shipped.developmentDefinition(of: key, table: table)
          definitions[which] = .some(found)
          return found
        }
        guard let tableKey, let definition else {
          // Translated, but not in the development language: that language shows the key (or
          // the code's default value), the others their translation.
          if case .literal(let key) = lookup.key {
            let having = shipped.languages(defining: key, table: table)
            if having.contains(true) {
              let which = UntranslatedKey(table: table, key: key)
              if lacking[which] == nil {
                let lackingLanguages = zip(shipped.languages, having).filter { !$0.1 }.map(\.0)
                lacking[which] = (Set(lackingLanguages).union([shipped.developmentLanguage]), here)
                order.append(which)
              }
              continue
            }
          }
          missing.append(Miss(key: lookup.key.description, table: table, location: here, form: lookup.form))
          continue
        }
        let which = UntranslatedKey(table: table, key: tableKey)
        guard translationChecked.insert(which).inserted else { continue }
        let defining = shipped.languages(defining: tableKey, table: table)
        let languages = shipped.languages.indices.filter { $0 != developmentIndex && !defining[$0] }.map {
          shipped.languages[$0]
        }
        guard !languages.isEmpty else { continue }
        lacking[which] = (Set(languages), definition)
        order.append(which)
      }
    }
    untranslated = order.compactMap { which in
      lacking[which].map {
        Untranslated(key: which.key, table: which.table, languages: $0.languages.sorted(), location: $0.location)
      }
    }
    var diagnostics = problems
    for miss in missing {
      let reason =
        shipped.has(table: miss.table)
        ? "is in no language of \(miss.table)" : "is not in \(miss.table): the target has no table \(miss.table)"
      diagnostics.append(
        Diagnostic(
          .error, .missingKey,
          "the key \(DisplayText.quoted(miss.key)) \(reason); every language shows the key (or the code's default value)",
          at: miss.location))
    }
    let development = shipped.developmentLanguage
    for key in untranslated {
      let others = key.languages.filter { $0 != development }
      let message: String
      if others.count < key.languages.count {
        message =
          "\(DisplayText.quoted(key.key)) of \(key.table) is looked up but not in \(development), the development "
          + "language, which shows the key (or the code's default value)"
          + (others.isEmpty ? "" : "; not translated into \(others.joined(separator: ", ")) either")
      } else {
        message =
          "\(DisplayText.quoted(key.key)) of \(key.table) is looked up but not translated into "
          + "\(others.joined(separator: ", ")): \(others.count == 1 ? "that language shows" : "those languages show") the "
          + "\(development) text"
      }
      diagnostics.append(Diagnostic(.warning, .untranslatedKey, message, at: key.location))
    }
    self.diagnostics = rules.apply(to: diagnostics)
  }

  // MARK: - Private

  private struct UntranslatedKey: Hashable {
    var table: String
    var key: String
  }
}
