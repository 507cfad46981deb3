import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `locmerge [merge]`, `files` and `lint`: resolve the layers, check, and (for merge) write.
struct MergeCommand {
  enum Mode { case merge, files, lint }

  var options: MergeOptions
  var environment: [String: String]
  var console: Console

  func run(mode: Mode) -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let layers =
      [options.base.layer] + options.overlays.map(\.layer)
    // Layers that cannot be what the user meant, and writes that would overlap them or each
    // other, are usage errors: nothing is read or written.
    let problems =
      writeCheck(mode: mode, layers: layers).problems().map(\.diagnostic)
      + LayerStackValidation.problems(layers)
    guard problems.isEmpty else {
      problems.forEach(printer.print)
      return .usage
    }
    var diagnostics: [Diagnostic] = []
    if mode == .files { return listFiles(layers: layers) }
    let current = PathText.currentDirectory()
    let output = DiagnosticOutput(
      reporter: options.reporter ?? .xcode,
      paths: .forRun(environment: environment, projectRoot: current, currentDirectory: current), console: console)
    defer { output.finish() }
    if mode == .merge, let status = upToDateRun(layers: layers, output: output) { return status }

    var settings = options.checks.settings
    settings.destination = options.destination
    let result = LayerMerger.merge(layers, options: settings)
    defer { KeptUntilExit.keep(result) }
    diagnostics += result.diagnostics
    // What `lint` shows; the stamp remembers this count, not warnings about the build phase.
    let lintWarnings = result.diagnostics.filter { $0.severity == .warning }.count
    // Rendered as the plan writes them, on every core, each held only while it is written.
    let outputs = mode == .merge ? OutputFile.filesRenderedWhenWritten(for: result) : []
    let destination = options.destination.map(DestinationSafety.canonicalPath)
    let state = options.state.map(DestinationSafety.canonicalPath)
    if let destination, mode == .merge {
      diagnostics += options.checks.settings.rules.apply(
        to: undeclaredOutputWarnings(written(outputs.map(\.relativePath), in: destination, state: state)))
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    for diagnostic in diagnostics where !(options.quiet && diagnostic.severity != .error) {
      output.report(diagnostic)
    }
    let failed = errors > 0 || (options.strict && warnings > 0)
    var summary = Summary(layers: layers.count, read: result.inputFiles.count, warnings: warnings, errors: errors)
    do {
      let provenance = options.provenance.map {
        CompanionFile(path: $0, bytes: Array((ProvenanceDocument.json(for: result).serialized(indent: 2) + "\n").utf8))
      }
      if !failed, mode == .merge, let destination {
        // Lists and provenance are replaced in the same step as the tables, and stamped with them.
        let companions =
          try lists(
            inputs: DestinationSafety.canonicalPaths(result.inputFiles),
            outputs: written(outputs.map(\.relativePath), in: destination, state: state))
          + [provenance].compactMap { $0 }
        let plan = OutputPlan(
          files: outputs, destination: destination, layers: layers, companions: companions,
          stamp: BuildStamp(
            configuration: configuration(layers), inputs: result.inputFingerprints, warnings: lintWarnings),
          state: state)
        let report = try plan.apply(whileWaiting: { waitingMessage(destination) })
        for diagnostic in report.diagnostics where !options.quiet { output.report(diagnostic) }
        summary.written = report.written.count
        summary.unchanged = report.unchanged.count
        summary.removed = report.removed.count
        summary.warnings += report.diagnostics.count
      } else if let provenance {
        try AtomicFile.writeIfChanged(provenance.bytes, to: provenance.path)
      }
    } catch let failure as OutputError {
      output.report(failure.diagnostic)
      return .failure
    } catch {
      // A name no file list or depfile can hold; nothing was written.
      output.report(Diagnostic(.error, .writeFailed, "\(error)"))
      return .failure
    }
    if !options.quiet {
      console.err(summary.line(mode: mode, strictFailure: options.strict && errors == 0 && warnings > 0) + "\n")
    }
    return failed ? .failure : .success
  }

  // MARK: - Private

