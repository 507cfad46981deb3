extension ProjectFile {
  /// The source files each target's `"sources"` patterns name, found on disk: every file with a
  /// source extension (``SourceLanguage``) under the project folder whose path, relative to that
  /// folder, one of the target's patterns matches (``PathGlob``). Hidden entries, links to folders,
  /// folders with an extension (`.xcassets`, `.bundle`, `.lproj`) and `DerivedData` are not
  /// searched. Each folder is listed once however many targets' patterns reach it.
  /// - Parameter targets: Targets of this project.
  /// - Returns: Each target's files (under ``folder``, sorted), or `nil` for a target without
  ///   `"sources"`, in the order of `targets`.
  public func sourceFiles(of targets: [Target]) -> [[String]?] {
    var walk = SourceFolderWalk(root: folder, prefix: folder)
    return targets.map { target in target.sources.map { walk.files(matching: $0) } }
  }

  /// Each target's code: the files of its `"sources"` patterns (``sourceFiles(of:)``), else the
  /// source files of the Xcode target of its name (``XcodeProject/sourceFiles(of:)``), absolute.
  /// - Parameters:
  ///   - targets: Targets of this project.
  ///   - xcodeProject: The Xcode project of the targets without `"sources"`, if there is one.
  /// - Returns: Each target's files, or `nil` for a target whose code was not found, in the order
  ///   of `targets`.
  public func code(of targets: [Target], xcodeProject: XcodeProject?) -> [[String]?] {
    let code = numberedCode(of: targets, xcodeProject: xcodeProject)
    return code.targets.map { numbers in numbers.map { $0.map { code.paths[$0] } } }
  }

  /// ``code(of:xcodeProject:)`` with each path made once: every target's files as numbers into
  /// one list, a file several targets compile under one number.
  package func numberedCode(of targets: [Target], xcodeProject: XcodeProject?) -> NumberedSourceFiles {
    // The walk's paths have no `.` or `..`: the folder is made absolute once, not every file.
    var walk = SourceFolderWalk(root: folder, prefix: PathText.absolute(folder))
    let walked = targets.map { target in target.sources.map { walk.numbers(matching: $0) } }
    // Walks of nested folders (`App`, `App/Views`) number a file twice: one number a path.
    var code = NumberedSourceFiles(paths: walk.paths, targets: walked, distinct: !walk.walkedNestedFolders)
    guard let xcodeProject else { return code }
    let root = PathText.absolute(xcodeProject.sourceRoot)
    let needed = targets.indices.filter { code.targets[$0] == nil }
    let xcodeTargets = needed.map { xcodeProject.target(named: targets[$0].name) }
    let found = xcodeProject.sourceFiles(of: xcodeTargets.compactMap { $0 })
    var next = 0
    for (index, xcodeTarget) in zip(needed, xcodeTargets) where xcodeTarget != nil {
      code.targets[index] = found[next].map { code.number(of: PathText.join(root, $0)) }
      next += 1
    }
    return code
  }

  /// Every source file under a folder (a SwiftPM target's, as the plugin passes it with
  /// `--sources`), searched as ``sourceFiles(of:)`` searches.
  /// - Parameter folder: The folder.
  /// - Returns: The files' paths relative to `folder`, sorted.
  public static func sourceFiles(under folder: String) -> [String] {
    var walk = SourceFolderWalk(root: folder, prefix: nil)
    return walk.files(matching: [PathGlob("**")])
  }
}

extension ProjectFile.PlannedFiles {
  /// The same files with a target's code among the inputs: the source files its check reads, and
  /// the Xcode project their list comes from. A sandboxed build phase reads only what it declares.
  /// - Parameter code: The files to add (absolute).
  /// - Returns: The planned files, inputs resolved and sorted as ``ProjectFile/plannedFiles(of:options:)`` gives them.
  public func addingCode(_ code: [String]) -> ProjectFile.PlannedFiles {
    var planned = self
    planned.inputs = Array(Set(inputs + DestinationSafety.canonicalPaths(code))).sorted()
    return planned
  }
}
