import Dispatch

/// Builds many targets in one run, as `locmerge build` does: each target's stack merged into its
/// destination with everything a single merge does (the make-style stamp, write-if-changed,
/// stale-output removal, all or nothing per destination).
///
/// Layers that several targets share — the base, a brand — are read and parsed once per run.
/// Targets are merged and written several at a time. A target with errors writes nothing, and the
/// others are still built.
///
/// ```swift
/// let project = ProjectFileReader.read(path: "locmerge.json").project!
/// let build = ProjectBuild(
///   targets: try project.buildTargets(environment: environment), options: project.options,
///   tool: "mytool 1.0")
/// let result = build.run()
/// result.diagnostics.forEach { print($0) }  // each once, however many targets report it
/// ```
public struct ProjectBuild: Sendable {
  /// One target to build: its stack and its destination.
  public struct Target: Hashable, Sendable {
    /// The target's name.
    public var name: String
    /// The stack, lowest first: the base, then the target's overlays.
    public var layers: [Layer]
    /// The folder its merged tables go to.
    public var destination: String
    /// What it writes for String Catalogs, if not what the build's options say.
    public var catalogOutput: CatalogOutput?
    /// The folder of its record, stamp and lock, or `nil` for `DEST/.locmerge/` (``OutputPlan/state``).
    public var state: String?
    /// Its code, checked against its merged tables (`missing-key`, `untranslated-key`) and part of
    /// its stamp; `nil` checks no code.
    public var sources: [String]?
    /// The tables its Xcode target still copies itself (a table only it has, left where it is):
    /// its code's lookups find them too, and they are part of its stamp.
    public var copiedTables: LoadedLayer?

    /// Creates a target.
    /// - Parameters:
    ///   - name: The target's name.
    ///   - layers: The stack, lowest first.
    ///   - destination: The destination folder.
    ///   - catalogOutput: What it writes for String Catalogs; the build's ``ProjectBuild/options`` say when `nil`.
    ///   - state: The folder of its record, stamp and lock; `nil` for `DEST/.locmerge/`.
    ///   - sources: Its source files, to check against its tables; `nil` for none.
    public init(
      name: String, layers: [Layer], destination: String, catalogOutput: CatalogOutput? = nil, state: String? = nil,
      sources: [String]? = nil
    ) {
      self.name = name
      self.layers = layers
      self.destination = destination
      self.catalogOutput = catalogOutput
      self.state = state
      self.sources = sources
    }

    /// Equal when everything but the copied tables' contents is, and those are the same files.
    public static func == (lhs: Target, rhs: Target) -> Bool {
      lhs.name == rhs.name && lhs.layers == rhs.layers && lhs.destination == rhs.destination
        && lhs.catalogOutput == rhs.catalogOutput && lhs.state == rhs.state && lhs.sources == rhs.sources
        && ProjectBuild.paths(of: lhs.copiedTables).sorted() == ProjectBuild.paths(of: rhs.copiedTables).sorted()
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(layers)
      hasher.combine(destination)
      hasher.combine(catalogOutput)
      hasher.combine(state)
      hasher.combine(sources)
      hasher.combine(ProjectBuild.paths(of: copiedTables).sorted())
    }
  }

  /// How far a run has got, reported after each target.
  public struct Progress: Hashable, Sendable {
    /// Targets finished so far, this one included.
    public var finished: Int
    /// Targets in the run.
    public var total: Int
    /// The target just finished.
    public var target: String
  }

  /// The targets, in the order results are reported.
  public var targets: [Target]
  /// The settings of every merge.
  public var options: MergeOptions
  /// The tool and version that the stamps record (`"locmerge 0.1.0"`).
  public var tool: String
  /// Further settings that shape the outputs, recorded in each stamp (a change forces a full run).
  public var settings: [String: String]
  /// Whether a target with warnings is treated as failed and writes nothing (`--strict`).
  public var warningsAreErrors: Bool
  /// Diagnostics about the files a target writes, given their absolute paths (the command line
  /// warns about outputs an Xcode phase does not declare); the rules apply to them.
  public var outputCheck: (@Sendable (_ target: Target, _ outputs: [String]) -> [Diagnostic])?
  /// The project's lookup helpers (`"lookups"`), for the targets with ``Target/sources``.
  public var lookups: [LookupHelper] = []
  /// What finds a source file's lookups: the source scanner with ``lookups`` when `nil` (a test
  /// gives its own).
  public var scan: ScannedSources.Scan?

