import LayerMerge

/// `locmerge xcode show | install | uninstall`: finds the Xcode project and the project file, asks
/// the library (``XcodeIntegration``) what to show or change, prints it and writes it.
struct XcodeCommand {
  var options: XcodeOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let integration: XcodeIntegration
    let lock: FolderLock?
    do {
      (integration, lock) = try load()
    } catch {
      return error.status
    }
    // Held until the last file is written: another install or uninstall of this project waits.
    return withExtendedLifetime(lock) { perform(on: integration) }
  }

  private func perform(on integration: XcodeIntegration) -> ExitStatus {
    switch options.action {
    case .show: return show(integration)
    case .install: return install(integration)
    case .uninstall: return uninstall(integration)
    }
  }

  /// A command that cannot go on; its problems are printed.
  private struct Stop: Error {
    var status: ExitStatus
  }

  // MARK: - Private

  private var printer: DiagnosticPrinter { DiagnosticPrinter(console: console) }

  /// Whether the run writes: then it locks the project before reading it.
  private var edits: Bool {
    options.action != .show && !options.dryRun && !options.check
  }

  /// The Xcode project (named, or the one in the current folder, else in `$SRCROOT`) and the
  /// project file (named, else `locmerge.json` in the current folder, `$SRCROOT`, or the Xcode
  /// project's folder; none is fine for `show` and `uninstall`); for a run that writes, the
  /// project's edit lock, taken before either is read.
  private func load() throws(Stop) -> (XcodeIntegration, FolderLock?) {
    let path: String
    if let given = options.project {
      path = given
    } else {
      switch XcodeProjectReader.locate(from: PathText.currentDirectory(), environment: environment) {
      case .found(let found):
        path = found
      case .none(let searched):
        console.error(
          "no *.xcodeproj in \(searched.joined(separator: " or ")); name the project with --project P.xcodeproj")
        throw Stop(status: .usage)
      case .several(let found):
        console.error(
          "several projects: \(found.map(PathText.lastComponent).joined(separator: ", ")); choose one with --project")
        throw Stop(status: .usage)
      }
    }
    let project: XcodeProject
    var lock: FolderLock?
    do {
      if edits {
        lock = try XcodeProjectReader.lockForEditing(path: path) { Self.sayWaiting(toEdit: path, console: console) }
      }
      project = try XcodeProjectReader.read(path: path)
    } catch {
      printer.print(error.diagnostic)
      throw Stop(status: .failure)
    }
    // What the project names outside its folder is said once and never read.
    project.diagnostics.forEach(printer.print)
    let configPath =
      options.config
      ?? ProjectFileReader.locate(from: PathText.currentDirectory(), environment: environment)
      ?? ProjectFileReader.locate(from: project.sourceRoot, environment: [:])
    guard let configPath else { return (XcodeIntegration(project: project, configuration: nil), lock) }
    let read = ProjectFileReader.read(path: PathText.absolute(configPath))
    read.diagnostics.forEach(printer.print)
    guard let configuration = read.project else { throw Stop(status: .usage) }
    return (XcodeIntegration(project: project, configuration: configuration), lock)
  }

  /// Tells the user why the run waits for the project's edit lock.
  static func sayWaiting(toEdit project: String, console: Console) {
    console.err(
      "locmerge: waiting for another locmerge run to finish editing \(DisplayText.escaped(PathText.lastComponent(project)))\n"
    )
  }

  private func show(_ integration: XcodeIntegration) -> ExitStatus {
    let tool = integration.installedTool ?? .default(sourceRoot: integration.project.sourceRoot)
    let renderer = XcodeShowRenderer(integration: integration, tool: tool)
    console.out(options.json ? renderer.json() : renderer.text())
    return .success
  }

  private func install(_ integration: XcodeIntegration) -> ExitStatus {
    let tool = options.tool.map {
      LocMergePhase.Tool.named(
        $0, sourceRoot: integration.project.sourceRoot, currentDirectory: PathText.currentDirectory())
    }
    let installation: XcodeInstallation
    do {
      installation = try integration.install(
        targets: options.targets, tool: tool, removeCopies: options.removeCopies, environment: environment)
    } catch {
      return report(error)
    }
    let project = integration.project
    let name = PathText.lastComponent(project.path)
    if options.check {
      for target in installation.outdatedTargets {
        let status = installation.statusBefore[target]?.rawValue ?? "absent"
        printer.print(
          Diagnostic(
            .error, .xcodeProject,
            "target '\(target)' lacks the current locmerge phase (\(status)); run 'locmerge xcode install'",
            at: SourceLocation(path: project.filePath)))
      }
      if let configuration = installation.configuration {
        printer.print(
          Diagnostic(
            .error, .projectFile,
            "the destination and state are not those of the Xcode phase; run 'locmerge xcode install'",
            at: SourceLocation(path: configuration.path)))
      }
      let count = installation.edit.targets.count
      console.err(
        "locmerge: \(count - installation.outdatedTargets.count) of \(count) targets have the current phase\n")
      return installation.isCurrent && installation.outdatedTargets.isEmpty ? .success : .failure
    }
    if options.dryRun {
      let configuration = installation.configuration.map { Self.displayPath($0.path) }
      console.out(
        installation.configurationDiff(label: configuration)
          + installation.edit.unifiedDiff(label: Self.displayPath(project.filePath)))
      let lists = installation.changedFileLists.count
      console.err(
        "locmerge: dry run, nothing written: \(changedTargets(installation.edit)) of \(installation.edit.targets.count) "
          + "targets would change, \(lists) file list\(lists == 1 ? "" : "s") would be written\n"
          + Self.leftBehind(installation.targetsLeftBehind, prefix: "locmerge: "))
      return .success
    }
    let changedLists = installation.changedFileLists.count
    do {
      try installation.write()
    } catch {
      return report(error)
    }
    var text = "\(name): objectVersion \(project.objectVersion)\n"
    text +=
      "  The phase runs \(DisplayText.escaped(installation.tool.description))" + toolReason(installation.toolChoice)
      + ".\n"
    if installation.configuration != nil {
      text +=
        "  \(ProjectFileReader.fileName): \"destination\" is now \(XcodeProjectFileSettings.destination) (the "
        + "product) and the record, stamp and lock live in \"state\" (\(XcodeProjectFileSettings.state)).\n"
    }
    let width = installation.edit.targets.map(\.target.count).max() ?? 0
    for result in installation.edit.targets {
      let target = project.target(named: result.target)
      var line =
        "  " + DisplayText.escaped(result.target).padding(width) + "  " + describe(result.phase, target: target)
      if !result.removedCopies.isEmpty {
        line += "; copies taken out: " + result.removedCopies.map(DisplayText.escaped).joined(separator: ", ")
      }
      if let target, !XcodeProjectEditor.foreignPhases(named: LocMergePhase.name, in: target, project: project).isEmpty
      {
        line += "; its own Run Script phase named '\(LocMergePhase.name)' (not written by locmerge) stays as it is"
      }
      text += line + "\n"
    }
    text += "  File lists: \(changedLists) written, \(installation.fileLists.count - changedLists) unchanged.\n"
    if !installation.removedCopies.isEmpty {
      text += "  The copies taken out stay on disk and in the project navigator; the targets no longer copy them.\n"
    }
    text += Self.leftBehind(installation.targetsLeftBehind, prefix: "  ")
    if installation.edit.changesFile {
      text +=
        "If the project is open in Xcode, let Xcode read it again from disk ('Revert' when Xcode asks): "
        + "keeping Xcode's version would undo this.\n"
    } else {
      text += "Nothing changed in the project: every target's phase is current.\n"
    }
    console.out(text)
    return .success
  }

  private func uninstall(_ integration: XcodeIntegration) -> ExitStatus {
    let edit: XcodeProjectEdit
    do {
      edit = try integration.uninstall(targets: options.targets)
    } catch {
      return report(error)
    }
    let name = PathText.lastComponent(integration.project.path)
    if options.dryRun {
      console.out(edit.unifiedDiff(label: Self.displayPath(integration.project.filePath)))
      console.err("locmerge: dry run, nothing written: \(changedTargets(edit)) targets would change\n")
      return .success
    }
    do {
      try edit.write()
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    guard edit.changesFile else {
      console.out("\(name): no target has the locmerge phase; nothing changed.\n")
      return .success
    }
    var text = "\(name):\n"
    for result in edit.targets {
      text +=
        "  \(DisplayText.escaped(result.target)): " + (result.phase == .removed ? "phase removed" : "no phase") + "\n"
    }
    text +=
      "  \(ProjectFileReader.fileName), the file lists and copies taken out by --remove-copies stay as they are.\n"
    text += "If the project is open in Xcode, let Xcode read it again from disk ('Revert' when Xcode asks).\n"
    console.out(text)
    return .success
  }

  private func report(_ error: XcodeInstallationError) -> ExitStatus {
    switch error {
    case .noConfiguration, .notConfigured, .fileLists:
      console.error(error.description)
    default:
      error.diagnostics.forEach(printer.print)
    }
    return error.isUsage ? .usage : .failure
  }

  /// The targets outside `locmerge.json` that still copy files of the copies in the way, each with
  /// what it copies, and when those files may go; `""` when there are none.
  static func leftBehind(
    _ targets: [XcodeProject.TargetCopying], prefix: String,
    heading: String = "Targets outside \(ProjectFileReader.fileName) still copy files of the old copies"
  ) -> String {
    guard !targets.isEmpty else { return "" }
    var text =
      "\(prefix)\(heading) (add them to \(ProjectFileReader.fileName), or keep those files while they copy "
      + "them; 'locmerge xcode show' lists what each target copies):\n"
    for target in targets {
      let kind = target.productType.map { $0.replacing("com.apple.product-type.", with: "") } ?? "target"
      let tables = target.tables.map { table in
        // As `show` writes them: `gaios/*.lproj/Localizable.strings`, and which languages.
        "\(DisplayText.escaped(table.name)) (\(DisplayText.escaped(XcodeShowRenderer.languages(table))): "
          + "\(DisplayText.escaped(XcodeShowRenderer.paths(table))))"
      }
      text +=
        "\(prefix)  \(DisplayText.escaped(target.target)) (\(DisplayText.escaped(kind))): "
        + tables.joined(separator: ", ") + "\n"
    }
    return text
  }

  /// A path as the user would type it: relative to the current folder when it lies inside it.
  private static func displayPath(_ path: String) -> String {
    let absolute = PathText.absolute(path)
    let current = PathText.absolute(PathText.currentDirectory())
    return absolute.hasPrefix(current + "/") ? String(absolute.dropFirst(current.count + 1)) : absolute
  }

  private func changedTargets(_ edit: XcodeProjectEdit) -> Int {
    edit.targets.filter { $0.phase != .unchanged && $0.phase != .notInstalled || !$0.removedCopies.isEmpty }.count
  }

  private func describe(_ change: XcodeProjectEdit.TargetResult.PhaseChange, target: XcodeProject.Target?) -> String {
    let place = target?.phase(.resources) == nil ? "last (no Copy Bundle Resources)" : "before Copy Bundle Resources"
    switch change {
    case .added: return "phase added, \(place)"
    case .updated: return "phase updated in place"
    case .unchanged: return "phase current"
    case .removed: return "phase removed"
    case .notInstalled: return "no phase"
    }
  }

  private func toolReason(_ choice: XcodeInstallation.ToolChoice) -> String {
    switch choice {
    case .given: return " (--tool)"
    case .installed: return " (as the installed phase does; --tool PATH for another)"
    case .foundInSourceRoot: return " (it exists in the project; --tool PATH for another)"
    case .onPath: return " (no tools/locmerge in the project; --tool PATH for another)"
    }
  }
}

extension String {
  /// The text with spaces after it up to `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
