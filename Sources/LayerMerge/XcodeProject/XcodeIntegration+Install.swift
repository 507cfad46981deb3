extension XcodeIntegration {
  /// Works out `locmerge xcode install` for targets of the project file, writing nothing.
  ///
  /// Refuses (``XcodeInstallationError``) without a project file, for a target the Xcode project
  /// lacks (with the nearest name), for a target with its own destination or merged catalogs,
  /// when a target still copies a table the phase writes (unless `removeCopies`), when taking a
  /// copy out would take out of the app a file the phase does not write (a language the layers
  /// lack, an interface's storyboard), and when a path it would write overlaps a source (the
  /// project-wide write check).
  /// - Parameters:
  ///   - names: The targets, by name; every target of the project file when empty.
  ///   - given: The tool `--tool` names; else the installed phase's, else the default.
  ///   - removeCopies: Take the copies in the way out of the targets.
  ///   - environment: Build settings file-list paths may use.
  /// - Returns: The edits and files, ready to write or show.
  public func install(
    targets names: [String], tool given: LocMergePhase.Tool? = nil, removeCopies: Bool = false,
    environment: [String: String] = [:]
  ) throws(XcodeInstallationError) -> XcodeInstallation {
    guard let configuration else { throw .noConfiguration }
    let configured = try configuredTargets(names, in: configuration)
    let pairs = try xcodeTargets(for: configured, in: configuration)
    let problems = XcodeProjectFileSettings.problems(of: configuration, targets: configured)
    guard problems.isEmpty else { throw .settings(problems) }

    // The project file as the phase needs it: destination in the product, state outside it.
    let originalBytes = FileBytes.read(configuration.path) ?? []
    let editedBytes = XcodeProjectFileSettings.edited(originalBytes, project: configuration)
    let effective =
      editedBytes.flatMap { ProjectFileReader.parse($0, path: configuration.path).project } ?? configuration
    let integration = XcodeIntegration(project: project, configuration: effective)

    let tool: LocMergePhase.Tool
    let choice: XcodeInstallation.ToolChoice
    if let given {
      (tool, choice) = (given, .given)
    } else if let installed = installedTool {
      (tool, choice) = (installed, .installed)
    } else {
      tool = LocMergePhase.Tool.default(sourceRoot: project.sourceRoot)
      if case .inSourceRoot = tool { choice = .foundInSourceRoot } else { choice = .onPath }
    }
    guard let phase = integration.phase(tool: tool) else { throw .noConfiguration }

    // Each target's planned files, each layer scanned once however many targets share it; the
    // code its phase checks (its sources, and this project when they come from it) is an input.
    var scans: [String: LayerScan] = [:]
    var plans: [String: ProjectFile.PlannedFiles] = [:]
    let code = effective.code(of: configured, xcodeProject: project)
    var codeByTarget: [String: [String]] = [:]
    for (target, files) in zip(configured, code) {
      guard let files else { continue }
      codeByTarget[target.name] = files + (target.sources == nil ? [PathText.absolute(project.filePath)] : [])
    }
    func plan(_ target: ProjectFile.Target) -> ProjectFile.PlannedFiles {
      if let known = plans[target.name] { return known }
      let planned = effective.plannedFiles(of: target, options: nil) { layer in
        if let known = scans[layer.path] { return known }
        let scan = LayerScanner.scan(layer, skippingLinksInto: effective.options(for: target).destination)
        scans[layer.path] = scan
        return scan
      }.addingCode(codeByTarget[target.name] ?? [])
      plans[target.name] = planned
      return planned
    }
    var copies: [CopyInTheWay] = []
    for (target, xcodeTarget) in pairs {
      let effectiveTarget = effective.target(named: target.name) ?? target
      let outputs = plan(effectiveTarget).outputs.compactMap {
        TableAddress(relativePath: $0) ?? TableAddress(catalogPath: $0)
      }
      copies += integration.copiesInTheWay(of: xcodeTarget, outputs: outputs)
    }
    if !copies.isEmpty && !removeCopies { throw .copiesInTheWay(project: project.filePath, copies) }
    // Nothing the app ships may leave it: a copy is taken out only when the phase writes all it brings.
    let losing = copies.filter { !$0.lost.isEmpty }
    if !losing.isEmpty { throw .copiesWouldLose(project: project.filePath, losing) }
    var removals: [String: [XcodeProjectEditor.CopyRemoval]] = [:]
    for copy in copies {
      removals[copy.target, default: []].append(XcodeProjectEditor.CopyRemoval(table: copy.table, source: copy.source))
    }

    var statusBefore: [String: XcodeProjectEditor.PhaseStatus] = [:]
    for (_, xcodeTarget) in pairs { statusBefore[xcodeTarget.name] = integration.status(of: xcodeTarget, tool: tool) }
    let edit: XcodeProjectEdit
    do {
      edit = try XcodeProjectEditor.install(
        phase, in: project, targets: pairs.map(\.1.name), removingCopies: removals)
    } catch {
      throw .project(error)
    }

    let lists: [ProjectFile.TargetFileLists]
    do {
      lists = try effective.fileLists(
        for: configured.compactMap { effective.target(named: $0.name) }, environment: environment,
        srcroot: PathText.absolute(project.sourceRoot), options: nil
      ) { target, _ in plan(target) }
    } catch {
      throw .fileLists(error)
    }
    var check = effective.writeCheck(writingFileLists: lists)
    check.writes.append(.file(project.filePath, label: "the Xcode project"))
    let overlaps = check.problems()
    guard overlaps.isEmpty else { throw .writeCheck(overlaps) }

    return XcodeInstallation(
      tool: tool, toolChoice: choice, phase: phase, statusBefore: statusBefore, edit: edit,
      configuration: editedBytes.map { CompanionFile(path: configuration.path, bytes: $0) },
      originalConfiguration: originalBytes, fileLists: lists.flatMap { [$0.inputs, $0.outputs] },
      removedCopies: removeCopies ? copies : [],
      targetsLeftBehind: project.targets(
        copying: Set(copies.flatMap(\.files)), except: Set(configuration.targets.map(\.name))))
  }

  /// Works out `locmerge xcode uninstall`: the phase taken out of the targets named, or of every
  /// target that has it. Copies taken out by an install, the file lists and the project file stay.
  /// - Parameter names: The targets, by name; every target with the phase when empty.
  public func uninstall(targets names: [String]) throws(XcodeInstallationError) -> XcodeProjectEdit {
    var chosen = names
    if names.isEmpty {
      chosen = project.targets.filter { target in
        !XcodeProjectEditor.installedPhases(named: LocMergePhase.name, in: target, project: project).isEmpty
          || XcodeProjectEditor.orphan(named: LocMergePhase.name, of: target, in: project) != nil
      }.map(\.name)
    } else {
      let missing = names.filter { project.target(named: $0) == nil }
      guard missing.isEmpty else {
        throw .unknownTargets(
          missing.map { name in
            XcodeInstallationError.UnknownTarget(
              name: name,
              suggestion: XcodeProjectEditor.closestName(to: name, among: project.targets.map(\.name)), location: nil)
          })
      }
    }
    do {
      return try XcodeProjectEditor.uninstall(phaseNamed: LocMergePhase.name, from: project, targets: chosen)
    } catch {
      throw .project(error)
    }
  }

  // MARK: - Private

  /// The targets of the project file to install, in the order named (or the file's).
  private func configuredTargets(_ names: [String], in configuration: ProjectFile) throws(XcodeInstallationError)
    -> [ProjectFile.Target]
  {
    guard !names.isEmpty else { return configuration.targets }
    var chosen: [ProjectFile.Target] = []
    var seen: Set<String> = []
    for name in names {
      guard let target = configuration.target(named: name) else {
        throw .notConfigured(
          name: name, suggestion: XcodeProjectEditor.closestName(to: name, among: configuration.targets.map(\.name)))
      }
      if seen.insert(name).inserted { chosen.append(target) }
    }
    return chosen
  }

  /// Each configured target with the Xcode target of its name; every name the project lacks is
  /// reported at once, at the target in the project file.
  private func xcodeTargets(for targets: [ProjectFile.Target], in configuration: ProjectFile)
    throws(XcodeInstallationError) -> [(ProjectFile.Target, XcodeProject.Target)]
  {
    var pairs: [(ProjectFile.Target, XcodeProject.Target)] = []
    var unknown: [XcodeInstallationError.UnknownTarget] = []
    for target in targets {
      if let xcodeTarget = project.target(named: target.name) {
        pairs.append((target, xcodeTarget))
      } else {
        unknown.append(
          XcodeInstallationError.UnknownTarget(
            name: target.name,
            suggestion: XcodeProjectEditor.closestName(to: target.name, among: project.targets.map(\.name)),
            location: SourceLocation(path: configuration.path, position: target.position)))
      }
    }
    guard unknown.isEmpty else { throw .unknownTargets(unknown) }
    return pairs
  }
}
