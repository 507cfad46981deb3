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
      [Layer(name: options.base.name, path: options.base.path)]
      + options.overlays.map { Layer(name: $0.name, path: $0.path) }
    var diagnostics: [Diagnostic] = []
    for layer in layers where !LayerScanner.isDirectory(layer.path) {
      diagnostics.append(
        Diagnostic(.error, .unreadableFile, "layer folder '\(layer.path)' does not exist", at: nil))
    }
    if let destination = options.destination,
      let problem = DestinationSafety.problem(destination: destination, layers: layers)
    {
      diagnostics.append(Diagnostic(.error, .unsafeDestination, "refusing to write: \(problem)", at: nil))
    }
    guard !diagnostics.containsErrors else {
      diagnostics.forEach(printer.print)
      return .failure
    }
    if mode == .files { return listFiles(layers: layers) }
    if mode == .merge, let status = upToDateRun(layers: layers, printer: printer) { return status }

    let result = LayerMerger.merge(layers, options: options.checks.settings)
    diagnostics += result.diagnostics
    // What `lint` shows; the stamp remembers this count, not warnings about the build phase.
    let lintWarnings = result.diagnostics.filter { $0.severity == .warning }.count
    let outputs = mode == .merge ? OutputFile.files(for: result) : []
    let destination = options.destination.map(DestinationSafety.canonicalPath)
    if let destination, mode == .merge {
      diagnostics += options.checks.settings.rules.apply(
        to: undeclaredOutputWarnings(written(outputs.map(\.relativePath), in: destination)))
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    for diagnostic in diagnostics where !(options.quiet && diagnostic.severity != .error) {
      printer.print(diagnostic)
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
          lists(
            inputs: DestinationSafety.canonicalPaths(result.inputFiles),
            outputs: written(outputs.map(\.relativePath), in: destination)) + [provenance].compactMap { $0 }
        let plan = OutputPlan(
          files: outputs, destination: destination, layers: layers, companions: companions,
          stamp: BuildStamp(
            configuration: configuration(layers), inputs: result.inputFingerprints, warnings: lintWarnings))
        let report = try plan.apply(whileWaiting: { waitingMessage(destination) })
        for diagnostic in report.diagnostics where !options.quiet { printer.print(diagnostic) }
        summary.written = report.written.count
        summary.unchanged = report.unchanged.count
        summary.removed = report.removed.count
        summary.warnings += report.diagnostics.count
      } else if let provenance {
        try AtomicFile.writeIfChanged(provenance.bytes, to: provenance.path)
      }
    } catch {
      printer.print(error.diagnostic)
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
    let planned = LayerMerger.plannedFiles(layers, options: options.checks.settings)
    let inputs = DestinationSafety.canonicalPaths(planned.inputs)
    let outputs = written(planned.outputs.map(\.relativePath), in: destination)
    let wroteLists = options.inputFileList != nil || options.outputFileList != nil || options.depfile != nil
    do {
      for list in lists(inputs: inputs, outputs: outputs) {
        try AtomicFile.writeIfChanged(list.bytes, to: list.path)
      }
    } catch {
      DiagnosticPrinter(console: console).print(error.diagnostic)
      return .failure
    }
    if !wroteLists {
      console.out(BuildManifest.xcfilelist(inputs, title: "Input files", srcroot: srcroot))
      console.out(BuildManifest.xcfilelist(outputs, title: "Output files", srcroot: srcroot))
    }
    return .success
  }

  private var srcroot: String? { options.srcroot ?? environment["SRCROOT"] }

  /// Everything that shapes the outputs besides the input files: a change forces a full run.
  private func configuration(_ layers: [Layer]) -> BuildConfiguration {
    let checks = options.checks.settings
    let settings = [
      "input-file-list": options.inputFileList, "output-file-list": options.outputFileList,
      "depfile": options.depfile, "provenance": options.provenance, "srcroot": srcroot,
      "development-language": checks.developmentLanguage,
      "rules": checks.rules.levels.isEmpty
        ? nil : checks.rules.levels.map { "\($0.key.rawValue)=\($0.value.rawValue)" }.sorted().joined(separator: ","),
      "exclude": checks.exclude.isEmpty ? nil : checks.exclude.map(\.pattern).joined(separator: "\n"),
      "catalogs": checks.catalogOutput == .compiled ? nil : checks.catalogOutput.rawValue,
    ].compactMapValues { $0 }
    return BuildConfiguration(tool: "locmerge \(CommandLineTool.version)", layers: layers, settings: settings)
  }

  /// Every file a merge writes in DEST: the tables and the bookkeeping files.
  private func written(_ tables: [String], in destination: String) -> [String] {
    (tables + OutputPlan.bookkeepingFiles).map { destination + "/" + $0 }
  }

  private func waitingMessage(_ destination: String) {
    if !options.quiet { console.err("locmerge: waiting for another locmerge run to finish writing \(destination)\n") }
  }

  /// The make-style shortcut: when the layers, options and every input file are as the last full
  /// run left them, and every output and list is still as it was written, there is nothing to do.
  private func upToDateRun(layers: [Layer], printer: DiagnosticPrinter) -> ExitStatus? {
    guard let destination = options.destination.map(DestinationSafety.canonicalPath),
      let stamp = BuildStamp.current(
        in: destination, configuration: configuration(layers), options: options.checks.settings,
        whileWaiting: { waitingMessage(destination) }),
      !(options.strict && stamp.warnings > 0)
    else { return nil }
    let tables = stamp.outputs.keys.filter { !OutputPlan.bookkeepingFiles.contains($0) }
    let undeclared = options.checks.settings.rules.apply(
      to: undeclaredOutputWarnings(written(Array(tables), in: destination)))
    for diagnostic in undeclared where !options.quiet { printer.print(diagnostic) }
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

  /// The file lists and depfile the options ask for, rendered.
  private func lists(inputs: [String], outputs: [String]) -> [CompanionFile] {
    let manifest = BuildManifest(inputs: inputs, outputs: outputs)
    var files: [CompanionFile] = []
    if let path = options.inputFileList {
      files.append(
        CompanionFile(
          path: path,
          bytes: Array(BuildManifest.xcfilelist(manifest.inputs, title: "Input files", srcroot: srcroot).utf8)))
    }
    if let path = options.outputFileList {
      files.append(
        CompanionFile(
          path: path,
          bytes: Array(BuildManifest.xcfilelist(manifest.outputs, title: "Output files", srcroot: srcroot).utf8)))
    }
    if let path = options.depfile {
      files.append(CompanionFile(path: path, bytes: Array(manifest.depfile.utf8)))
    }
    return files
  }

  /// Inside Xcode, every file a script writes must be declared, or a clean build fails.
  private func undeclaredOutputWarnings(_ outputs: [String]) -> [Diagnostic] {
    let xcode = XcodeEnvironment(environment: environment)
    guard xcode.isScriptPhase else { return [] }
    let declared = xcode.declaredOutputs
    let missing = outputs.filter { !declared.contains($0) }.sorted()
    var warnings = missing.prefix(10).map { path in
      Diagnostic(
        .warning, .undeclaredOutput,
        "\(path) is written but not declared in the Run Script phase; add '\(xcode.declarationLine(for: path))' to "
          + "its Output Files (or generate an Output File List with 'locmerge files --output-file-list')")
    }
    if missing.count > 10 {
      warnings.append(
        Diagnostic(
          .warning, .undeclaredOutput, "\(missing.count - 10) more outputs are not declared in the Run Script phase"))
    }
    return warnings
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
