import LayerMerge

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
    // Layers that cannot be what the user meant are usage errors: nothing is read or written.
    let problems = LayerStackValidation.problems(
      layers, destination: options.destination.flatMap { $0.hasPrefix("$") ? nil : $0 })
    guard problems.isEmpty else {
      problems.forEach(printer.print)
      return .usage
    }
    var diagnostics: [Diagnostic] = []
    if mode == .files { return listFiles(layers: layers) }
    if mode == .merge, let status = upToDateRun(layers: layers, printer: printer) { return status }

    let result = LayerMerger.merge(layers, options: LayerMerge.MergeOptions(destination: options.destination))
    diagnostics += result.diagnostics
    let outputs = mode == .merge ? OutputDirectory.outputs(for: result.tables) : []
    let destination = options.destination.map(DestinationSafety.canonicalPath)
    if let destination, mode == .merge {
      diagnostics += undeclaredOutputWarnings(
        (outputs.map(\.relativePath) + OutputDirectory.bookkeepingNames).map { destination + "/" + $0 })
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    for diagnostic in diagnostics where !(options.quiet && diagnostic.severity != .error) {
      printer.print(diagnostic)
    }
    let failed = errors > 0 || (options.strict && warnings > 0)
    var summary = Summary(layers: layers.count, read: result.inputFiles.count, warnings: warnings, errors: errors)
    do {
      if let provenance = options.provenance {
        try OutputDirectory.writeIfChanged(
          Array((ProvenanceDocument.json(for: result).serialized(indent: 2) + "\n").utf8), to: provenance)
      }
      if !failed, mode == .merge, let destination {
        let plan = OutputDirectory.plan(outputs, in: destination)
        let stamp = BuildStamp(
          configuration: configuration(layers), inputs: BuildStamp.fingerprints(of: result.inputFiles), outputs: [:],
          warnings: warnings)
        try OutputDirectory.apply(plan, in: destination, stamp: stamp)
        summary.written = plan.changed.count
        summary.unchanged = plan.unchanged.count
        summary.removed = plan.stale.count
        try writeLists(
          inputs: DestinationSafety.canonicalPaths(result.inputFiles),
          outputs: (plan.record + OutputDirectory.bookkeepingNames).map { destination + "/" + $0 })
      }
    } catch let failure as OutputDirectory.Failure {
      printer.print(Diagnostic(.error, .writeFailed, failure.message, at: SourceLocation(path: failure.path)))
      return .failure
    } catch {
      printer.print(Diagnostic(.error, .writeFailed, "\(error)"))
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
    let planned = LayerMerger.plan(layers, skippingLinksInto: given.hasPrefix("$") ? nil : given)
    planned.diagnostics.forEach(DiagnosticPrinter(console: console).print)
    let inputs = DestinationSafety.canonicalPaths(planned.inputs)
    let names = planned.outputs.map(\.relativePath) + OutputDirectory.bookkeepingNames
    let outputs = names.map { destination + "/" + $0 }
    // A depfile is read by make, ninja or Xcode at build time: it needs the real paths.
    var depfileOutputs = outputs
    if options.depfile != nil, given.hasPrefix("$") {
      let xcode = XcodeEnvironment(environment: environment)
      let missing = xcode.unsetSettings(in: given)
      guard missing.isEmpty else {
        console.err(
          "locmerge: error: --depfile needs real paths, and -d '\(given)' uses \(missing.map { "$(\($0))" }.joined(separator: ", ")), "
            + "which is not set; run inside the Xcode build phase or give -d as a path\n")
        return .usage
      }
      depfileOutputs = names.map { DestinationSafety.canonicalPath(xcode.expand(given)) + "/" + $0 }
    }
    let wroteLists = options.inputFileList != nil || options.outputFileList != nil || options.depfile != nil
    do {
      try writeLists(inputs: inputs, outputs: outputs, depfileOutputs: depfileOutputs)
      if !wroteLists {
        console.out(try BuildManifest.xcfilelist(inputs, title: "Input files", settings: listSettings))
        console.out(try BuildManifest.xcfilelist(outputs, title: "Output files", settings: listSettings))
      }
    } catch let failure as OutputDirectory.Failure {
      DiagnosticPrinter(console: console).print(
        Diagnostic(.error, .writeFailed, failure.message, at: SourceLocation(path: failure.path)))
      return .failure
    } catch {
      console.err("locmerge: error: \(error)\n")
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
  private func configuration(_ layers: [Layer]) -> String {
    let lists = [options.inputFileList, options.outputFileList, options.depfile, options.provenance, srcroot]
    // The settings the lists name symbolically change the lists' text.
    let settings = listSettings.map { "\($0.name)=\($0.path)" }
    return
      (["locmerge \(CommandLineTool.version)"] + layers.map { "\($0.name)=\($0.path)" } + lists.map { $0 ?? "-" }
      + settings).joined(separator: "\n")
  }

  /// The make-style shortcut: when the layers, options and every input file are as the last full
  /// run left them, and every output is still as it was written, there is nothing to do.
  private func upToDateRun(layers: [Layer], printer: DiagnosticPrinter) -> ExitStatus? {
    guard let destination = options.destination.map(DestinationSafety.canonicalPath),
      let stamp = OutputDirectory.stamp(in: destination), !(options.strict && stamp.warnings > 0)
    else { return nil }
    let requested = [options.inputFileList, options.outputFileList, options.depfile, options.provenance].compactMap {
      $0
    }
    guard requested.allSatisfy({ FileBytes.size($0) != nil }) else { return nil }
    let inputs = LayerMerger.plan(layers, skippingLinksInto: destination).inputs
    guard stamp.isCurrent(configuration: configuration(layers), inputs: inputs, destination: destination) else {
      return nil
    }
    let undeclared = undeclaredOutputWarnings(
      (Array(stamp.outputs.keys) + [OutputDirectory.stampName]).map { destination + "/" + $0 })
    for diagnostic in undeclared where !options.quiet { printer.print(diagnostic) }
    if !options.quiet {
      let earlier =
        stamp.warnings == 0 ? "" : " (\(stamp.warnings) warnings at the last full run: 'locmerge lint' shows them)"
      console.err(
        "locmerge: \(layers.count) layers, up to date: 0 written, \(stamp.outputs.count) unchanged, 0 removed\(earlier)\n"
      )
    }
    return options.strict && !undeclared.isEmpty ? .failure : .success
  }

  /// Writes the requested lists; every one is rendered before any is written.
  private func writeLists(inputs: [String], outputs: [String], depfileOutputs: [String]? = nil) throws {
    let manifest = BuildManifest(inputs: inputs, outputs: outputs)
    let inputList = try BuildManifest.xcfilelist(manifest.inputs, title: "Input files", settings: listSettings)
    let outputList = try BuildManifest.xcfilelist(manifest.outputs, title: "Output files", settings: listSettings)
    let depfile = try BuildManifest(inputs: inputs, outputs: depfileOutputs ?? outputs).depfile()
    if let path = options.inputFileList { try OutputDirectory.writeIfChanged(Array(inputList.utf8), to: path) }
    if let path = options.outputFileList { try OutputDirectory.writeIfChanged(Array(outputList.utf8), to: path) }
    if let path = options.depfile { try OutputDirectory.writeIfChanged(Array(depfile.utf8), to: path) }
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
