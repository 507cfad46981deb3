import LayerMerge

/// `locmerge extract`: full per-target copies in, a base and thin overlays out, proven to merge
/// back into each copy before anything is written.
struct ExtractCommand {
  var options: ExtractOptions
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let copies = options.copies.map { Layer(name: $0.name, path: $0.path) }
    // Folders that cannot be what the user meant, and an OUT that would mix with the sources or
    // with other files, are usage errors: nothing is read or written.
    var problems = LayerStackValidation.problems(copies)
    if let problem = DestinationSafety.problem(destination: options.output, layers: copies) {
      problems.append(Diagnostic(.error, .unsafeDestination, "refusing to write: \(problem)"))
    } else if let problem = FreshFolder.problem(options.output) {
      let message: String
      switch problem {
      case .folderInTheWay: message = "refusing to write: OUT exists and is not empty; extract creates a new folder"
      case .destinationIsAFile: message = "refusing to write: OUT is a file, not a folder"
      case .linkInTheWay: message = "refusing to write: OUT is a symbolic link; give the folder it leads to"
      default: message = problem.message
      }
      problems.append(Diagnostic(.error, .unsafeDestination, message, at: SourceLocation(path: options.output)))
    }
    guard problems.isEmpty else {
      problems.forEach(printer.print)
      return .usage
    }

    let extraction = Extractor.extract(copies, options: options.extraction)
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
    do {
      try extraction.write(to: options.output)
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    let renderer = ExtractReportRenderer(extraction: extraction, output: options.output)
    console.out(options.format == .json ? renderer.json() : renderer.text())
    return .success
  }
}
