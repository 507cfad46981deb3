#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    relativeSourceFiles(of: targets).map { files in files.map { $0.map { PathText.join(folder, $0) } } }
  }

  /// Each target's code: the files of its `"sources"` patterns (``sourceFiles(of:)``), else the
  /// source files of the Xcode target of its name (``XcodeProject/sourceFiles(of:)``), absolute.
  /// - Parameters:
  ///   - targets: Targets of this project.
  ///   - xcodeProject: The Xcode project of the targets without `"sources"`, if there is one.
  /// - Returns: Each target's files, or `nil` for a target whose code was not found, in the order
  ///   of `targets`.
  public func code(of targets: [Target], xcodeProject: XcodeProject?) -> [[String]?] {
    // The walk's paths have no `.` or `..`: the folder is made absolute once, not every file.
    let absoluteFolder = PathText.absolute(folder)
    var code = relativeSourceFiles(of: targets).map { files in
      files.map { $0.map { PathText.join(absoluteFolder, $0) } }
    }
    guard let xcodeProject else { return code }
    let root = PathText.absolute(xcodeProject.sourceRoot)
    let needed = targets.indices.filter { code[$0] == nil }
    let xcodeTargets = needed.map { xcodeProject.target(named: targets[$0].name) }
    let found = xcodeProject.sourceFiles(of: xcodeTargets.compactMap { $0 })
    var next = 0
    for (index, xcodeTarget) in zip(needed, xcodeTargets) where xcodeTarget != nil {
      code[index] = found[next].map { PathText.join(root, $0) }
      next += 1
    }
    return code
  }

  /// ``sourceFiles(of:)`` relative to ``folder``.
  private func relativeSourceFiles(of targets: [Target]) -> [[String]?] {
    var walk = SourceFolderWalk(root: folder)
    return targets.map { target in target.sources.map { walk.files(matching: $0) } }
  }

  /// Every source file under a folder (a SwiftPM target's, as the plugin passes it with
  /// `--sources`), searched as ``sourceFiles(of:)`` searches.
  /// - Parameter folder: The folder.
  /// - Returns: The files' paths relative to `folder`, sorted.
  public static func sourceFiles(under folder: String) -> [String] {
    var walk = SourceFolderWalk(root: folder)
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

/// Source files under a folder, listed lazily and once per subfolder.
struct SourceFolderWalk {
  /// The most folders listed; a project's code is far smaller, and a link loop must end.
  static let maximumFolders = 100_000

  let root: String
  /// The source files under each folder walked, relative to ``root``, sorted, by the folder.
  private var walked: [String: [String]] = [:]

  init(root: String) {
    self.root = root
  }

  /// The files some pattern matches, relative to the root, sorted, each once.
  mutating func files(matching patterns: [PathGlob]) -> [String] {
    // A folder named without wildcards (`Sources/Shared`) matches by prefix: the glob matcher
    // tries every leading run of a path's components, which cost more than the scan at 3,600 files.
    // Bytes, not Characters: the glob compares Unicode scalars, not canonical equivalents.
    let folders = patterns.map { Self.literalFolder(of: $0).map { Array($0.utf8) } }
    // The starting folders are disjoint and each one's files sorted: the matches of each, merged,
    // are the answer (18 targets over one shared folder made, hashed and sorted its paths 18 times).
    var result: [String] = []
    for start in startingFolders(of: patterns) {
      let files = files(under: start)
      // A pattern naming this folder or one above it matches every file under it.
      let matched =
        folders.contains { $0.map { Self.isInside(start, folder: $0) } ?? false }
        ? files
        : files.filter { path in
          zip(patterns, folders).contains { pattern, folder in
            folder.map { Self.isInside(path, folder: $0) } ?? pattern.matches(path)
          }
        }
      result = result.isEmpty ? matched : Self.merged(result, matched)
    }
    return result
  }

  /// Two sorted lists with no path in common, as one sorted list.
  private static func merged(_ a: [String], _ b: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if b[j] < a[i] {
        result.append(b[j])
        j += 1
      } else {
        result.append(a[i])
        i += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }

  /// Whether `path` is under `folder` (its bytes, ending in `/`) or is that folder.
  private static func isInside(_ path: String, folder: [UInt8]) -> Bool {
    var path = path
    return path.withUTF8 { bytes in
      let named = bytes.count + 1 == folder.count
      guard bytes.count >= folder.count || named else { return false }
      let length = named ? bytes.count : folder.count
      return folder.withUnsafeBufferPointer {
        bytesEqual(UnsafeBufferPointer(rebasing: bytes[..<length]), UnsafeBufferPointer(rebasing: $0[..<length]))
      }
    }
  }

  /// For a pattern with `/` and no wildcard, the path it names with a `/` after it: it matches
  /// that path and everything under it, as ``PathGlob`` does.
  static func literalFolder(of pattern: PathGlob) -> String? {
    var text = Substring(pattern.pattern)
    while text.hasPrefix("./") { text = text.dropFirst(2) }
    while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
    guard text.contains("/"), !text.contains("//"), !text.contains("*"), !text.contains("?") else { return nil }
    return text + "/"
  }

  /// The folders to search for a set of patterns: each pattern's leading components without a
  /// wildcard (`App/Views` for `App/Views/**/*.swift`), the root for a pattern without `/`
  /// (it matches a name at any depth), a folder inside another searched only once. A pattern
  /// without wildcards is searched from the folder it names when the walk would enter that folder
  /// (see ``isWalkedFolder(_:)``), else from the folder it is in (it names a file).
  func startingFolders(of patterns: [PathGlob]) -> [String] {
    var folders: Set<String> = []
    for pattern in patterns {
      var text = Substring(pattern.pattern)
      while text.hasPrefix("./") { text = text.dropFirst(2) }
      let components = text.split(separator: "/", omittingEmptySubsequences: true)
      guard components.count > 1 else {
        folders.insert("")
        continue
      }
      let literal = components.prefix { !$0.contains("*") && !$0.contains("?") }
      guard literal.count == components.count else {
        folders.insert(literal.joined(separator: "/"))
        continue
      }
      // Searching from the parent listed every sibling for each target naming its own folder
      // (`Sources/Target07`), and matched each of them against the target's patterns.
      let named = literal.joined(separator: "/")
      folders.insert(isWalkedFolder(named) ? named : literal.dropLast().joined(separator: "/"))
    }
    return folders.sorted().filter { folder in
      !folders.contains { other in other != folder && (other.isEmpty || folder.hasPrefix(other + "/")) }
    }
  }

  /// Whether `path` (relative to the root) is a folder that a walk of its parent would enter: a
  /// real folder, not a link, hidden, `DerivedData` or a folder with an extension (`.bundle`).
  func isWalkedFolder(_ path: String) -> Bool {
    let name = PathText.lastComponent(path)
    guard !name.hasPrefix("."), PathText.pathExtension(name).isEmpty, name != "DerivedData" else { return false }
    var status = stat()
    return lstat(PathText.join(root, path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  // MARK: - Private

  private mutating func files(under start: String) -> [String] {
    if let known = walked[start] { return known }
    var found: [String] = []
    var pending = [start]
    var visited = 0
    while let relative = pending.popLast(), visited < Self.maximumFolders {
      visited += 1
      guard let entries = DirectoryListing.entries(of: PathText.join(root, relative.isEmpty ? "." : relative)) else {
        continue
      }
      for entry in entries {
        guard let name = entry.name, !name.hasPrefix(".") else { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        if entry.isDirectory {
          if PathText.pathExtension(name).isEmpty, name != "DerivedData", !entry.isSymbolicLink { pending.append(path) }
        } else if SourceLanguage(pathExtension: PathText.pathExtension(name)) != nil {
          found.append(path)
        }
      }
    }
    found.sort()
    walked[start] = found
    return found
  }
}
