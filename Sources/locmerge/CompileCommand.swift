import LayerMerge

/// Options of `compile`.
struct CompileOptions: Equatable {
  var catalogs: [String] = []
  var outputDirectory = ""
  var languages: [String] = []
  var dryRun = false
  var forceBuildAllStrings = false

  static func parse(_ arguments: [String]) throws(UsageError) -> CompileOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.compile.options)
    var options = CompileOptions()
    var output: String?
    while let token = try scanner.next() {
      switch token {
      case .positional(let path): options.catalogs.append(path)
      case .option(let name, let value):
        switch name {
        case "--output-directory": output = value
        case "--language": options.languages.append(value ?? "")
        case "--dry-run": options.dryRun = true
        case "--force-build-all-strings": options.forceBuildAllStrings = true
        default: throw .unhandled(name)
        }
      }
    }
    guard !options.catalogs.isEmpty else { throw UsageError("'compile' needs at least one .xcstrings file") }
    guard let output else { throw UsageError("missing -o DIR (the folder that receives the <lang>.lproj folders)") }
    options.outputDirectory = output
    return options
  }
}

/// `locmerge compile CATALOG.xcstrings... -o DIR`: a drop-in for `xcstringstool compile` on
/// machines without Xcode. Writes `DIR/<lang>.lproj/<Table>.strings` and `.stringsdict`; with
/// `--dry-run`, prints their absolute paths, one per line, and writes nothing. On any error
/// nothing is written; files are written as a merge writes them (``OutputPlan``).
struct CompileCommand {
  var options: CompileOptions
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    var diagnostics: [Diagnostic] = []
    var outputs: [OutputFile] = []
    var tables: [String: String] = [:]
    let compileOptions = CatalogCompiler.Options(
      languages: options.languages.isEmpty ? nil : Set(options.languages),
      forceBuildAllStrings: options.forceBuildAllStrings)
    for path in options.catalogs {
      let parsed = StringCatalogReader.read(path: path)
      diagnostics += parsed.diagnostics
      guard let catalog = parsed.catalog else { continue }
      if let earlier = tables[parsed.tableName] {
        // Xcode's rule and words (XCSTRINGS.md §1.2): the outputs would overwrite each other.
        diagnostics.append(
          Diagnostic(
            .error, .duplicateTable,
            "Cannot have multiple \(parsed.tableName).xcstrings files in same target. (also \(earlier))",
            at: SourceLocation(path: path)))
        continue
      }
      tables[parsed.tableName] = path
      let compiled = CatalogCompiler.compile(catalog, path: path, options: compileOptions)
      diagnostics += compiled.diagnostics
      outputs += compiled.outputs
    }
    for diagnostic in diagnostics { printer.print(diagnostic) }
    guard !diagnostics.containsErrors else { return .failure }
    outputs.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
    if options.dryRun {
      let folder = PathText.absolute(options.outputDirectory)
      for output in outputs { console.out(DisplayText.escaped(PathText.join(folder, output.relativePath)) + "\n") }
      return .success
    }
    // The write path of a merge: never through a link inside DIR, all files or none, only changed
    // ones, and what an earlier compile into DIR wrote and this one no longer does is removed.
    do {
      let report = try OutputPlan(files: outputs, destination: options.outputDirectory).apply(whileWaiting: {
        console.err(
          "locmerge: waiting for another locmerge run to finish writing \(DisplayText.escaped(options.outputDirectory))\n"
        )
      })
      report.diagnostics.forEach(printer.print)
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    return .success
  }
}
