extension Diagnostic {
  /// The diagnostics of several merges, each reported once — a problem in a layer that several
  /// targets share is found by every one of them — grouped by file in line order.
  /// - Parameter lists: Each merge's diagnostics.
  /// - Returns: Every distinct diagnostic, in a stable order.
  public static func once(_ lists: [[Diagnostic]]) -> [Diagnostic] {
    var seen: Set<Diagnostic> = []
    return LayerMerger.sortedByLocation(lists.joined().filter { seen.insert($0).inserted })
  }

  /// The diagnostics of several targets' merges, each once, with the targets that found it.
  /// - Parameter targets: Each target's name and diagnostics, in the order of the run.
  /// - Returns: Every distinct diagnostic in the order of ``once(_:)``, with its targets.
  public static func once(byTarget targets: [(name: String, diagnostics: [Diagnostic])]) -> [Finding] {
    var finders: [Diagnostic: [String]] = [:]
    for target in targets {
      for diagnostic in target.diagnostics where finders[diagnostic]?.last != target.name {
        finders[diagnostic, default: []].append(target.name)
      }
    }
    return once(targets.map(\.diagnostics)).map { Finding($0, targets: finders[$0] ?? []) }
  }
}