  /// Creates a build.
  /// - Parameters:
  ///   - targets: The targets.
  ///   - options: The settings of every merge.
  ///   - tool: The tool and version the stamps record.
  ///   - settings: Further settings the stamps record.
  ///   - warningsAreErrors: Whether warnings stop a target from being written.
  ///   - outputCheck: Diagnostics about the files a target writes.
  public init(
    targets: [Target], options: MergeOptions = MergeOptions(), tool: String, settings: [String: String] = [:],
    warningsAreErrors: Bool = false,
    outputCheck: (@Sendable (_ target: Target, _ outputs: [String]) -> [Diagnostic])? = nil
  ) {
    self.targets = targets
    self.options = options
    self.tool = tool
    self.settings = settings
    self.warningsAreErrors = warningsAreErrors
    self.outputCheck = outputCheck
  }

  /// The check a run passes first: every target's destination and state folder against every
  /// target's layers and each other (``ProjectWriteCheck``). A target a problem names is not
  /// built; its outcome is ``ProjectBuildResult/Target/Outcome/writeFailed(_:)``. The whole
  /// project's check (other targets' layers too) is ``ProjectFile/writeCheck(building:environment:)``.
  public var writeCheck: ProjectWriteCheck {
    var seen: Set<String> = []
    let layers = targets.flatMap(\.layers).filter { seen.insert($0.path).inserted }
    return ProjectWriteCheck(
      writes: targets.flatMap { target in
        [.destination(target.destination, target: target.name)]
          + (target.state.map { [.state($0, target: target.name)] } ?? [])
      },
      protected: layers.map { .layer($0) })
  }

  /// What a target's stamp records besides its inputs: the tool, the stack, ``settings`` and the
  /// merge options (as a single merge with the same options records them).
  /// - Parameter target: The target.
  public func configuration(of target: Target) -> BuildConfiguration {
    var configuration = BuildConfiguration(
      tool: tool, layers: target.layers,
      settings: settings.merging(options(for: target).configurationSettings) { $1 })
    if target.sources != nil {
      // Which code is read is in the stamp's inputs; how it is read is here.
      configuration.settings["code"] = "checked"
      if !lookups.isEmpty { configuration.settings["lookups"] = lookups.map { "\($0)" }.joined(separator: "\n") }
    }
    return configuration
  }

  /// The files of a target's copied tables, which its stamp records beside its code.
  static func paths(of copied: LoadedLayer?) -> [String] {
    guard let copied else { return [] }
    return (copied.files.values.map(\.path) + copied.catalogs.values.map(\.path)).map { PathText.absolute($0) }
  }

  /// The settings of a target's merge: ``options``, with the target's own catalog output.
  /// - Parameter target: The target.
  public func options(for target: Target) -> MergeOptions {
    options.catalogOutput(overriddenBy: target.catalogOutput)
  }

