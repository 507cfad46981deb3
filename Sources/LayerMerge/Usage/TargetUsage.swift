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
    // A file given twice counts once. Files scanned are told apart by their place in `scanned`
    // (hashing each path again cost more than the rest of a file's share of the check).
    var seen = BitSet(count: scanned.paths.count)
    var seenOthers: Set<String> = []
    var places: [Int] = []
    for path in files {
      if let position = scanned.files.index(forKey: path), case let place = scanned.files[position].value.place,
        place >= 0
      {
        guard !seen.contains(place) else { continue }
        seen.insert(place)
        places.append(place)
      } else {
        seenOthers.insert(path)
      }
    }
    self.init(
      target: target, distinct: places, sourceFiles: places.count + seenOthers.count, scanned: scanned,
      merge: merge, copied: copied, rules: rules)
  }

  /// Checks a target whose files are given by their places in ``ScannedSources/paths``: no path
  /// is looked up.
  /// - Parameters:
  ///   - target: The target's name.
  ///   - places: Its source files' places in `scanned.paths`.
  ///   - scanned: The lookups of those files (and others').
  ///   - merge: Its merged tables.
  ///   - copied: The tables its Xcode target still copies itself, merged on their own.
  ///   - rules: The levels of the usage codes.
  package init(
    target: String, places: [Int], scanned: ScannedSources, merge: MergeResult, copied: MergeResult? = nil,
    rules: CheckRules = CheckRules()
  ) {
    var seen = BitSet(count: scanned.paths.count)
    var distinct: [Int] = []
    var count = 0
    for place in places where !seen.contains(place) {
      seen.insert(place)
      count += 1
      if scanned.byPlace[place] != nil { distinct.append(place) }
    }
    self.init(
      target: target, distinct: distinct, sourceFiles: count, scanned: scanned, merge: merge, copied: copied,
      rules: rules)
  }

  /// The check, once the target's files are known: the places of the ones scanned, each once.
  private init(
    target: String, distinct: [Int], sourceFiles: Int,
    scanned: ScannedSources, merge: MergeResult, copied: MergeResult?, rules: CheckRules
  ) {
    let shipped = ShippedTables(merge, copied: copied)
    self.target = target
    self.sourceFiles = sourceFiles
    lookups = 0
    literal = 0
    dynamic = 0
    otherBundle = 0
    missing = []
    untranslated = []
    var problems: [Diagnostic] = []
    // Keys are numbers: the run's (a literal key, numbered when the files were scanned), then
    // from `numbers.count` on the table keys this target's interpolations match that no literal
    // names. Shared code repeats keys, and a check per lookup × language dominated `lint`.
    let numbers = scanned.keyNumbers
    let defined = shipped.definedKeys(numbers: numbers, shared: scanned.sharedDefinitions)
    let developmentIndex = shipped.languages.firstIndex(of: shipped.developmentLanguage)
    // The keys the development language and every other shipped language define: nothing to
    // report, and nearly every lookup asks for one, so one bit answers it (a test per language
    // per lookup was most of a target's check).
    var complete = defined.development
    for index in shipped.languages.indices where index != developmentIndex {
      complete.formIntersection(defined.languages[index])
    }
    var extra: [TableKey] = []
    // A matched interpolation's key is the development language's (the match reads its keys).
    var extraDefined: [[Bool]] = []
    // Each interpolation's key number by its number: `unmatched` when no key matches, `unknown`
    // until the first lookup of it.
    let unknown = Int.min
    let unmatched = -1
    var interpolations = [Int](repeating: unknown, count: numbers.interpolationCount)
    func isDefined(_ number: Int, inLanguage index: Int) -> Bool {
      number < numbers.count ? defined.languages[index].contains(number) : extraDefined[number - numbers.count][index]
    }
    // What the interpolations of a table match, each worked out once for every target whose tables
    // of that name are the same files (matching them again for each target was a third of its
    // check), by table.
    var sharedByTable: [String: SharedInterpolationMatches?] = [:]
    func sharedMatches(of table: String) -> SharedInterpolationMatches? {
      if let known = sharedByTable[table] { return known }
      let matches = shipped.sharedKeysSignature(ofTable: table).map { signature in
        scanned.sharedMatches.value(signature) { SharedInterpolationMatches(count: numbers.interpolationCount) }
      }
      sharedByTable[table] = .some(matches)
      return matches
    }
    var reported = BitSet(count: numbers.count + numbers.interpolationCount)
    let numbered = scanned.numbered
    // The lookups of the files reported on, by place.
    var rescanned: [Int: [SourceLookup]] = [:]
    for place in distinct {
      if let problem = numbered.problems[place] { problems.append(problem) }
      let counts = numbered.counts[place]
      lookups += counts.count
      otherBundle += counts.otherBundle
      dynamic += counts.dynamic
      literal += counts.literal
      for checked in numbered.starts[place]..<numbered.starts[place + 1] {
        let asked = numbered.keys[checked]
        if asked >= 0, complete.contains(asked) { continue }
        var number = asked
        if let interpolation = CheckedLookups.interpolation(asked) {
          // Each interpolation is matched with the tables once per target.
          if interpolations[interpolation] == unknown {
            let table = numbers.interpolationTable(interpolation)
            let make = {
              shipped.match(interpolation: interpolation, numbers: numbers, shared: scanned.sharedSkeletons)
            }
            let found = sharedMatches(of: table)?.match(interpolation, make) ?? make()
            if let key = found.key {
              if let number = found.number {
                interpolations[interpolation] = number
              } else {
                interpolations[interpolation] = numbers.count + extra.count
                extra.append(TableKey(table: table, key: key))
                extraDefined.append(found.languages)
              }
            } else {
              interpolations[interpolation] = unmatched
            }
          }
          number = interpolations[interpolation]
        }
        // Rare from here on: a key to report, where the lookup is (its file scanned again when the
        // run kept no lookups).
        func numberedKey() -> (table: String, key: LookupKey) {
          guard asked < 0 else {
            let (table, key) = numbers.key(asked)
            return (table, .literal(key))
          }
          let (table, pieces) = numbers.interpolation(-1 - asked)
          return (table, .interpolated(pieces: pieces))
        }
        func lookup() -> SourceLookup? {
          let index = numbered.lookupIndexes[checked]
          let lookups = rescanned[place] ?? scanned.lookups(ofPlace: place)
          rescanned[place] = lookups
          guard index < lookups.count else { return nil }
          // A file edited since its scan may hold another lookup there.
          let (table, key) = numberedKey()
          return lookups[index].table.name == table && lookups[index].key == key ? lookups[index] : nil
        }
        func location() -> SourceLocation { SourceLocation(path: scanned.paths[place], position: lookup()?.position) }
        func miss() -> Miss {
          if let lookup = lookup() {
            return Miss(
              key: lookup.key.description, table: lookup.table.name ?? "", location: location(), form: lookup.form)
          }
          // The file changed since it was scanned: what the numbers tell.
          let (table, key) = numberedKey()
          return Miss(key: key.description, table: table, location: location(), form: "")
        }
        guard number >= 0 else {
          missing.append(miss())
          continue
        }
        if number < numbers.count, complete.contains(number) { continue }
        let isDevelopmentKey = number >= numbers.count || defined.development.contains(number)
        guard isDevelopmentKey || shipped.languages.indices.contains(where: { isDefined(number, inLanguage: $0) })
        else {
          missing.append(miss())
          continue
        }
        // Each key's languages are looked at once, however many lookups ask for it.
        guard !reported.contains(number) else { continue }
        reported.insert(number)
        let lacking = shipped.languages.indices.filter { $0 != developmentIndex && !isDefined(number, inLanguage: $0) }
          .map { shipped.languages[$0] }
        guard !lacking.isEmpty || !isDevelopmentKey else { continue }
        let (table, key) =
          number < numbers.count
          ? numbers.key(number) : (extra[number - numbers.count].table, extra[number - numbers.count].key)
        if isDevelopmentKey {
          untranslated.append(
            Untranslated(
              key: key, table: table, languages: lacking,
              location: shipped.developmentDefinition(of: key, table: table) ?? location()))
        } else {
          // Translated, but not in the development language: that language shows the key (or the
          // code's default value), the others their translation.
          untranslated.append(
            Untranslated(
              key: key, table: table, languages: Set(lacking + [shipped.developmentLanguage]).sorted(),
              location: location()))
        }
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

  private struct TableKey {
    var table: String
    var key: String
  }
}
