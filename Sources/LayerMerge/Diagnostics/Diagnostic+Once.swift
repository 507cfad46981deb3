extension Diagnostic {
  /// The diagnostics of several merges, each reported once — a problem in a layer that several
  /// targets share is found by every one of them — grouped by file in line order.
  /// - Parameter lists: Each merge's diagnostics.
  /// - Returns: Every distinct diagnostic, in a stable order.
  public static func once(_ lists: [[Diagnostic]]) -> [Diagnostic] {
    var seen: Set<Diagnostic> = []
    return LayerMerger.sortedByLocation(lists.joined().filter { seen.insert($0).inserted })
  }
}
