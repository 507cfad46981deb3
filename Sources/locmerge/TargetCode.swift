import LayerMerge

/// Where the code of a run's targets is, for `usage` and the `missing-key` check of `lint` and
/// `build`: the folders `--sources` names, else each target's `"sources"` patterns, else the
/// Xcode target of its name — in the project `--xcodeproj` names, else the one Xcode builds
/// (`$PROJECT_FILE_PATH`), else the one `*.xcodeproj` in the current folder, `$SRCROOT` or the
/// project file's source root.
struct TargetCode {
  /// Each target's source files (absolute), by name; a target without code found is absent.
  var files: [String: [String]] = [:]
  /// The Xcode project read, if one was needed and found.
  var xcodeProject: XcodeProject?
  /// The tables each target's Xcode target still copies itself (those left where they are), by
  /// name: the app ships them beside the merge, so its code's lookups find them.
  var copiedTables: [String: LoadedLayer] = [:]
  /// Why no Xcode project was read although targets needed one (several found, none found).
  var note: String?

  /// Every file of the chosen targets, each once.
  var allFiles: [String] {
    var seen: Set<String> = []
    return files.keys.sorted().flatMap { files[$0] ?? [] }.filter { seen.insert($0).inserted }
  }

  /// What a target's check reads besides its tables: its source files, and the Xcode project
  /// file when the list comes from it (the input list of a sandboxed phase must name them).
  func inputs(of target: ProjectFile.Target) -> [String] {
    guard let files = files[target.name] else { return [] }
    guard target.sources == nil, let xcodeProject else { return files }
    return files + [PathText.absolute(xcodeProject.filePath)]
  }

  /// Finds the code of the chosen targets.
  /// - Parameters:
  ///   - required: Whether a missing or ambiguous Xcode project stops the run (`usage`) or only
  ///     leaves those targets unchecked (`lint`, `build`).
  /// - Throws: ``ProjectContext/Stop`` after printing the problem: an Xcode project that cannot
  ///   be read, or (when `required`) none or several to choose from.
  static func find(
    project: ProjectFile, targets: [ProjectFile.Target], options: ProjectOptions, environment: [String: String],
    console: Console, required: Bool
  ) throws(ProjectContext.Stop) -> TargetCode {
    var code = TargetCode()
    if !options.sources.isEmpty {
      let folders = options.sources.map { PathText.absolute($0) }
      let files = folders.flatMap { folder in
        ProjectFile.sourceFiles(under: folder).map { PathText.join(folder, $0) }
      }
      for target in targets { code.files[target.name] = files }
      return code
    }
    let needXcode = targets.filter { $0.sources == nil }
    var xcode: XcodeProject?
    if !needXcode.isEmpty {
      switch locateXcodeProject(project: project, options: options, environment: environment) {
      case .found(let path):
        do {
          xcode = try XcodeProjectReader.read(path: path)
        } catch {
          // A project the run was told to read must be readable; one it came across (an empty
          // `.xcodeproj` folder, a file in a merge conflict) only leaves the code unchecked.
          let named = options.xcodeproj != nil || environment["PROJECT_FILE_PATH"] != nil
          if required || named {
            DiagnosticPrinter(console: console).print(error.diagnostic)
            throw ProjectContext.Stop(status: .failure)
          }
          code.note =
            "\(DisplayText.escaped(PathText.lastComponent(path))) cannot be read (\(error.diagnostic.message)): "
            + "the code of targets without \"sources\" is not checked"
        }
      case .none:
        if required {
          console.error(
            "no Xcode project to read the code of \(needXcode.map { "'\($0.name)'" }.joined(separator: ", ")) from "
              + "(no \"sources\" in \(ProjectFileReader.fileName)); name one with --xcodeproj P.xcodeproj, or give "
              + "each target \"sources\"")
          throw ProjectContext.Stop(status: .usage)
        }
      case .several(let found):
        let names = found.map(PathText.lastComponent).joined(separator: ", ")
        if required {
          console.error("several Xcode projects: \(names); choose one with --xcodeproj")
          throw ProjectContext.Stop(status: .usage)
        }
        code.note =
          "several Xcode projects (\(names)): the code of targets without \"sources\" is not checked; name one "
          + "with --xcodeproj"
      }
    }
    code.xcodeProject = xcode
    if let xcode {
      let matched = needXcode.compactMap { xcode.target(named: $0.name) }.filter { !$0.tables.isEmpty }
      for (target, layer) in zip(matched, CopiedTables(xcode, targets: matched).layers) {
        code.copiedTables[target.name] = layer
      }
    }
    for (target, files) in zip(targets, project.code(of: targets, xcodeProject: xcode)) {
      if let files { code.files[target.name] = files }
    }
    return code
  }

  /// The Xcode project to read: `--xcodeproj`, `$PROJECT_FILE_PATH` (set inside an Xcode build),
  /// the one in the current folder or `$SRCROOT`, else the one in the project file's source root.
  static func locateXcodeProject(project: ProjectFile?, options: ProjectOptions, environment: [String: String])
    -> XcodeProjectReader.Location
  {
    if let given = options.xcodeproj { return .found(PathText.absolute(given)) }
    if let building = environment["PROJECT_FILE_PATH"], building.hasSuffix(".xcodeproj") { return .found(building) }
    let here = XcodeProjectReader.locate(from: PathText.currentDirectory(), environment: environment)
    guard case .none = here, let project else { return here }
    return XcodeProjectReader.locate(from: project.sourceRoot, environment: [:])
  }
}
