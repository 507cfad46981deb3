/// A diagnostic as a report gives it: with the targets whose merges found it (a problem in a
/// shared layer is found by every target that uses it, and reported once).
public struct Finding: Hashable, Sendable {
  /// The diagnostic.
  public var diagnostic: Diagnostic
  /// The targets that found it, in the order of the run; empty when the run had no targets
  /// (`merge` or `lint` of layers named on the command line).
  public var targets: [String]

  /// Creates a finding.
  /// - Parameters:
  ///   - diagnostic: The diagnostic.
  ///   - targets: The targets that found it.
  public init(_ diagnostic: Diagnostic, targets: [String] = []) {
    self.diagnostic = diagnostic
    self.targets = targets
  }

  /// The one target that found it, or `nil` when several (or none) did.
  public var target: String? { targets.count == 1 ? targets[0] : nil }
}
