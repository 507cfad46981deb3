import LayerMerge

/// Options of `init --xcodeproj`.
struct InitXcodeOptions: Equatable {
  var project = ""
  /// The layers' folder; `nil`: `Localization` beside the `.xcodeproj`.
  var output: String?
  var dryRun = false
  var keepErrors = false

  static func parse(_ arguments: [String]) throws(UsageError) -> InitXcodeOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.initXcode.options)
    var options = InitXcodeOptions()
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; name the project with --xcodeproj P.xcodeproj")
      case .option(let name, let value):
        let value = value ?? ""
        switch name {
        case "--xcodeproj":
          guard !value.isEmpty else { throw UsageError("--xcodeproj needs the project (P.xcodeproj)") }
          options.project = value
        case "--output":
          guard !value.isEmpty else { throw UsageError("-o needs a folder") }
          options.output = value
        case "--dry-run": options.dryRun = true
        case "--keep-errors": options.keepErrors = true
        default: throw .unhandled(name)
        }
      }
    }
    return options
  }
}

/// `locmerge init --xcodeproj P`: the per-target copies the Xcode project records become a base,
/// shared layers and one overlay per target (``Extractor/extract(_:sourceRoot:)``), with
/// `locmerge.json` beside the project, ready for `locmerge xcode install --remove-copies`.
struct InitXcodeCommand {
  var options: InitXcodeOptions
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let project: XcodeProject
    // An install or uninstall of the same project waits until locmerge.json is written.
    var lock: FolderLock?
    do {
      if !options.dryRun {
        lock = try XcodeProjectReader.lockForEditing(path: options.project) {
          XcodeCommand.sayWaiting(toEdit: options.project, console: console)
        }
      }
      project = try XcodeProjectReader.read(path: options.project)
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    project.diagnostics.forEach(printer.print)
    return withExtendedLifetime(lock) { migrate(project, printer: printer) }
  }

  private func migrate(_ project: XcodeProject, printer: DiagnosticPrinter) -> ExitStatus {
    let families = TableFamilies(project: project)
    console.out(Self.found(families, in: project))
    // Targets outside the migration that copy the same files keep copying them after the install.
    let copied = Set(families.families.flatMap { $0.members.flatMap { $0.files.values } })
    let leftBehind = XcodeCommand.leftBehind(
      project.targets(copying: copied, except: Set(families.targets)), prefix: "",
      heading: "Targets outside the migration copy these files too, and still will after 'xcode install'")
    if !leftBehind.isEmpty { console.out(leftBehind + "\n") }
    guard !families.families.isEmpty else {
      console.err(
        "locmerge: nothing to migrate: no table is copied per target (two product targets with the same table under "
          + "different files); nothing was written\n")
      return .success
    }
    // Each overlay folder is named after its target: a name that cannot be one folder is a usage error.
    let names = ExtractionOptions().problems(targets: families.targets)
    guard names.isEmpty else {
      for problem in names {
        console.error(
          "\(problem); init --xcodeproj names each target's overlay folder after the target: extract with NAME=DIR "
            + "names them yourself")
      }
      return .usage
    }
    let root = project.sourceRoot
    let output = options.output ?? PathText.join(root == "." ? "" : root, "Localization")
    let projectFile = PathText.join(root == "." ? "" : root, ProjectFileReader.fileName)
    // The copies' folders are sources: neither the layers nor the project file may go inside them.
    let copyFolders = Set(
      families.families.flatMap { family in
        family.members.flatMap { $0.files.values.map { Self.copyFolder(of: PathText.join(root, $0)) } }
      }
    ).sorted().map { Layer(path: $0) }
    let problems = ExtractCommand.outputProblems(output, projectFile: projectFile, copies: copyFolders, another: nil)
    guard problems.isEmpty else {
      problems.forEach(printer.print)
      return .usage
    }
    let extraction = Extractor.extract(families, sourceRoot: root)
    var writer = ExtractionWriter(
      extraction: extraction, output: output, projectFile: projectFile, keepErrors: options.keepErrors,
      console: console)
    writer.dryRun = options.dryRun
    writer.offersPrefer = false
    let projectName = DisplayText.escaped(PathText.lastComponent(project.path))
    // Run elsewhere, the next command needs to be told the project.
    let here = PathText.absolute(root) == PathText.absolute(PathText.currentDirectory())
    let named = here ? "" : " --project \(DisplayText.escaped(options.project))"
    return writer.run(
      json: false,
      next:
        "locmerge xcode install\(named) --remove-copies (one phase in each of the \(families.targets.count) targets "
        + "of \(projectName); their old copies out of Copy Bundle Resources, the files stay on disk). The phase "
        + "merges into each product in Xcode; outside Xcode name a folder: locmerge build -d 'build/{target}'")
  }

  /// What the project copies per target, and what stays where it is.
  static func found(_ families: TableFamilies, in project: XcodeProject) -> String {
    let name = DisplayText.escaped(PathText.lastComponent(project.path))
    var text = "\(name): \(families.productTargets.count) product targets"
    guard !families.families.isEmpty || !families.left.isEmpty else { return text + ", no localized tables\n" }
    text += "; tables copied per target (each becomes a base and overlays):\n"
    let width = (families.families.map(\.table) + families.left.map(\.table)).map(\.count).max() ?? 0
    func line(_ table: String, _ rest: String) -> String {
      "  " + DisplayText.escaped(table) + String(repeating: " ", count: max(0, width - table.count)) + "  " + rest
        + "\n"
    }
    for family in families.families {
      text += line(family.table, DisplayText.escaped(family.targets.joined(separator: ", ")))
    }
    if families.families.isEmpty { text += "  none\n" }
    if !families.left.isEmpty {
      text += "Left where they are:\n"
      for table in families.left {
        let targets = DisplayText.escaped(table.targets.joined(separator: ", "))
        switch table.reason {
        case .sameFiles: text += line(table.table, "the same files in \(targets)")
        case .oneTarget: text += line(table.table, "only \(targets)")
        case .oneCopyOnDisk: text += line(table.table, "\(targets): only one copy is on disk")
        }
      }
    }
    for copy in families.missingCopies {
      text +=
        "Not migrated: \(DisplayText.escaped(copy.target))'s \(DisplayText.escaped(copy.table)): missing on disk: "
        + copy.missing.map(DisplayText.escaped).joined(separator: ", ") + "\n"
    }
    return text + "\n"
  }

  /// The folder a copy's file belongs to: the one holding its `<lang>.lproj` folder (or the
  /// catalog's folder).
  private static func copyFolder(of file: String) -> String {
    let folder = PathText.parent(file)
    return PathText.lastComponent(folder).hasSuffix(".lproj") ? PathText.parent(folder) : folder
  }
}
