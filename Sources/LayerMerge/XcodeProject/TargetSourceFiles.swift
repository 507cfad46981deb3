/// Finds each target's code — the files `locmerge usage` and the `missing-key` check read:
///
/// - its Compile Sources phases (`PBXSourcesBuildPhase`): each build file's file reference, its
///   path worked out through the group tree;
/// - its synchronized folders: the source files found on disk, less the target's membership
///   exceptions; a folder the target does not list contributes the files its exceptions for the
///   target add (as ``TargetTables`` does for tables).
///
/// Only files with a source extension (``SourceLanguage``) inside the source root are kept: a
/// path through `..`, an absolute path or one under a build setting (`$(BUILT_PRODUCTS_DIR)/…`,
/// generated code) is not the project's to read. Each synchronized folder is listed once however
/// many targets share it.
struct TargetSourceFiles {
  private let project: XcodeProject
  private var tree: GroupTree
  /// Each synchronized folder's source files, relative to the folder, by folder ID.
  private var listings: [String: [String]] = [:]
  private let foldersByID: [String: XcodeProject.SynchronizedFolder]

  init(project: XcodeProject) {
    self.project = project
    self.tree = GroupTree(document: project.document)
    var folders: [String: XcodeProject.SynchronizedFolder] = [:]
    for folder in project.synchronizedFolders where folders[folder.id] == nil { folders[folder.id] = folder }
    self.foldersByID = folders
  }

  /// The target's source files, relative to the source root, sorted, each once.
  mutating func files(of target: XcodeProject.Target) -> [String] {
    var found: Set<String> = []
    let document = project.document
    for phase in target.buildPhases where phase.kind == .sources {
      guard let object = document.object(phase.id), let files = document.value("files", in: object) else { continue }
      for buildFile in document.children(files) {
        guard let entry = document.entry(referencedBy: buildFile), document.kind(entry.value) == .dictionary,
          let reference = document.value("fileRef", in: entry.value),
          let file = document.entry(referencedBy: reference),
          document.kind(file.value) == .dictionary, document.isa(file.value, is: "PBXFileReference"),
          let path = tree.path(referencedBy: reference), Self.isSource(path), Self.isInsideSourceRoot(path)
        else { continue }
        found.insert(path)
      }
    }
    let members = Set(target.synchronizedFolders)
    for folder in project.synchronizedFolders where foldersByID[folder.id] == folder {
      let exceptions = Set(folder.membershipExceptions[target.id] ?? [])
      let member = members.contains(folder.id)
      guard member || !exceptions.isEmpty, Self.isInsideSourceRoot(folder.path) else { continue }
      for relative in listing(of: folder) where member != Self.isExcepted(relative, by: exceptions) {
        found.insert(folder.path.isEmpty ? relative : folder.path + "/" + relative)
      }
    }
    return found.sorted()
  }

  // MARK: - Private

  /// Whether a path names a file the scanner reads, by its extension.
  private static func isSource(_ path: String) -> Bool {
    SourceLanguage(pathExtension: PathText.pathExtension(path)) != nil
  }

  /// Whether a path from the group tree lies inside the source root: relative, not through `..`,
  /// not under a build setting.
  private static func isInsideSourceRoot(_ path: String) -> Bool {
    !path.hasPrefix("/") && !path.hasPrefix("$(") && path != ".." && !path.hasPrefix("../")
  }

  /// Whether a membership exception names the file or a folder it lies in.
  private static func isExcepted(_ relative: String, by exceptions: Set<String>) -> Bool {
    guard !exceptions.isEmpty else { return false }
    if exceptions.contains(relative) { return true }
    var folder = Substring(relative)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      if exceptions.contains(String(folder)) || exceptions.contains(folder + "/") { return true }
    }
    return false
  }

  /// The source files of a synchronized folder on disk, relative to it: hidden entries, the
  /// folder's `explicitFolders`, links to folders and folders with an extension (`.xcassets`,
  /// `.bundle`, `.lproj`: resources Xcode copies, not code) are not searched.
  private mutating func listing(of folder: XcodeProject.SynchronizedFolder) -> [String] {
    if let known = listings[folder.id] { return known }
    var found: [String] = []
    let root = PathText.join(project.sourceRoot, folder.path)
    let explicit = Set(folder.explicitFolders)
    var pending = [""]
    var visited = 0
    while let relative = pending.popLast(), visited < SynchronizedFolderTables.maximumFolders {
      visited += 1
      guard let entries = DirectoryListing.entries(of: PathText.join(root, relative)) else { continue }
      for entry in entries {
        guard let name = entry.name, !name.hasPrefix(".") else { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        if entry.isDirectory {
          if PathText.pathExtension(name).isEmpty, !explicit.contains(path), !entry.isSymbolicLink {
            pending.append(path)
          }
        } else if Self.isSource(name) {
          found.append(path)
        }
      }
    }
    listings[folder.id] = found
    return found
  }
}

extension XcodeProject {
  /// Each target's code: the source files of its Compile Sources phases and synchronized folders
  /// (less its membership exceptions), relative to ``sourceRoot``, sorted. Files outside the
  /// source root and generated files are left out; see docs/usage.md.
  /// - Parameter targets: Targets of this project.
  /// - Returns: Each target's files, in the order of `targets`.
  public func sourceFiles(of targets: [Target]) -> [[String]] {
    var finder = TargetSourceFiles(project: self)
    return targets.map { finder.files(of: $0) }
  }
}
