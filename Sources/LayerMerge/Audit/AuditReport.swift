/// What every target does with every key: the data behind `locmerge audit`.
///
/// Each target is its own stack over the shared base. The report keeps, per target, the merge
/// result (with provenance and diagnostics) and per-language counts, and derives the override
/// matrix: one row per key that at least one target touches.
public struct AuditReport: Sendable {
  /// Counts of keys by status.
  public struct Counts: Hashable, Sendable {
    public var inherited = 0
    public var overridden = 0
    public var added = 0
    public var redundant = 0

    /// Zero counts.
    public init() {}

    /// Adds another set of counts.
    public mutating func add(_ other: Counts) {
      inherited += other.inherited
      overridden += other.overridden
      added += other.added
      redundant += other.redundant
    }

    /// The number of keys counted.
    public var total: Int { inherited + overridden + added + redundant }

    /// Adds one key of a status.
    public mutating func add(_ status: KeyProvenance.Status) {
      switch status {
      case .inherited: inherited += 1
      case .overridden: overridden += 1
      case .added: added += 1
      case .redundant: redundant += 1
      }
    }

    /// The count for a status.
    public subscript(status: KeyProvenance.Status) -> Int {
      switch status {
      case .inherited: return inherited
      case .overridden: return overridden
      case .added: return added
      case .redundant: return redundant
      }
    }
  }

  /// One target: its stack, merge result and counts per language.
  public struct Target: Sendable {
    /// The target's name.
    public var name: String
    /// Its layers over the base, lowest first (the base excluded).
    public var overlays: [Layer]
    /// The merge of the base and the overlays.
    public var result: MergeResult
    /// Counts per language.
    public var countsByLanguage: [String: Counts]
  }

  /// A key some target touches, identified across languages.
  public struct RowKey: Hashable, Sendable, Comparable {
    /// The table without its language: `Localizable`, `Settings.bundle/Root`.
    public var table: String
    /// The file kind.
    public var kind: LocalizationFileKind
    /// The key.
    public var key: String

    public static func < (lhs: RowKey, rhs: RowKey) -> Bool {
      (lhs.table, lhs.kind.rawValue, lhs.key) < (rhs.table, rhs.kind.rawValue, rhs.key)
    }

    /// `Localizable/home.title`-style label; `.stringsdict` tables are marked.
    public var label: String { "\(table)\(kind == .stringsdict ? " (stringsdict)" : "")/\(key)" }
  }

  /// What one target does with one key, across languages.
  public struct Cell: Hashable, Sendable {
    /// The provenance record per language, for languages where the target's own layers win.
    public var byLanguage: [String: KeyProvenance]

    /// The most notable status: overridden, then added, then redundant.
    public var status: KeyProvenance.Status {
      let statuses = Set(byLanguage.values.map(\.status))
      for status in [KeyProvenance.Status.overridden, .added, .redundant] where statuses.contains(status) {
        return status
      }
      return .inherited
    }
  }

  /// The base layer.
  public var base: Layer
  /// The targets in the order given.
  public var targets: [Target]
  /// Rows of the override matrix: keys some target touches, sorted, with one cell per target
  /// (absent where the target only inherits).
  public var matrix: [(row: RowKey, cells: [Cell?])]
  /// Clean-up suggestions: redundant overrides and near-miss keys, per target.
  public var suggestions: [(target: String, diagnostic: Diagnostic)]

  /// Resolves every target over the base. The base and layers shared by several targets are read
  /// once.
  /// - Parameters:
  ///   - base: The shared translations.
  ///   - targets: Each target's name and overlays, lowest first.
  ///   - options: What the merges check.
  public init(base: Layer, targets: [(name: String, overlays: [Layer])], options: MergeOptions = MergeOptions()) {
    self.base = base
    var loadedByPath: [String: LoadedLayer] = [:]
    let uniqueLayers = [base] + targets.flatMap(\.overlays)
    var seen: Set<String> = []
    let toLoad = uniqueLayers.filter { seen.insert($0.path).inserted }
    for loaded in toLoad.concurrentMap(LoadedLayer.init) { loadedByPath[loaded.layer.path] = loaded }

    var audited: [Target] = []
    for target in targets {
      var stack: [LoadedLayer] = []
      for layer in [base] + target.overlays {
        guard var loaded = loadedByPath[layer.path] else { continue }
        loaded.layer = layer  // keep the name this target gives the layer
        stack.append(loaded)
      }
      let result = LayerMerger.merge(loaded: stack, options: options)
      var counts: [String: Counts] = [:]
      for table in result.tables {
        for record in table.provenance { counts[table.address.language, default: Counts()].add(record.status) }
      }
      audited.append(Target(name: target.name, overlays: target.overlays, result: result, countsByLanguage: counts))
    }
    self.targets = audited

    var cells: [RowKey: [Cell?]] = [:]
    for (index, target) in audited.enumerated() {
      for table in target.result.tables {
        let address = table.address
        let tableName = address.directory.isEmpty ? address.table : "\(address.directory)/\(address.table)"
        for record in table.provenance where record.status != .inherited {
          let row = RowKey(table: tableName, kind: address.kind, key: record.key)
          var rowCells = cells[row] ?? Array(repeating: nil, count: audited.count)
          var cell = rowCells[index] ?? Cell(byLanguage: [:])
          cell.byLanguage[address.language] = record
          rowCells[index] = cell
          cells[row] = rowCells
        }
      }
    }
    matrix = cells.keys.sorted().map { ($0, cells[$0] ?? []) }
    suggestions = audited.flatMap { target in
      target.result.diagnostics.filter { [.redundantOverride, .nearMissKey].contains($0.code) }.map {
        (target.name, $0)
      }
    }
  }

  /// Every language that appears in any target, sorted.
  public var languages: [String] {
    Set(targets.flatMap(\.countsByLanguage.keys)).sorted()
  }
}
