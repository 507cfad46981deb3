#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything one run writes into a destination folder, as a value to make and then apply.
///
/// ```swift
/// let result = LayerMerger.merge([Layer(path: "Base"), Layer(path: "Brands/Acme")])
/// let plan = OutputPlan(result: result, destination: "build/Acme")
/// let report = try plan.apply()
/// ```
///
/// Applying a plan keeps these promises:
/// - **Never through a link.** Folders are created and files written, renamed and removed from the
///   destination's descriptor, one component at a time, without following symbolic links. A link
///   where an output folder goes is an error; a link where an output file goes is replaced by the
///   file. The destination itself may be a link, but not into a layer.
/// - **Bookkeeping apart from the outputs.** The record, the stamp, the lock and temporary files
///   live in the state folder: `DEST/.locmerge/` unless ``state`` names another folder, so that
///   nothing but the merged tables lands in DEST (an app's resource folder, say). The state folder
///   must be on DEST's file system: new files are prepared in it and renamed into place.
/// - **One writer at a time.** The run holds a lock on `lock` in the state folder; a second run
///   with the same state folder waits, then finds the work done or does it.
/// - **All or nothing, as far as a file system allows.** Every new file is written to a temporary
///   file in the state folder first, and every folder it goes to is checked; only then are they
///   renamed into place. An error while preparing changes no output. What remains is a kill in the
///   middle of the renames: the record already lists every file being renamed, and the stamp was
///   removed, so the next run completes the work and removes what is stale.
/// - **Crash-clean.** Temporary files of killed runs are removed before anything is written.
/// - **Only its own files.** Stale outputs are removed only if the record lists them, the entry
///   is a plain table path, and a plain file stands there; an output already gone is fine. Only
///   temporary files with the names locmerge gives them are removed from the state folder.
/// - **Nothing among the sources.** The destination, the state folder and the companion files
///   must not be, lie inside or contain a layer, nor overlap each other (``ProjectWriteCheck``).
/// - **Only what changed.** Files whose bytes are already on disk are not touched.
///
/// Plans are values: several threads may apply plans for *different* destinations at once.
public struct OutputPlan: Sendable {
  /// The files a destination's bookkeeping folder holds besides temporary files: the record, the
  /// stamp and the lock, relative to the destination, when they are kept in `DEST/.locmerge/`.
  /// An Xcode phase declares them as outputs.
  public static let bookkeepingFiles = bookkeepingNames.map { DestinationFolder.bookkeepingName + "/" + $0 }

  /// The record, the stamp and the lock, where a run keeps them: in `state`, or in
  /// `destination/.locmerge/` when `state` is `nil`.
  /// - Parameters:
  ///   - destination: The destination folder.
  ///   - state: The state folder, if the run has one apart from the destination.
  /// - Returns: The three paths, in the order of ``bookkeepingFiles``.
  public static func bookkeepingPaths(destination: String, state: String?) -> [String] {
    let folder = stateFolder(destination: destination, state: state)
    return bookkeepingNames.map { PathText.join(folder, $0) }
  }

  /// The state folder of a destination: `state`, or `destination/.locmerge` when `nil`.
  /// - Parameters:
  ///   - destination: The destination folder.
  ///   - state: The state folder, if the run has one apart from the destination.
  public static func stateFolder(destination: String, state: String?) -> String {
    state ?? PathText.join(destination, DestinationFolder.bookkeepingName)
  }

  /// The names of the record, the stamp and the lock in the state folder.
  static let bookkeepingNames = [OutputRecord.fileName, BuildStamp.fileName, DestinationLock.fileName]

