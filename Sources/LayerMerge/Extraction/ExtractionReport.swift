/// What an extraction found: per target, what it inherits and what it keeps; and the keys whose
/// copies disagree in ways a person should look at.
public struct ExtractionReport: Hashable, Sendable {
  /// One target's figures.
  public struct TargetSummary: Hashable, Sendable {
    /// The target's name.
    public var name: String
    /// The brand it belongs to, if any.
    public var brand: String?
    /// Keys of the copy that its overlay leaves to the layers below it (base, brand, shared layers).
    public var inherited = 0
    /// Keys the overlay holds with a value other than the one below it.
    public var overridden = 0
    /// Keys the overlay holds that no layer below it has.
    public var added = 0
    /// Entries of the full copy (every key of every table).
    public var copyEntries = 0
    /// Entries of the copy that no other target has with the same value (a catalog key: the same
    /// whole entry): the fewest its overlay can hold, which it does when no brand is in the way.
    public var ownEntries = 0
    /// Bytes of the full copy's table files on disk.
    public var copyBytes = 0
    /// Bytes of the overlay's table files as written.
    public var overlayBytes = 0

    /// Entries in the overlay.
    public var overlayEntries: Int { overridden + added }

    /// Creates a summary with zero counts.
    public init(name: String, brand: String? = nil) {
      self.name = name
      self.brand = brand
    }
  }

  /// A table that most targets have but some lack: its keys cannot go to the base (an overlay
  /// cannot delete a table), so every target that has it keeps it whole in its overlay.
  public struct MissingTable: Hashable, Sendable {
    /// The table.
    public var address: TableAddress
    /// The targets without it.
    public var missingIn: [String]
    /// How many targets have it.
    public var presentIn: Int
  }

  /// A key that most targets have but some lack (in a table they have): it cannot go to the base
  /// (an overlay cannot delete a key), so the targets that have it keep it in their overlays.
  public struct MissingKey: Hashable, Sendable {
    /// The table.
    public var address: TableAddress
    /// The key.
    public var key: String
    /// The targets whose table lacks it.
    public var missingIn: [String]
    /// How many targets have it.
    public var presentIn: Int
  }

  /// A key every target has, each with its own value: no value is shared, so the base does not
  /// get it and every overlay keeps its own (`--prefer` puts that target's value in the base).
  public struct PerTargetKey: Hashable, Sendable {
    /// The table.
    public var address: TableAddress
    /// The key.
    public var key: String
  }

  /// Targets whose value differs from the majority only in whitespace, punctuation or case:
  /// likely a fix applied to some copies only.
  public struct LookAlikeValue: Hashable, Sendable {
    /// The table.
    public var address: TableAddress
    /// The key.
    public var key: String
    /// The value most targets have.
    public var majorityValue: String
    /// How many targets have the majority value.
    public var majorityCount: Int
    /// The value that differs.
    public var value: String
    /// The targets that have it.
    public var targets: [String]
  }

  /// Why nothing is common to every target, when the base comes out empty.
  public enum EmptyBase: Hashable, Sendable {
    /// No language is in every copy (five brands, one language each): each copy's languages.
    case languagesDiffer([TargetItems])
    /// No table is at the same path in every copy (a copy named one folder too high or too
    /// low): the first paths of each copy, sorted.
    case pathsDiffer([TargetItems])
    /// The copies have tables in common, but no key of them is in every copy with a value two
    /// copies share: how many tables they have in common.
    case noSharedValue(commonTables: Int)
  }

  /// A target and some of what its copy holds (languages, paths), for ``EmptyBase``.
  public struct TargetItems: Hashable, Sendable {
    /// The target.
    public var target: String
    /// Languages or paths, sorted; paths are cut after ``ExtractionReport/shownPaths``.
    public var items: [String]
  }

  /// How many paths of each copy ``EmptyBase/pathsDiffer(_:)`` shows.
  public static let shownPaths = 3

  /// One summary per target, in the order the copies were given.
  public var targets: [TargetSummary] = []
  /// Entries of the base.
  public var baseEntries = 0
  /// Entries of each brand's layer, in the order the brands were given, then of each layer some
  /// targets share (``Extraction/brands``).
  public var brandEntries: [(name: String, entries: Int)] = []
  /// Tables that some targets lack, sorted by address.
  public var missingTables: [MissingTable] = []
  /// Keys that some targets lack, sorted by address and key.
  public var missingKeys: [MissingKey] = []
  /// Keys every target has with a value of its own, sorted by address and key.
  public var perTargetKeys: [PerTargetKey] = []
  /// Values that look like an unevenly applied fix, sorted by address and key.
  public var lookAlikeValues: [LookAlikeValue] = []
  /// Why the base is empty, when it is and there are two targets or more.
  public var emptyBase: EmptyBase?

  /// Creates an empty report.
  public init() {}

  public static func == (lhs: ExtractionReport, rhs: ExtractionReport) -> Bool {
    lhs.targets == rhs.targets && lhs.baseEntries == rhs.baseEntries
      && lhs.brandEntries.map(\.name) == rhs.brandEntries.map(\.name)
      && lhs.brandEntries.map(\.entries) == rhs.brandEntries.map(\.entries) && lhs.missingTables == rhs.missingTables
      && lhs.missingKeys == rhs.missingKeys && lhs.perTargetKeys == rhs.perTargetKeys
      && lhs.lookAlikeValues == rhs.lookAlikeValues && lhs.emptyBase == rhs.emptyBase
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(targets)
    hasher.combine(baseEntries)
  }
}

extension ExtractionReport {
  /// Adds what one table's or catalog's extraction found: each target's counts, the table if some
  /// targets lack it, and the keys some targets lack.
  mutating func add(_ counts: [TargetCounts], missingTable: MissingTable?, missingKeys: [MissingKey]) {
    for (target, count) in counts.enumerated() {
      targets[target].inherited += count.inherited
      targets[target].overridden += count.overridden
      targets[target].added += count.added
      targets[target].ownEntries += count.own
    }
    if let missingTable { missingTables.append(missingTable) }
    self.missingKeys += missingKeys
  }
}

extension ExtractionReport.EmptyBase {
  /// Why nothing is common to every copy, or `nil` when something is.
  /// - Parameter copies: The targets' copies, loaded.
  static func cause(_ copies: [LoadedLayer]) -> Self? {
    guard copies.count > 1 else { return nil }
    let names = copies.map(\.layer.name)
    let languages = copies.map { copy in
      Set(copy.files.keys.map(\.language)).union(
        copy.catalogs.values.flatMap { parsed -> [String] in
          guard let catalog = parsed.catalog else { return [] }
          return [catalog.sourceLanguage] + catalog.entries.flatMap { $0.localizations?.map(\.language) ?? [] }
        })
    }
    if languages.dropFirst().reduce(languages[0], { $0.intersection($1) }).isEmpty {
      return .languagesDiffer(
        zip(names, languages).map { ExtractionReport.TargetItems(target: $0, items: $1.sorted()) })
    }
    let paths = copies.map { Set($0.files.keys.map(\.relativePath) + $0.catalogs.keys.map(\.relativePath)) }
    let common = paths.dropFirst().reduce(paths[0]) { $0.intersection($1) }
    guard !common.isEmpty else {
      return .pathsDiffer(
        zip(names, paths).map {
          ExtractionReport.TargetItems(target: $0, items: Array($1.sorted().prefix(ExtractionReport.shownPaths)))
        })
    }
    return .noSharedValue(commonTables: common.count)
  }
}
