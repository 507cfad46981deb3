import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var problems = LayerStackValidation.problems(
      copies,
      nesting: options.onlyLanguageFolders
        ? .allowed
        : .refused(hint: "with --only-lproj a copy is only its own <lang>.lproj folders and catalogs"))
    problems += Self.outputProblems(options.output, projectFile: options.projectFile, copies: copies)
    guard problems.isEmpty else {
      problems.forEach(printer.print)
      return .usage
    }
    let extraction = Extractor.extract(copies, options: options.extraction)
    let writer = ExtractionWriter(
      extraction: extraction, output: options.output, projectFile: options.projectFile,
      keepErrors: options.keepErrors, console: console)
    return writer.run(json: options.format == .json)
  }

  /// Why the layers or the project file cannot be written where asked: an OUT that is not a new
  /// (or empty) folder or overlaps a copy, a project file that exists or lies in a copy.
  /// - Parameter another: How the user names another project file, if the command can.
  static func outputProblems(
    _ output: String, projectFile: String, copies: [Layer], another: String? = ", or name another with --config"
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    if let problem = DestinationSafety.problem(destination: output, layers: copies) {
      problems.append(Diagnostic(.error, .unsafeDestination, "refusing to write: \(problem)"))
    } else if let problem = FreshFolder.problem(output) {
      let message: String
      switch problem {
      case .folderInTheWay: message = "refusing to write: OUT exists and is not empty; extract creates a new folder"
      case .destinationIsAFile: message = "refusing to write: OUT is a file, not a folder"
      case .linkInTheWay: message = "refusing to write: OUT is a symbolic link; give the folder it leads to"
      default: message = problem.message
      }
      problems.append(Diagnostic(.error, .unsafeDestination, message, at: SourceLocation(path: output)))
    }
    var status = stat()
    if lstat(projectFile, &status) == 0 {
      problems.append(
        Diagnostic(
          .error, .unsafeDestination,
          "refusing to write: the project file exists; the layers come with a new one: move it away to migrate "
            + "again\(another ?? "")", at: SourceLocation(path: projectFile)))
    } else {
      let check = ProjectWriteCheck(
        writes: [.file(projectFile, label: "the project file")], protected: copies.map { .layer($0) })
      problems += check.problems().map(\.diagnostic)
    }
    return problems
  }
}