  private func listFiles(layers: [Layer]) -> ExitStatus {
    guard let given = options.destination else { return .usage }
    // A destination written with a build setting ('$(DERIVED_FILE_DIR)/LocMerge') stays as written,
    // so the lists can be made outside Xcode and still name the right files inside it.
    let destination = given.hasPrefix("$") ? given : DestinationSafety.canonicalPath(given)
    let state = options.state.map { $0.hasPrefix("$") ? $0 : DestinationSafety.canonicalPath($0) }
    var settings = options.checks.settings
    settings.destination = given.hasPrefix("$") ? nil : given
    let planned = LayerMerger.plan(layers, options: settings)
    planned.diagnostics.forEach(DiagnosticPrinter(console: console).print)
    let inputs = DestinationSafety.canonicalPaths(planned.inputs)
    let outputs = written(planned.outputs.map(\.relativePath), in: destination, state: state)
    // A depfile is read by make, ninja or Xcode at build time: it needs the real paths.
    var depfileOutputs = outputs
    if options.depfile != nil, given.hasPrefix("$") || state?.hasPrefix("$") == true {
      let xcode = XcodeEnvironment(environment: environment)
      for (flag, value) in [("-d", given), ("--state", options.state ?? "")] {
        let missing = xcode.unsetSettings(in: value)
        guard missing.isEmpty else {
          console.error(
            "--depfile needs real paths, and \(flag) '\(value)' uses \(missing.map { "$(\($0))" }.joined(separator: ", ")), "
              + "which is not set; run inside the Xcode build phase or give \(flag) as a path")
          return .usage
        }
      }
      depfileOutputs = written(
        planned.outputs.map(\.relativePath), in: DestinationSafety.canonicalPath(xcode.expand(given)),
        state: options.state.map { DestinationSafety.canonicalPath(xcode.expand($0)) })
    }
    let wroteLists = options.inputFileList != nil || options.outputFileList != nil || options.depfile != nil
    do {
      // Under a destination written with a build setting, the names found on disk are checked here.
      if given.hasPrefix("$") {
        for relative in planned.outputs.map(\.relativePath) {
          if let reason = BuildManifest.expansionProblem(in: relative) {
            throw BuildManifest.UnrepresentablePath(path: PathText.join(given, relative), reason: reason)
          }
        }
      }
      for list in try lists(inputs: inputs, outputs: outputs, depfileOutputs: depfileOutputs) {
        try AtomicFile.writeIfChanged(list.bytes, to: list.path)
      }
      if !wroteLists {
        console.out(try BuildManifest.xcfilelist(inputs, title: "Input files", settings: listSettings))
        console.out(try outputList(outputs))
      }
    } catch let failure as OutputError {
      DiagnosticPrinter(console: console).print(failure.diagnostic)
      return .failure
    } catch {
      console.error("\(error)")
      return .failure
    }
    return .success
  }

  private var srcroot: String? { options.srcroot ?? environment["SRCROOT"] }

  /// The build settings whose folders the lists name as `$(NAME)` (`--srcroot` stands for SRCROOT).
  private var listSettings: [(name: String, path: String)] {
    BuildManifest.symbolicSettings.compactMap { name in
      guard let value = name == "SRCROOT" ? srcroot : environment[name], !value.isEmpty else { return nil }
      return (name, value)
    }
  }

  /// Everything that shapes the outputs besides the input files: a change forces a full run.
  private func configuration(_ layers: [Layer]) -> BuildConfiguration {
    let checks = options.checks.settings
    var settings = [
      "input-file-list": options.inputFileList, "output-file-list": options.outputFileList,
      "depfile": options.depfile, "provenance": options.provenance, "srcroot": srcroot,
    ].compactMapValues { $0 }.merging(checks.configurationSettings) { $1 }
    // The settings the lists name symbolically change the lists' text.
    for setting in listSettings { settings["setting " + setting.name] = setting.path }
    if let state = options.state { settings["state"] = state }
    return BuildConfiguration(tool: "locmerge \(CommandLineTool.version)", layers: layers, settings: settings)
  }

  /// Every file a merge writes: the tables in DEST and the bookkeeping files in the state folder.
  private func written(_ tables: [String], in destination: String, state: String?) -> [String] {
    tables.map { destination + "/" + $0 } + OutputPlan.bookkeepingPaths(destination: destination, state: state)
  }

  /// What this command may write — the destination and state folder (when they are paths, not
  /// build settings Xcode expands), the lists, the depfile, the provenance — against the layers.
  private func writeCheck(mode: Mode, layers: [Layer]) -> ProjectWriteCheck {
    var writes: [ProjectWriteCheck.Path] = []
    if mode == .merge, let destination = options.destination, !destination.hasPrefix("$") {
      writes.append(.destination(destination))
      if let state = options.state, !state.hasPrefix("$") { writes.append(.state(state)) }
    }
    let files = [
      ("the input file list", options.inputFileList), ("the output file list", options.outputFileList),
      ("the depfile", options.depfile), ("the provenance file", options.provenance),
    ]
    for (label, path) in files {
      if let path, mode != .lint || label == "the provenance file" { writes.append(.file(path, label: label)) }
    }
    return ProjectWriteCheck(writes: writes, protected: layers.map { .layer($0) })
  }