  /// Builds every target.
  /// - Parameters:
  ///   - progress: Called after each target, one call at a time, from any thread.
  ///   - whileWaiting: Called when another run has held a target's destination for a second.
  /// - Returns: Each target's outcome, in the order of ``targets``, and every diagnostic once.
  public func run(
    progress: @escaping @Sendable (Progress) -> Void = { _ in },
    whileWaiting: @escaping @Sendable (Target) -> Void = { _ in }
  ) -> ProjectBuildResult {
    let reporter = ProgressReporter(total: targets.count, report: progress)
    // A target whose destination or state folder overlaps a layer or another target's is not built.
    var problems: [String: ProjectWriteCheck.Problem] = [:]
    for problem in writeCheck.problems() {
      for name in [problem.write.target, problem.other.target].compactMap({ $0 }) where problems[name] == nil {
        problems[name] = problem
      }
    }
    let refused = problems
    // Each destination and state folder resolved once (a resolution is a system call per folder
    // of the path).
    let destinations = targets.concurrentMap { DestinationSafety.canonical($0.destination) }
    let states = targets.map { $0.state.map(DestinationSafety.canonical) }
    // A few `stat` calls per target say which have nothing to do.
    let stamps = Array(targets.indices).concurrentMap { index -> BuildStamp? in
      let target = targets[index]
      guard refused[target.name] == nil else { return nil }
      let stamp = BuildStamp.current(
        in: destinations[index], configuration: configuration(of: target), options: options(for: target),
        state: states[index], sources: (target.sources ?? []) + Self.paths(of: target.copiedTables),
        whileWaiting: { whileWaiting(target) })
      guard let stamp, !(warningsAreErrors && stamp.warnings > 0) else { return nil }
      return stamp
    }
    var results: [ProjectBuildResult.Target?] = Array(repeating: nil, count: targets.count)
    for (index, target) in targets.enumerated() {
      guard let problem = refused[target.name] else { continue }
      let error = OutputError.unsafeDestination(path: problem.write.path, problem: problem.description)
      results[index] = ProjectBuildResult.Target(
        target: target, outcome: .writeFailed(error), diagnostics: [error.diagnostic], filesRead: 0, tables: 0)
      reporter.finished(target.name)
    }
    for index in targets.indices {
      guard let stamp = stamps[index] else { continue }
      results[index] = upToDate(targets[index], stamp: stamp, destination: destinations[index], state: states[index])
      reporter.finished(targets[index].name)
    }
    let stale = targets.indices.filter { stamps[$0] == nil && refused[targets[$0].name] == nil }
    let scanner = SourceScanner(helpers: lookups)
    let sharedStacks = stale.map { targets[$0].layers }
    let sharedDestinations = stale.map { destinations[$0] }
    let (scanned, shared) = sideBySide(
      {
        // Every stale target's code, each file read and scanned once however many targets
        // compile it.
        ScannedSources(stale.flatMap { targets[$0].sources ?? [] }, scan: scan ?? { scanner.scan($0, language: $1) })
      },
      {
        // Meanwhile every layer several stale targets use, each read once (both spend part of
        // their time on one core); a target's own layers are read when it is prepared, and
        // freed when it is written.
        SharedLayers(sharedBy: sharedStacks, options: options, destinations: sharedDestinations)
      })
    // Each stale target's merge and rendered files, made once by whoever asks first.
    let prepared = stale.map { _ in LazyValue<Prepared>() }
    let make = { @Sendable (position: Int) -> Prepared in
      let index = stale[position]
      return prepare(
        targets[index], destination: destinations[index], state: states[index], shared: shared, scanned: scanned)
    }
    let preparation = { @Sendable (position: Int) -> Prepared in prepared[position].value { make(position) } }
    // The first target is merged and rendered alone, every core on its tables and checks: it
    // makes what the shared layers' checks, records and renderings give every other target, which
    // the targets built side by side would otherwise wait for (or make on every core at once).
    if !stale.isEmpty { _ = preparation(0) }
    // Targets are prepared and written as one list of work, each write a few targets after its
    // preparation: a core that has nothing left to prepare writes, the run ends with writes, not
    // a whole target on one core, and no more than a few targets' files are held at once, so
    // memory does not grow with the number of targets. A write whose target is still being
    // prepared waits for it (work is handed out in order, so its preparation has started).
    let lag = min(2, stale.count)
    var work: [(position: Int, writes: Bool)] = []
    for position in stale.indices {
      work.append((position, false))
      if position >= lag { work.append((position - lag, true)) }
    }
    for position in (stale.count - lag)..<stale.count { work.append((position, true)) }
    let built = work.concurrentMap { position, writes -> (Int, ProjectBuildResult.Target)? in
      guard writes else {
        // Nothing to do if the write came first (this item's thread was held up).
        prepared[position].prepare { make(position) }
        return nil
      }
      let result = write(preparation(position), whileWaiting: whileWaiting)
      prepared[position].discard()
      reporter.finished(targets[stale[position]].name)
      return (position, result)
    }
    for case let (position, result)? in built { results[stale[position]] = result }
    var result = ProjectBuildResult(targets: results.compactMap { $0 })
    result.sourcesScanned = scanned.scannedCount
    return result
  }

  // MARK: - Private

  /// A target merged and its files rendered, ready to be written.
  private struct Prepared: Sendable {
    var target: Target
    var outcome: ProjectBuildResult.Target
    var plan: OutputPlan?
  }

