/// What a ``ProjectBuild`` did: each target's outcome, and every diagnostic once.
public struct ProjectBuildResult: Sendable {
  /// One target's outcome.
  public struct Target: Sendable {
    /// What happened to the target's destination.
    public enum Outcome: Sendable {
      /// Nothing changed since the last run: nothing was read or written. `warnings` is the
      /// number of warnings that run reported.
      case upToDate(warnings: Int)
      /// The outputs were written (only those whose bytes changed) and stale ones removed.
      case written(OutputReport)
      /// The merge had errors (or warnings, with warnings as errors): nothing was written.
      case notWritten
      /// Writing failed; the destination's outputs are as they were.
      case writeFailed(OutputError)
    }

    /// The target.
    public var target: ProjectBuild.Target
    /// What happened to its destination.
    public var outcome: Outcome
    /// Everything its merge and its writing reported, in order; problems of a shared layer are
    /// here in every target that uses it.
    public var diagnostics: [Diagnostic]
    /// How many table files its merge read (0 when up to date).
    public var filesRead: Int
    /// How many tables it produces.
    public var tables: Int

    /// Creates an outcome.
    /// - Parameters:
    ///   - target: The target.
    ///   - outcome: What happened to its destination.
    ///   - diagnostics: What was reported.
    ///   - filesRead: How many table files were read.
    ///   - tables: How many tables it produces.
    public init(target: ProjectBuild.Target, outcome: Outcome, diagnostics: [Diagnostic], filesRead: Int, tables: Int) {
      self.target = target
      self.outcome = outcome
      self.diagnostics = diagnostics
      self.filesRead = filesRead
      self.tables = tables
    }

    /// Whether any of its diagnostics is an error.
    public var hasErrors: Bool { diagnostics.containsErrors }

    /// How many of its diagnostics are warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// How many of its diagnostics are errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }

    /// Whether the target failed: errors, or a destination that could not be written.
    public var failed: Bool {
      switch outcome {
      case .notWritten, .writeFailed: return true
      case .upToDate, .written: return hasErrors
      }
    }
  }

  /// Every target, in the order the build was given them.
  public var targets: [Target]
  /// How many source files the run read and scanned for the targets' code (none when every
  /// target was up to date).
  public var sourcesScanned = 0

  /// Creates a result.
  /// - Parameter targets: Every target's outcome.
  public init(targets: [Target]) {
    self.targets = targets
  }

  /// Every target's diagnostics, each reported once however many targets share the layer it is
  /// about, grouped by file in line order.
  public var diagnostics: [Diagnostic] {
    Diagnostic.once(targets.map(\.diagnostics))
  }

  /// The same, each with the targets that found it (``Diagnostic/once(byTarget:)``).
  public var findings: [Finding] {
    Diagnostic.once(byTarget: targets.map { ($0.target.name, $0.diagnostics) })
  }

  /// Whether any target failed.
  public var failed: Bool { targets.contains { $0.failed } }
}