  private func waitingMessage(_ destination: String) {
    if !options.quiet {
      console.err("locmerge: waiting for another locmerge run to finish writing \(DisplayText.escaped(destination))\n")
    }
  }

  /// The make-style shortcut: when the layers, options and every input file are as the last full
  /// run left them, and every output and list is still as it was written, there is nothing to do.
  private func upToDateRun(layers: [Layer], output: DiagnosticOutput) -> ExitStatus? {
    let state = options.state.map(DestinationSafety.canonicalPath)
    guard let destination = options.destination.map(DestinationSafety.canonicalPath),
      let stamp = BuildStamp.current(
        in: destination, configuration: configuration(layers), options: options.checks.settings, state: state,
        whileWaiting: { waitingMessage(destination) }),
      !(options.strict && stamp.warnings > 0)
    else { return nil }
    let tables = stamp.outputs.keys.filter { !OutputPlan.bookkeepingFiles.contains($0) }
    let undeclared = options.checks.settings.rules.apply(
      to: undeclaredOutputWarnings(written(Array(tables), in: destination, state: state)))
    for diagnostic in undeclared where !options.quiet { output.report(diagnostic) }
    if !options.quiet {
      let earlier =
        stamp.warnings == 0
        ? ""
        : " (\(stamp.warnings) warning\(stamp.warnings == 1 ? "" : "s") at the last full run: 'locmerge lint' shows them)"
      console.err(
        "locmerge: \(layers.count) layers, up to date: 0 written, \(tables.count) unchanged, 0 removed\(earlier)\n")
    }
    return (options.strict && !undeclared.isEmpty) || undeclared.containsErrors ? .failure : .success
  }

  /// The file lists and depfile the options ask for, rendered; a name no list can hold is an error
  /// before anything is written.
  private func lists(inputs: [String], outputs: [String], depfileOutputs: [String]? = nil) throws(BuildManifest
    .UnrepresentablePath) -> [CompanionFile]
  {
    let manifest = BuildManifest(inputs: inputs, outputs: outputs)
    var files: [CompanionFile] = []
    if let path = options.inputFileList {
      let text = try BuildManifest.xcfilelist(manifest.inputs, title: "Input files", settings: listSettings)
      files.append(CompanionFile(path: path, bytes: Array(text.utf8)))
    }
    if let path = options.outputFileList {
      files.append(CompanionFile(path: path, bytes: Array(try outputList(manifest.outputs).utf8)))
    }
    if let path = options.depfile {
      let text = try BuildManifest(inputs: inputs, outputs: depfileOutputs ?? outputs).depfile()
      files.append(CompanionFile(path: path, bytes: Array(text.utf8)))
    }
    return files
  }

  /// The output file list: paths under a destination or state folder written with a build setting
  /// (`$(DERIVED_FILE_DIR)/LocMerge/…`) stay as written.
  private func outputList(_ outputs: [String]) throws(BuildManifest.UnrepresentablePath) -> String {
    try BuildManifest.xcfilelist(
      outputs.filter { !$0.hasPrefix("$") }, title: "Output files", settings: listSettings,
      symbolic: outputs.filter { $0.hasPrefix("$") })
  }

  /// Inside Xcode, every file a script writes must be declared, or a clean build fails.
  private func undeclaredOutputWarnings(_ outputs: [String]) -> [Diagnostic] {
    XcodeEnvironment(environment: environment).undeclaredOutputWarnings(outputs)
  }
}

/// The one-line summary printed after a run.
struct Summary {
  var layers: Int
  var read: Int
  var written = 0
  var unchanged = 0
  var removed = 0
  var warnings: Int
  var errors: Int

  func line(mode: MergeCommand.Mode, strictFailure: Bool) -> String {
    var parts = ["\(counted(layers, "layer"))", "\(counted(read, "file")) read"]
    if mode == .merge {
      parts += ["\(written) written", "\(unchanged) unchanged", "\(removed) removed"]
    }
    parts += [counted(warnings, "warning"), counted(errors, "error")]
    let outcome =
      errors > 0 ? "; nothing written" : strictFailure ? "; warnings are errors (--strict), nothing written" : ""
    return "locmerge: " + parts.joined(separator: ", ") + (mode == .merge ? outcome : "")
  }

  private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