  /// Merges a target and renders its files; no plan when it has errors (or warnings, with
  /// warnings as errors).
  /// - Parameters:
  ///   - destination: The target's destination, resolved.
  ///   - state: The target's state folder, resolved.
  private func prepare(
    _ target: Target, destination: String, state: String?, shared: SharedLayers, scanned: ScannedSources
  ) -> Prepared {
    let merged = shared.merge(target.layers, options: options(for: target))
    var diagnostics = merged.diagnostics
    var inputs = merged.inputFingerprints
    if let sources = target.sources {
      let copied = target.copiedTables.map { LayerMerger.merge(loaded: [$0], options: options(for: target)) }
      let usage = TargetUsage(
        target: target.name, files: sources, scanned: scanned, merge: merged, copied: copied,
        rules: options(for: target).rules)
      diagnostics += usage.diagnostics
      // Absolute, as the stamp checks them (the Xcode project's paths may be relative).
      for (path, fingerprint) in copied?.inputFingerprints ?? [:] {
        let absolute = PathText.absolute(path)
        if inputs[absolute] == nil { inputs[absolute] = fingerprint }
      }
      for path in sources {
        guard let file = scanned.files[path] else { continue }
        if let fingerprint = file.fingerprint {
          inputs[path] = fingerprint
        } else if file.isMissing {
          inputs[path] = BuildStamp.absent
        }
      }
    }
    // The stamp remembers what `lint` shows, not warnings about the build phase.
    let lintWarnings = diagnostics.filter { $0.severity == .warning }.count
    let outputs = OutputFile.files(for: merged, reusing: shared.renderings)
    diagnostics += checkedOutputs(target, outputs.map(\.relativePath), in: destination, state: state)
    let outcome = ProjectBuildResult.Target(
      target: target, outcome: .notWritten, diagnostics: diagnostics, filesRead: merged.inputFiles.count,
      tables: outputs.count)
    guard !outcome.hasErrors, !(warningsAreErrors && outcome.warningCount > 0) else {
      return Prepared(target: target, outcome: outcome, plan: nil)
    }
    let plan = OutputPlan(
      files: outputs, destination: destination, layers: target.layers,
      stamp: BuildStamp(configuration: configuration(of: target), inputs: inputs, warnings: lintWarnings),
      state: state)
    return Prepared(target: target, outcome: outcome, plan: plan)
  }

  /// Writes a prepared target's files.
  private func write(_ prepared: Prepared, whileWaiting: @escaping @Sendable (Target) -> Void)
    -> ProjectBuildResult.Target
  {
    var outcome = prepared.outcome
    guard let plan = prepared.plan else { return outcome }
    do {
      let report = try plan.apply(whileWaiting: { whileWaiting(prepared.target) })
      outcome.outcome = .written(report)
      outcome.diagnostics += report.diagnostics
    } catch {
      outcome.outcome = .writeFailed(error)
      outcome.diagnostics.append(error.diagnostic)
    }
    return outcome
  }

  private func upToDate(_ target: Target, stamp: BuildStamp, destination: String, state: String?)
    -> ProjectBuildResult.Target
  {
    let tables = stamp.outputs.keys.filter { !OutputPlan.bookkeepingFiles.contains($0) }.sorted()
    return ProjectBuildResult.Target(
      target: target, outcome: .upToDate(warnings: stamp.warnings),
      diagnostics: checkedOutputs(target, tables, in: destination, state: state), filesRead: 0, tables: tables.count)
  }

  /// The output check's diagnostics for these tables and the bookkeeping files, rules applied.
  private func checkedOutputs(_ target: Target, _ tables: [String], in destination: String, state: String?)
    -> [Diagnostic]
  {
    guard let outputCheck else { return [] }
    let paths =
      tables.map { destination + "/" + $0 } + OutputPlan.bookkeepingPaths(destination: destination, state: state)
    return options.rules.apply(to: outputCheck(target, paths))
  }
}

/// Counts finished targets and reports them one at a time, whichever thread finishes them.
private final class ProgressReporter: @unchecked Sendable {
  private let total: Int
  private let report: @Sendable (ProjectBuild.Progress) -> Void
  private let queue = DispatchQueue(label: "locmerge.progress")
  private var finishedCount = 0

  init(total: Int, report: @escaping @Sendable (ProjectBuild.Progress) -> Void) {
    self.total = total
    self.report = report
  }

  func finished(_ target: String) {
    queue.sync {
      finishedCount += 1
      report(ProjectBuild.Progress(finished: finishedCount, total: total, target: target))
    }
  }
}
