import LayerMerge

/// `locmerge lint` with the project file: every chosen target's stack checked, each shared layer
/// read once, each problem reported once.
struct ProjectLintCommand {
  var options: ProjectOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let context: ProjectContext
    do {
      context = try ProjectContext.load(options, environment: environment, console: console)
      try context.checkLayers(console: console)
    } catch {
      return error.status
    }
    let stacks = context.targets.map(context.project.layers(of:))
    let settings = context.settings
    // Guesses (dynamic keys, helpers not declared), so only when the project asks for them; they
    // read every lookup, which the scan otherwise lets go once numbered.
    let asked: Set<RuleLevel?> = [.warning, .error]
    let checksUnused = asked.contains(settings.rules[.unusedKey]) || asked.contains(settings.rules[.unusedOverride])
    // The code is found, read and scanned while the layers are read and the first target merged:
    // each spends part of its time on one core (walking folders, numbering keys; the last files
    // of a layer; the first merge, which makes what every other merge of the shared layers reuses
    // and which they would otherwise wait for).
    let (found, (shared, firstMerge)) = sideBySide(
      { () -> Result<(TargetCode, [String: [Int]], ScannedSources), ProjectContext.Stop> in
        do throws(ProjectContext.Stop) {
          let code = try TargetCode.find(
            project: context.project, targets: context.targets, options: options, environment: environment,
            console: console, required: false)
          // Each source file read and scanned once, however many targets compile it; each target
          // then names its files by their places in the scan.
          let (paths, places) = code.scanOrder
          return .success(
            (
              code, places,
              ScannedSources(
                distinct: paths, scanner: SourceScanner(helpers: context.project.lookups), keepingLookups: checksUnused)
            ))
        } catch {
          return .failure(error)
        }
      },
      {
        let shared = SharedLayers(stacks.flatMap { $0 }, options: settings)
        return (shared, shared.merge(Array(stacks.prefix(1)), options: settings) { $1 }.first)
      })
    let code: TargetCode
    let places: [String: [Int]]
    let scanned: ScannedSources
    switch found {
    case .success(let result): (code, places, scanned) = result
    case .failure(let error): return error.status
    }
    // Freed by the exit, not one allocation at a time.
    defer { KeptUntilExit.keep((scanned, shared, firstMerge)) }
    if let note = code.note, !options.quiet { console.err("locmerge: \(note)\n") }
    let targets = context.targets
    let copied = code.copiedTables.mapValues { LayerMerger.merge(loaded: [$0], options: settings) }
    let check = { @Sendable (index: Int, result: MergeResult) in
      var diagnostics = result.diagnostics
      if let sources = places[targets[index].name] {
        diagnostics +=
          TargetUsage(
            target: targets[index].name, places: sources, scanned: scanned, merge: result,
            copied: copied[targets[index].name], rules: settings.rules
          ).diagnostics
      }
      return (diagnostics: diagnostics, inputs: result.inputFiles, language: result.developmentLanguage)
    }
    // The first target's check is the first handed out: it makes what the others' reuse (its
    // shared tables' keys matched with the code's), and they merge before they check. Done
    // alone before the others started, it left a core idle.
    let merged = shared.merge(stacks, first: firstMerge, options: settings, check)
    var findings = Diagnostic.once(
      byTarget: zip(context.targets, merged).map { target, merge in (target.name, merge.diagnostics) })
    if checksUnused {
      let files = code.files
      var unusedRules = settings.rules
      for code in [DiagnosticCode.unusedKey, .unusedOverride] where !asked.contains(settings.rules[code]) {
        try? unusedRules.set(.off, for: code)
      }
      let unused = UnusedKeys(
        holders: UnusedKeys.holders(
          stacks: zip(targets, stacks).filter { files[$0.0.name] != nil }.map {
            ($0.0.name, $0.1)
          }, shared: shared),
        targets: files, scanned: scanned,
        developmentLanguage: merged.first?.language ?? settings.developmentLanguage ?? "en", rules: unusedRules)
      findings += unused.diagnostics.map { Finding($0) }
    }
    let diagnostics = findings.map(\.diagnostic)
    let output = DiagnosticOutput(
      reporter: options.reporter ?? context.project.reporter ?? .xcode,
      paths: .forRun(
        environment: environment, projectRoot: context.project.folder, currentDirectory: PathText.currentDirectory(),
        fallbackFile: context.project.path), console: console)
    for finding in findings where !(options.quiet && finding.diagnostic.severity != .error) {
      output.report(finding)
    }
    output.finish()
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    let errors = diagnostics.filter { $0.severity == .error }.count
    if !options.quiet {
      let files = Set(merged.flatMap(\.inputs)).count
      let targets = context.targets.count
      let sources =
        places.isEmpty
        ? "" : "\(scanned.scannedCount) source file\(scanned.scannedCount == 1 ? "" : "s") scanned, "
      console.err(
        "locmerge: \(targets) target\(targets == 1 ? "" : "s"), \(files) file\(files == 1 ? "" : "s") read, "
          + sources + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s") "
          + "(each reported once)\n")
    }
    return errors > 0 || (options.strict && warnings > 0) ? .failure : .success
  }
}
