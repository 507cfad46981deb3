import LayerMerge

/// What `extract` and `init --xcodeproj` do once the layers are made: report the copies' problems
/// and the values `build` would refuse, stop or keep those, write the layers and the project file
/// (or, for a dry run, nothing), and print the report.
struct ExtractionWriter {
  var extraction: Extraction
  /// OUT, as the user named it.
  var output: String
  var projectFile: String
  var keepErrors: Bool
  var dryRun = false
  /// Whether the command takes `--prefer`, which the report suggests.
  var offersPrefer = true
  var console: Console

  init(extraction: Extraction, output: String, projectFile: String, keepErrors: Bool, console: Console) {
    self.extraction = extraction
    self.output = output
    self.projectFile = projectFile
    self.keepErrors = keepErrors
    self.console = console
  }

  /// Reports, writes and prints; the command's exit status.
  /// - Parameters:
  ///   - json: Print the report as JSON.
  ///   - next: What to run next, printed after the text report.
  func run(json: Bool, next: String? = nil) -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    extraction.diagnostics.forEach(printer.print)
    if extraction.diagnostics.contains(where: { $0.code == .extractionMismatch }) {
      console.err("locmerge: error: the extracted layers do not reproduce the copies (a bug); nothing was written\n")
      return .internalError
    }
    if extraction.hasErrors {
      console.err(
        "locmerge: error: fix the copies first (their files must read as the app reads them); nothing was written\n")
      return .failure
    }
    if let status = reportErrorsInCopies(printer) { return status }
    var renderer = ExtractReportRenderer(extraction: extraction, output: output, projectFile: projectFile)
    renderer.offersPrefer = offersPrefer
    if dryRun {
      let project = extraction.projectFile(at: projectFile, layersIn: output, keepingErrors: keepErrors)
      let files = extraction.files.count
      console.out(
        renderer.text() + "\nWould write \(DisplayText.escaped(output)) (\(files) file\(files == 1 ? "" : "s")) and "
          + "\(DisplayText.escaped(projectFile)):\n\n" + ProjectFileWriter.text(for: project))
      console.err("locmerge: dry run, nothing written\n")
      return .success
    }
    do {
      try extraction.write(to: output, projectFile: projectFile, keepingErrors: keepErrors)
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    console.out(json ? renderer.json() : renderer.text() + "\nNext: " + (next ?? defaultNext) + "\n")
    return .success
  }

  // MARK: - Private

  /// Prints every value `build` would refuse, where it is in the copy; stops the run (its status)
  /// unless they are kept and can be.
  private func reportErrorsInCopies(_ printer: DiagnosticPrinter) -> ExitStatus? {
    let errors = extraction.errorsInCopies
    guard !errors.isEmpty else { return nil }
    let kept = keepErrors && extraction.errorsThatCannotBeKept.isEmpty
    for error in errors {
      var diagnostic = error.diagnostic
      if kept { diagnostic.severity = .warning }
      if error.targets.count > 1 {
        diagnostic.notes.append(Diagnostic.Note("targets \(error.targets.joined(separator: ", ")) share this value"))
      }
      if let place = error.extractedLocation {
        let extracted = SourceLocation(path: PathText.join(output, place.path), position: place.position)
        diagnostic.notes.append(Diagnostic.Note("once extracted, the value is here", at: extracted))
      }
      printer.print(diagnostic)
    }
    let count = "\(errors.count) value\(errors.count == 1 ? "" : "s")"
    if !extraction.errorsThatCannotBeKept.isEmpty {
      console.err(
        "locmerge: error: \(extraction.errorsThatCannotBeKept.count) of the errors above are not at one value and "
          + "cannot be kept: fix the copies; nothing was written\n")
      return .failure
    }
    if !keepErrors {
      console.err(
        "locmerge: error: \(count) in the copies would stop 'locmerge build' (see above); fix them in the copies, "
          + "or give --keep-errors to migrate them as known errors listed in the project file's \"baseline\" "
          + "(new mistakes still fail); nothing was written\n")
      return .failure
    }
    console.err(
      "locmerge: warning: \(count) that 'locmerge build' would refuse \(errors.count == 1 ? "is" : "are") kept: "
        + "the project file's \"baseline\" lists \(errors.count == 1 ? "it" : "them") by file, key and value, so "
        + "a new mistake, or a change to \(errors.count == 1 ? "it" : "one"), still fails\n")
    return nil
  }

  /// `locmerge build -d 'build/{target}'` (with `-c` when the project file is not the current
  /// folder's), then `xcode install`.
  private var defaultNext: String {
    let current = PathText.join(PathText.currentDirectory(), ProjectFileReader.fileName)
    let config =
      PathText.absolute(projectFile) == PathText.absolute(current) ? "" : " -c \(DisplayText.escaped(projectFile))"
    return "locmerge build\(config) -d 'build/{target}' (each target into build/<target>, to compare), then "
      + "locmerge xcode install --remove-copies (docs/xcode-integration.md)"
  }
}
