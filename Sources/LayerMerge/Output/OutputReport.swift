/// What applying an ``OutputPlan`` did.
public struct OutputReport: Sendable {
  /// Outputs written because they were new or their bytes changed, relative to the destination.
  public var written: [String]
  /// Outputs already on disk with the same bytes, left untouched (their modification time too).
  public var unchanged: [String]
  /// Outputs of earlier runs that this run no longer produces, removed.
  public var removed: [String]
  /// Companion files written because their bytes changed.
  public var companionsWritten: [String]
  /// Warnings: a damaged or tampered record, stale outputs left in place.
  public var diagnostics: [Diagnostic]
  /// The stamp left in the destination, if the plan had one.
  public var stamp: BuildStamp?
}