  /// The destination folder (created if missing).
  public var destination: String
  /// The folder for the record, the stamp, the lock and temporary files (created if missing), or
  /// `nil` for `DEST/.locmerge/`. It must be on the destination's file system, and should be a
  /// folder of its own: runs that share one take turns and share one record.
  public var state: String?
  /// The outputs, relative to the destination.
  public var files: [OutputFile]
  /// The layers the outputs come from: a destination that is, lies in or contains one is refused.
  public var layers: [Layer]
  /// Files written outside the destination in the same step (lists, depfile, provenance).
  public var companions: [CompanionFile]
  /// The stamp to leave for the next run, or `nil` for none.
  public var stamp: BuildStamp?

  /// Creates a plan.
  /// - Parameters:
  ///   - files: The outputs.
  ///   - destination: The destination folder.
  ///   - layers: The layers the outputs come from.
  ///   - companions: Files written outside the destination in the same step.
  ///   - stamp: The stamp to leave, without output fingerprints (they are taken after writing).
  ///   - state: The state folder, or `nil` for `DEST/.locmerge/`.
  public init(
    files: [OutputFile], destination: String, layers: [Layer] = [], companions: [CompanionFile] = [],
    stamp: BuildStamp? = nil, state: String? = nil
  ) {
    self.files = files
    self.destination = destination
    self.state = state
    self.layers = layers
    self.companions = companions
    self.stamp = stamp
  }

  /// The plan that writes a merge's tables, and its catalogs as ``MergeResult/catalogOutput``
  /// says.
  /// - Parameters:
  ///   - result: The merge.
  ///   - destination: The destination folder.
  ///   - configuration: The run's configuration, to leave a stamp; `nil` for none.
  ///   - companions: Files written outside the destination in the same step.
  ///   - state: The state folder, or `nil` for `DEST/.locmerge/`.
  public init(
    result: MergeResult, destination: String, configuration: BuildConfiguration? = nil,
    companions: [CompanionFile] = [], state: String? = nil
  ) {
    let warnings = result.diagnostics.filter { $0.severity == .warning }.count
    self.init(
      files: OutputFile.files(for: result), destination: destination, layers: result.layers,
      companions: companions,
      stamp: configuration.map { BuildStamp(configuration: $0, inputs: result.inputFingerprints, warnings: warnings) },
      state: state)
  }

  /// The check the plan passes before it writes: its destination, state folder and companion
  /// files against its layers and each other.
  public var writeCheck: ProjectWriteCheck {
    ProjectWriteCheck(
      writes: [.destination(destination)] + (state.map { [.state($0)] } ?? [])
        + companions.map { .file($0.path, label: "the file") },
      protected: layers.map { .layer($0) })
  }

  /// Writes the plan into the destination.
  /// - Parameter whileWaiting: Called once if another run has held the destination for a second.
  /// - Returns: What was written, kept and removed, with warnings.
  public func apply(whileWaiting: () -> Void = {}) throws(OutputError) -> OutputReport {
    if let problem = writeCheck.problems().first {
      throw .unsafeDestination(path: problem.write.path, problem: problem.description)
    }
    var outputs: [String: OutputFile] = [:]
    for file in files {
      guard OutputPath.isTablePath(file.relativePath) else {
        throw .notATablePath(path: PathText.join(destination, file.relativePath))
      }
      outputs[file.relativePath] = file
    }
    guard let folder = try DestinationFolder.open(destination, create: true) else {
      throw .failed(path: destination, action: "create the destination", code: ENOENT)
    }
    guard let bookkeeping = try BookkeepingFolder.open(for: folder, state: state, create: true) else {
      throw .failed(
        path: Self.stateFolder(destination: destination, state: state), action: "create the state folder", code: ENOENT)
    }
    try bookkeeping.checkOwnership()
    let lock = try DestinationLock(
      in: bookkeeping.descriptor, exclusive: true, displayPath: bookkeeping.display(DestinationLock.fileName),
      whileWaiting: whileWaiting)
    defer { withExtendedLifetime(lock) {} }
    var writer = OutputWriter(folder: folder, state: bookkeeping)
    return try writer.apply(
      outputs.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { outputs[$0] },
      companions: companions, stamp: stamp)
  }
}
