import LayerMerge

/// `locmerge usage`: per target, the keys its code looks up against its merged tables
/// (`missing-key`, `untranslated-key`), and per layer the keys no target using it looks up
/// (`unused-key`, `unused-override`). With locmerge.json, the targets' stacks; without one, each
/// Xcode target against the tables it copies today.
struct UsageCommand {
  var options: ProjectOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let hasProjectFile =
      options.config != nil
      || ProjectFileReader.find(from: PathText.currentDirectory(), environment: environment) != nil
    let report: UsageReport
    do {
      report = hasProjectFile ? try withProjectFile() : try withXcodeProjectOnly()
    } catch {
      return error.status
    }
    return finish(report)
  }

  // MARK: - Private

  /// Whether a rule is on for `usage`: the unused rules too, unless turned off.
  private static func reportsUnused(_ rules: CheckRules) -> Bool {
    rules[.unusedKey] != .off || rules[.unusedOverride] != .off
  }

  /// Every chosen target of locmerge.json, merged as `lint` merges it, its code found as
  /// ``TargetCode`` says.
  private func withProjectFile() throws(ProjectContext.Stop) -> UsageReport {
    let context = try ProjectContext.load(options, environment: environment, console: console)
    try context.checkLayers(console: console)
    let code = try TargetCode.find(
      project: context.project, targets: context.targets, options: options, environment: environment,
      console: console, required: true)
    let (paths, places) = code.scanOrder
    let checked = context.targets.filter { places[$0.name] != nil }
    let scanned = ScannedSources(distinct: paths, scanner: SourceScanner(helpers: context.project.lookups))
    let stacks = checked.map(context.project.layers(of:))
    let settings = context.settings
    let shared = SharedLayers(stacks.flatMap { $0 }, options: settings)
    // Freed by the exit, not one allocation at a time.
    defer { KeptUntilExit.keep((scanned, shared)) }
    let files = code.files
    let copied = code.copiedTables.mapValues { LayerMerger.merge(loaded: [$0], options: settings) }
    let merged = shared.merge(stacks, options: settings) { index, result in
      let name = checked[index].name
      return (
        usage: TargetUsage(
          target: name, places: places[name] ?? [], scanned: scanned, merge: result, copied: copied[name],
          rules: settings.rules),
        errors: result.diagnostics.filter { $0.severity == .error }.count,
        language: result.developmentLanguage
      )
    }
    var report = UsageReport(
      targets: merged.map(\.usage), scannedCount: scanned.scannedCount, missingCount: scanned.missingCount)
    report.tableErrors = merged.map(\.errors).max() ?? 0
    report.root = context.project.folder
    report.file = context.project.path
    report.unchecked = context.targets.filter { places[$0.name] == nil }.map {
      ($0.name, "no \"sources\" and no Xcode target of that name")
    }
    if Self.reportsUnused(settings.rules) {
      let holders = UnusedKeys.holders(
        stacks: zip(checked, stacks).map { ($0.0.name, $0.1) }, shared: shared)
      report.unused = UnusedKeys(
        holders: holders, targets: files.filter { name, _ in checked.contains { $0.name == name } },
        scanned: scanned, developmentLanguage: merged.first?.language ?? settings.developmentLanguage ?? "en",
        rules: settings.rules)
    }
    return report
  }

  /// No project file: the Xcode project's product targets (or those named), each against the
  /// tables it copies.
  private func withXcodeProjectOnly() throws(ProjectContext.Stop) -> UsageReport {
    let path: String
    switch TargetCode.locateXcodeProject(project: nil, options: options, environment: environment) {
    case .found(let found):
      path = found
    case .none:
      console.error(
        "no \(ProjectFileReader.fileName) and no *.xcodeproj here; name the project with --xcodeproj P.xcodeproj, "
          + "or the project file with --config")
      throw ProjectContext.Stop(status: .usage)
    case .several(let found):
      console.error(
        "no \(ProjectFileReader.fileName), and several Xcode projects: "
          + "\(found.map(PathText.lastComponent).joined(separator: ", ")); choose one with --xcodeproj")
      throw ProjectContext.Stop(status: .usage)
    }
    let xcode: XcodeProject
    do {
      xcode = try XcodeProjectReader.read(path: path)
    } catch {
      DiagnosticPrinter(console: console).print(error.diagnostic)
      throw ProjectContext.Stop(status: .failure)
    }
    var targets: [XcodeProject.Target] = []
    for name in options.targets {
      guard let target = xcode.target(named: name) else {
        let suggestion = ArgumentScanner.closest(to: name, among: xcode.targets.map(\.name))
        console.error(
          "no target '\(name)' in \(PathText.lastComponent(xcode.path))"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        throw ProjectContext.Stop(status: .usage)
      }
      if !targets.contains(target) { targets.append(target) }
    }
    let named = !targets.isEmpty
    if !named { targets = xcode.targets.filter(\.isProduct) }
    let root = PathText.absolute(xcode.sourceRoot)
    var files: [String: [String]] = [:]
    var unchecked: [(String, String)] = []
    for (target, sources) in zip(targets, xcode.sourceFiles(of: targets)) {
      if sources.isEmpty {
        unchecked.append((target.name, "no source files in its Compile Sources or synchronized folders"))
      } else {
        files[target.name] = sources.map { PathText.join(root, $0) }
      }
    }
    targets = targets.filter { files[$0.name] != nil }
    let scanned = ScannedSources(targets.flatMap { files[$0.name] ?? [] }, scanner: SourceScanner())
    var settings = options.checks.settings
    // The project's region when its tables have that language folder (an old project's `English`
    // may name `en.lproj` or `English.lproj`); else the merge picks, as for layers.
    let languages = Set(targets.flatMap { $0.tables.flatMap(\.files.keys) })
    if settings.developmentLanguage == nil, let region = xcode.developmentRegion, languages.contains(region) {
      settings.developmentLanguage = region
    }
    let copied = CopiedTables(xcode, targets: targets, developmentLanguage: settings.developmentLanguage)
    let rules = settings.rules
    let usages = zip(targets, copied.layers).map { target, layer in
      TargetUsage(
        target: target.name, files: files[target.name] ?? [], scanned: scanned,
        merge: LayerMerger.merge(loaded: [layer], options: settings), rules: rules)
    }
    var report = UsageReport(
      targets: usages, scannedCount: scanned.scannedCount, missingCount: scanned.missingCount)
    report.unchecked = unchecked
    report.root = root
    report.file = xcode.filePath
    if Self.reportsUnused(rules) {
      report.unused = UnusedKeys(
        holders: copied.holders, targets: files, scanned: scanned,
        developmentLanguage: settings.developmentLanguage ?? "en", rules: rules)
    }
    return report
  }

  /// Reports the findings, prints the tables (or the JSON document) and the summary.
  private func finish(_ report: UsageReport) -> ExitStatus {
    let findings = report.findings
    if !(options.json && options.quiet) {
      let output = DiagnosticOutput(
        reporter: options.reporter ?? .xcode,
        paths: .forRun(
          environment: environment, projectRoot: report.root, currentDirectory: PathText.currentDirectory(),
          fallbackFile: report.file), console: console)
      for finding in findings where !(options.quiet && finding.diagnostic.severity != .error) {
        output.report(finding)
      }
      output.finish()
    }
    console.out(options.json ? report.json() : report.text())
    let warnings = findings.filter { $0.diagnostic.severity == .warning }.count
    let errors = findings.filter { $0.diagnostic.severity == .error }.count
    if !options.quiet {
      let dynamic = report.targets.reduce(0) { $0 + $1.dynamic }
      var line =
        "locmerge: \(counted(report.targets.count, "target")), \(counted(report.scannedCount, "source file")) "
        + "scanned, \(counted(report.targets.reduce(0) { $0 + $1.lookups }, "lookup")) "
        + "(\(dynamic) dynamic), \(counted(warnings, "warning")), \(counted(errors, "error"))"
      if report.unused != nil {
        line +=
          "; unused keys are a guess: \(counted(dynamic, "dynamic lookup")) and helpers not declared in "
          + "\"lookups\" are not followed"
      }
      if report.missingCount > 0 {
        line +=
          "; \(counted(report.missingCount, "source file")) the project lists \(report.missingCount == 1 ? "is" : "are") missing"
      }
      if report.tableErrors > 0 {
        line += "; the tables have errors of their own: 'locmerge lint' shows them"
      }
      console.err(line + "\n")
    }
    return errors > 0 || (options.strict && warnings > 0) ? .failure : .success
  }

  private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
