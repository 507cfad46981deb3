extension ProjectFile {
  /// What one target's merge reads and writes, known before it runs.
  public struct PlannedFiles: Hashable, Sendable {
    /// The target's name.
    public var target: String
    /// The target's layer folders, base first: absolute, links resolved. A build system that
    /// watches them for new tables (the SwiftPM plugin) knows where to look.
    public var layers: [String]
    /// Every table and catalog file the merge reads, and the project file (editing it changes
    /// the outputs too): absolute, links resolved, sorted.
    public var inputs: [String]
    /// Every table the merge writes, relative to the target's destination, sorted: the
    /// `<lang>.lproj` tables, and for a target that writes merged catalogs the catalogs. The
    /// bookkeeping files (``OutputPlan/bookkeepingFiles``) are not among them.
    public var outputs: [String]
  }

  /// A target's inputs and outputs, found by scanning its layers without reading the tables
  /// (String Catalogs are read and merged: the languages they compile to depend on their
  /// content). `locmerge files` and the SwiftPM plugin declare these.
  /// - Parameters:
  ///   - target: A target of this project.
  ///   - options: The merge options (the tables they exclude are not listed); the project's when `nil`.
  /// - Returns: The target's files.
  public func plannedFiles(of target: Target, options: MergeOptions? = nil) -> PlannedFiles {
    let mergeOptions = self.options(for: target, from: options)
    return plannedFiles(of: target, options: options) {
      LayerScanner.scan($0, skippingLinksInto: mergeOptions.destination)
    }
  }

  /// ``plannedFiles(of:options:)`` with the layers' scans given, so that planning many targets
  /// scans each shared layer once.
  package func plannedFiles(of target: Target, options: MergeOptions?, scan: (Layer) -> LayerScan) -> PlannedFiles {
    let planned = LayerMerger.plan(layers(of: target), options: self.options(for: target, from: options), scan: scan)
    return PlannedFiles(
      target: target.name, layers: layers(of: target).map { DestinationSafety.canonicalPath($0.path) },
      inputs: DestinationSafety.canonicalPaths(planned.inputs + [path]).sorted(),
      outputs: planned.outputs.map(\.relativePath))
  }
}
