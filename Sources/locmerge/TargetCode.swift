import LayerMerge

/// Where the code of a run's targets is, for `usage` and the `missing-key` check of `lint` and
/// `build`: the folders `--sources` names, else each target's `"sources"` patterns, else the
/// Xcode target of its name — in the project `--xcodeproj` names, else the one Xcode builds
/// (`$PROJECT_FILE_PATH`), else the one `*.xcodeproj` in the current folder, `$SRCROOT` or the
/// project file's source root.
struct TargetCode {
  /// The chosen targets' source files (absolute), numbered once for the run, in the order of
  /// ``names``; a target without code found has `nil`.
  var numbered = NumberedSourceFiles(paths: [], targets: [], distinct: true)
  /// The chosen targets' names.
  var names: [String] = [] {
    didSet { indexByName = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
  }
  /// Each name's place in ``names``: ``inputs(of:)`` runs once per target, and finding the name in
  /// the list made `files` quadratic in the targets.
  private var indexByName: [String: Int] = [:]
  /// The Xcode project read, if one was needed and found.
  var xcodeProject: XcodeProject?
  /// The tables each target's Xcode target still copies itself (those left where they are), by
  /// name: the app ships them beside the merge, so its code's lookups find them.
  var copiedTables: [String: LoadedLayer] = [:]
  /// Why no Xcode project was read although targets needed one (several found, none found).
  var note: String?

  /// Each target's source files (absolute), by name; a target without code found is absent.
  var files: [String: [String]] {
    var files: [String: [String]] = [:]
    for (name, numbers) in zip(names, numbered.targets) {
      if let numbers { files[name] = numbers.map { numbered.paths[$0] } }
    }
    return files
  }

  /// Every file of the chosen targets, each once (the targets by name, each one's files in
  /// order), and each target's files as places in that list, by name: what ``ScannedSources``
  /// reads and each ``TargetUsage`` checks.
  var scanOrder: (paths: [String], places: [String: [Int]]) {
    let chosen = names.indices.sorted { names[$0] < names[$1] }
    let (paths, places) = numbered.inOrder(of: chosen)
    var byName: [String: [Int]] = [:]
    for (target, places) in zip(chosen, places) {
      if let places { byName[names[target]] = places }
    }
    return (paths, byName)
  }

  /// What a target's check reads besides its tables: its source files, and the Xcode project
  /// file when the list comes from it (the input list of a sandboxed phase must name them).
  func inputs(of target: ProjectFile.Target) -> [String] {
    guard let index = indexByName[target.name], let numbers = numbered.targets[index] else { return [] }
    let files = numbers.map { numbered.paths[$0] }
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
    code.names = targets.map(\.name)
    if !options.sources.isEmpty {
      let folders = options.sources.map { PathText.absolute($0) }
      let files = folders.flatMap { folder in
        ProjectFile.sourceFiles(under: folder).map { PathText.join(folder, $0) }
      }
      // Every target compiles the same files: numbered once, shared by all.
      code.numbered = NumberedSourceFiles(lists: [files])
      code.numbered.targets = targets.map { _ in code.numbered.targets[0] }
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
    code.numbered = project.numberedCode(of: targets, xcodeProject: xcode)
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
