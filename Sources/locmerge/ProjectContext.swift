import LayerMerge

/// The project file a command runs with: found, read and checked, its settings with the command
/// line's on top, and the targets the command line chose.
struct ProjectContext {
  var project: ProjectFile
  /// The project's settings, then `--development-language`, `--rule` and `--exclude`.
  var settings: LayerMerge.MergeOptions
  /// The chosen targets (`--target`, `--shard`), in order.
  var targets: [ProjectFile.Target]

  /// A command that cannot go on: its problems are printed, `status` is the exit status to end with.
  struct Stop: Error {
    var status: ExitStatus
  }

  /// Finds and reads the project file and chooses the targets.
  /// - Throws: ``Stop`` after printing the problems (status 64: the project file or the command
  ///   line is wrong).
  static func load(_ options: ProjectOptions, environment: [String: String], console: Console) throws(Stop)
    -> ProjectContext
  {
    let printer = DiagnosticPrinter(console: console)
    // Absolute, so that every path in diagnostics and lists is: Xcode needs that, and a
    // relative project folder would print './Base/…'.
    var located = options.config.map { PathText.absolute($0) }
    if located == nil, let found = ProjectFileReader.find(from: PathText.currentDirectory(), environment: environment) {
      located = found.path
      if found.isInParentFolder {
        console.err("locmerge: using \(DisplayText.escaped(found.path)) (found in a parent folder)\n")
      }
    }
    guard let path = located else {
      let srcroot = environment["SRCROOT"].map { " or in $SRCROOT (\($0))" } ?? ""
      console.error(
        "no \(ProjectFileReader.fileName) in the current folder or a folder above it\(srcroot); name one with "
          + "--config FILE, create one with 'locmerge init', or give the layers with -b BASE")
      throw Stop(status: .usage)
    }
    let read = ProjectFileReader.read(path: path)
    read.diagnostics.forEach(printer.print)
    guard let project = read.project else { throw Stop(status: .usage) }
    var settings = project.options
    let flags = options.checks.settings
    if let language = flags.developmentLanguage { settings.developmentLanguage = language }
    for (code, level) in flags.rules.levels.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      // The command line's levels were checked when it was parsed.
      try? settings.rules.set(level, for: code)
    }
    settings.exclude += flags.exclude
    if let output = options.catalogOutput { settings.catalogOutput = output }
    do {
      var targets = try project.targets(named: options.targets)
      // `--catalogs` is for this run, over what the project file says for any target.
      if options.catalogOutput != nil {
        for index in targets.indices { targets[index].catalogOutput = nil }
      }
      if let shard = options.shard {
        targets = ProjectFile.shard(targets, index: shard.index, of: shard.count)
      }
      return ProjectContext(project: project, settings: settings, targets: targets)
    } catch {
      // A target the file lacks is a mistake in (or about) that file: name it, as Xcode links it.
      if case .unknownTarget = error {
        console.err("\(DisplayText.escaped(project.path)): error: \(DisplayText.escaped(error.description))\n")
      } else {
        console.error(error.description)
      }
      throw Stop(status: .usage)
    }
  }

  /// Stops the command, after printing them, if ``layerProblems()`` finds any.
  /// - Throws: ``Stop`` with status 64: a stack that cannot be meant is a usage error.
  func checkLayers(console: Console) throws(Stop) {
    try Self.stop(on: layerProblems(), console: console)
  }

  /// Stops the command, after printing them, if a path it would write overlaps a source of the
  /// project, another target's folder, or another path it writes.
  /// - Throws: ``Stop`` with status 64: nothing has been read or written.
  static func checkWrites(_ check: ProjectWriteCheck, console: Console) throws(Stop) {
    try stop(on: check.problems().map(\.diagnostic), console: console)
  }

  /// Every chosen target's stack checked as `merge` checks one (a folder that does not exist or
  /// is a file, a folder twice, a layer inside another), each problem once, at the target in the
  /// project file.
  func layerProblems() -> [Diagnostic] {
    // A problem with the base is every target's: it is reported once, at "base".
    let baseProblems = LayerStackValidation.problems([project.base])
    var reported = Set(baseProblems.map(\.message))
    var problems = baseProblems.map { problem in
      Diagnostic(
        problem.severity, problem.code, "\"base\": \(problem.message)",
        at: SourceLocation(path: project.path, position: project.basePosition))
    }
    for target in targets {
      for problem in LayerStackValidation.problems(project.layers(of: target))
      where reported.insert(problem.message).inserted {
        problems.append(
          Diagnostic(
            problem.severity, problem.code, "target '\(target.name)': \(problem.message)",
            at: SourceLocation(path: project.path, position: target.position)))
      }
    }
    return problems
  }

  private static func stop(on problems: [Diagnostic], console: Console) throws(Stop) {
    guard problems.isEmpty else {
      problems.forEach(DiagnosticPrinter(console: console).print)
      throw Stop(status: .usage)
    }
  }
}
