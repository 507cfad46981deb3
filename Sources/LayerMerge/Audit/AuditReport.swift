/// What every target does with every key: the data behind `locmerge audit`.
///
/// Each target is its own stack over the shared base (a target with no overlays is the base
/// alone). The report keeps, per target, the merge result (with provenance and diagnostics),
/// counts per language and per key, and derives the override matrix: one row per key that at
/// least one target touches or that has an error in some target.
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

  /// What the matrix shows for a key and a target, the most notable first.
  public enum Mark: String, Hashable, Sendable, CaseIterable, Comparable {
    /// An error is reported at a definition of the key in the target's stack.
    case error
    /// The target replaces the value in at least one language.
    case overridden
    /// The target adds the key.
    case added
    /// The target repeats the value it replaces.
    case redundant
    /// The target takes the base's value.
    case inherited

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
      allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// The mark of a provenance status.
    /// - Parameter status: The status.
    public init(_ status: KeyProvenance.Status) {
      switch status {
      case .inherited: self = .inherited
      case .overridden: self = .overridden
      case .added: self = .added
      case .redundant: self = .redundant
      }
    }
  }

  /// One target: its stack, merge result and counts.
  public struct Target: Sendable {
    /// The target's name.
    public var name: String
    /// Its layers over the base, lowest first (the base excluded; empty for the base alone),
    /// with names that tell every layer of the audit apart.
    public var overlays: [Layer]
    /// The merge of the base and the overlays.
    public var result: MergeResult
    /// Counts of key records per language.
    public var countsByLanguage: [String: Counts]
    /// Counts of keys (a key of a table, across its languages) by their most notable mark.
    public var keyCounts: [Mark: Int]

    /// The languages of the target's merge, sorted.
    public var languages: [String] { countsByLanguage.keys.sorted() }

    /// The number of keys, across languages.
    public var keyCount: Int { keyCounts.values.reduce(0, +) }

    /// The share of keys the target overrides or adds (0…1).
    public var shareChanged: Double {
      let changed = (keyCounts[.overridden] ?? 0) + (keyCounts[.added] ?? 0)
      return keyCount == 0 ? 0 : Double(changed) / Double(keyCount)
    }
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

    /// `Localizable/home.title`-style label; `.stringsdict` tables and catalogs are marked
    /// (`Localizable (xcstrings)/home.title`).
    public var label: String { "\(tableLabel)/\(key)" }

    /// The table, marked when it is not a `.strings` table: `Localizable (stringsdict)`.
    public var tableLabel: String { kind == .strings ? table : "\(table) (\(kind.rawValue))" }

    init(_ address: TableAddress, key: String) {
      table = address.directory.isEmpty ? address.table : "\(address.directory)/\(address.table)"
      kind = address.kind
      self.key = key
    }
  }

  /// What one target does with one key, across languages.
  public struct Cell: Hashable, Sendable {
    /// The provenance record per language, for languages where the target's own layers win or
    /// where the key has an error.
    public var byLanguage: [String: KeyProvenance]
    /// The errors reported at a definition of the key, per language.
    public var errorsByLanguage: [String: [Diagnostic]] = [:]

    /// The most notable status: overridden, then added, then redundant.
    public var status: KeyProvenance.Status {
      let statuses = Set(byLanguage.values.map(\.status))
      for status in [KeyProvenance.Status.overridden, .added, .redundant] where statuses.contains(status) {
        return status
      }
      return .inherited
    }

    /// The most notable mark: an error first, then the status.
    public var mark: Mark { errorsByLanguage.isEmpty ? Mark(status) : .error }

    /// Every mark the cell has: its statuses, and `error` if it has errors.
    public var marks: Set<Mark> {
      Set(byLanguage.values.map { Mark($0.status) }).union(errorsByLanguage.isEmpty ? [] : [.error])
    }
  }

  /// An error of the audit, with the targets whose stacks report it.
  public struct Problem: Sendable {
    /// The diagnostic (the same in every target that reports it).
    public var diagnostic: Diagnostic
    /// The targets that report it, in the audit's order.
    public var targets: [String]
    /// The key it is about, when it is at a definition of a key.
    public var row: RowKey?
    /// The language of that definition.
    public var language: String?
  }

  /// The base layer.
  public var base: Layer
  /// The targets in the order given.
  public var targets: [Target]
  /// Rows of the override matrix: keys some target touches or has an error at, sorted, with one
  /// cell per target (absent where the target only inherits without error).
  public var matrix: [(row: RowKey, cells: [Cell?])]
  /// Errors, once each, in the order of their locations.
  public var problems: [Problem]
  /// Clean-up suggestions: redundant overrides and near-miss keys, per target.
  public var suggestions: [(target: String, diagnostic: Diagnostic)]

  /// Resolves every target over the base. The base and layers shared by several targets are read
  /// once; layers whose folders have the same name are named by their paths.
  /// - Parameters:
  ///   - base: The shared translations.
  ///   - targets: Each target's name and overlays, lowest first; no overlays audits the base alone.
  ///   - options: What the merges leave out and check.
  public init(base: Layer, targets: [(name: String, overlays: [Layer])], options: MergeOptions = MergeOptions()) {
    let everyLayer = [base] + targets.flatMap(\.overlays)
    var nameByPath: [String: String] = [:]
    for layer in Layer.uniquelyNamed(everyLayer) where nameByPath[layer.path] == nil {
      nameByPath[layer.path] = layer.name
    }
    func named(_ layer: Layer) -> Layer { Layer(name: nameByPath[layer.path] ?? layer.name, path: layer.path) }
    self.base = named(base)
    var seen: Set<String> = []
    let toLoad = everyLayer.filter { seen.insert($0.path).inserted }
    var loadedByPath: [String: LoadedLayer] = [:]
    for loaded in LoadedLayer.load(toLoad, options: MergeOptions(exclude: options.exclude)) {
      loadedByPath[loaded.layer.path] = loaded
    }

    var audited: [Target] = []
    var cells: [RowKey: [Cell?]] = [:]
    var problems: [String: Problem] = [:]
    // The errors in the order the merges report them: the dictionary's own order changes from
    // process to process, and errors at one place keep this order through the sort below.
    var problemOrder: [Diagnostic] = []
    for (targetIndex, target) in targets.enumerated() {
      let overlays = target.overlays.map(named)
      var stack: [LoadedLayer] = []
      for layer in [self.base] + overlays {
        guard var loaded = loadedByPath[layer.path] else { continue }
        loaded.layer = layer  // keep the name this audit gives the layer
        stack.append(loaded)
      }
      let result = LayerMerger.merge(loaded: stack, options: options)
      // Where each definition stands, to place errors on keys.
      var keyAt: [SourceLocation: (row: RowKey, language: String, record: KeyProvenance)] = [:]
      var counts: [String: Counts] = [:]
      var marks: [RowKey: Mark] = [:]
      for table in result.tables {
        let language = table.address.language
        for record in table.provenance {
          let row = RowKey(table.address, key: record.key)
          counts[language, default: Counts()].add(record.status)
          marks[row] = min(marks[row] ?? .inherited, Mark(record.status))
          for definition in [record.winner] + record.shadowed where definition.position != nil {
            keyAt[definition.location] = (row, language, record)
          }
          if record.status != .inherited {
            var rowCells = cells[row] ?? Array(repeating: nil, count: targets.count)
            var cell = rowCells[targetIndex] ?? Cell(byLanguage: [:])
            cell.byLanguage[language] = record
            rowCells[targetIndex] = cell
            cells[row] = rowCells
          }
        }
      }
      for diagnostic in result.diagnostics where diagnostic.severity == .error {
        let place = diagnostic.location.flatMap { keyAt[$0] }
        if let (row, language, record) = place {
          marks[row] = .error
          var rowCells = cells[row] ?? Array(repeating: nil, count: targets.count)
          var cell = rowCells[targetIndex] ?? Cell(byLanguage: [:])
          cell.byLanguage[language] = cell.byLanguage[language] ?? record
          cell.errorsByLanguage[language, default: []].append(diagnostic)
          rowCells[targetIndex] = cell
          cells[row] = rowCells
        }
        let id = diagnostic.description
        if problems[id] == nil { problemOrder.append(diagnostic) }
        var problem =
          problems[id] ?? Problem(diagnostic: diagnostic, targets: [], row: place?.row, language: place?.language)
        problem.targets.append(target.name)
        problems[id] = problem
      }
      var keyCounts: [Mark: Int] = [:]
      for mark in marks.values { keyCounts[mark, default: 0] += 1 }
      audited.append(
        Target(
          name: target.name, overlays: overlays, result: result, countsByLanguage: counts, keyCounts: keyCounts))
    }
    self.targets = audited
    matrix = cells.keys.sorted().map { ($0, cells[$0] ?? []) }
    self.problems = LayerMerger.sortedByLocation(problemOrder).compactMap {
      problems[$0.description]
    }
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

  /// The matrix rows where some target's cell has one of the marks (every row when `marks` is
  /// empty).
  /// - Parameter marks: The marks to keep, as `--status` gives them.
  /// - Returns: The rows kept, in matrix order.
  public func rows(marked marks: Set<Mark>) -> [(row: RowKey, cells: [Cell?])] {
    guard !marks.isEmpty else { return matrix }
    return matrix.filter { entry in entry.cells.contains { $0.map { !$0.marks.isDisjoint(with: marks) } ?? false } }
  }
}
