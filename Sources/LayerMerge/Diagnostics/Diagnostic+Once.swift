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
  ///
  /// Where targets see one place differently — the base's German table lacks 9 keys in one
  /// target and 7 in another, whose overlay translates two — the findings of that place and code
  /// name their targets (`… ("a", "b", "c", …) (target 'AcmePro')`), so that no two lines state
  /// different counts of one thing without saying for whom. A fact every target sees alike is
  /// one finding and names none — except a key a target's code asks for (`missing-key`,
  /// `untranslated-key`), which names its targets whenever the run has several.
  /// - Parameter targets: Each target's name and diagnostics, in the order of the run.
  /// - Returns: Every distinct diagnostic in the order of ``once(_:)``, with its targets.
  public static func once(byTarget targets: [(name: String, diagnostics: [Diagnostic])]) -> [Finding] {
    var finders: [Diagnostic: [String]] = [:]
    for target in targets {
      for diagnostic in target.diagnostics where finders[diagnostic]?.last != target.name {
        finders[diagnostic, default: []].append(target.name)
      }
    }
    var findings = once(targets.map(\.diagnostics)).map { Finding($0, targets: finders[$0] ?? []) }
    struct Place: Hashable {
      var code: DiagnosticCode
      var location: SourceLocation?
    }
    var targetSetsAt: [Place: Set<[String]>] = [:]
    for finding in findings {
      targetSetsAt[Place(code: finding.diagnostic.code, location: finding.diagnostic.location), default: []].insert(
        finding.targets)
    }
    // A key a target's code asks for is that target's business, whatever the others see: its
    // findings always say for whom, once the run has several targets.
    let perTarget: Set<DiagnosticCode> = [.missingKey, .untranslatedKey]
    for index in findings.indices {
      let place = Place(code: findings[index].diagnostic.code, location: findings[index].diagnostic.location)
      let namesTargets = perTarget.contains(place.code) && targets.count > 1 && !findings[index].targets.isEmpty
      guard (targetSetsAt[place]?.count ?? 0) > 1 || namesTargets else { continue }
      let names = findings[index].targets.map { "'\($0)'" }.joined(separator: ", ")
      findings[index].diagnostic.message += " (target\(findings[index].targets.count == 1 ? "" : "s") \(names))"
    }
    return findings
  }
}
