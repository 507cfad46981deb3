#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates a folder with all its files at once: everything is written into a new hidden folder
/// beside it (`.<name>.locmerge-<pid>-<random>.tmp`), which is then renamed to the folder's name.
/// A reader sees no folder, or an empty one, until every file is in place; a failure removes what
/// it wrote and leaves the path as it was. Used for new source trees (`locmerge extract`), where
/// there is no earlier output to keep or to record.
package enum FreshFolder {
  /// Why `path` cannot become a fresh folder, if it cannot: it exists and is not an empty folder.
  /// - Parameter path: The folder to create.
  /// - Returns: The error to report, or `nil` when the path is free or an empty folder.
  package static func problem(_ path: String) -> OutputError? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    if status.st_mode & S_IFMT == S_IFLNK { return .linkInTheWay(path: path) }
    guard status.st_mode & S_IFMT == S_IFDIR else { return .destinationIsAFile(path: path) }
    guard let entries = DirectoryListing.entries(of: path) else {
      return .failed(path: path, action: "read the folder", code: errno)
    }
    return entries.isEmpty ? nil : .folderInTheWay(path: path)
  }

  /// Writes the files into a new folder at `path`.
  /// - Parameters:
  ///   - files: The files, by path relative to the folder (plain relative paths, no `..`).
  ///   - path: The folder to create; it must not exist, or be an empty folder.
  /// - Throws: ``OutputError`` naming the path or file a person can act on.
  package static func write(_ files: [OutputFile], to path: String) throws(OutputError) {
    if let problem = problem(path) { throw problem }
    let parent = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
    let name = PathText.lastComponent(path)
    let staging = PathText.join(parent, ".\(name).locmerge-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    createAncestors(of: staging)
    guard mkdir(staging, 0o777) == 0 else {
      throw .system(errno, path: path, folder: parent, action: "create the folder")
    }
    var created: [String] = [staging]
    var written: [String] = []
    do throws(OutputError) {
      for file in files.sorted(by: { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }) {
        let components = file.relativePath.split(separator: "/").map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0 == "." || $0 == ".." }) else {
          throw .failed(path: PathText.join(path, file.relativePath), action: "write outside the folder", code: EINVAL)
        }
        var folder = staging
        for component in components.dropLast() {
          folder = PathText.join(folder, component)
          if !created.contains(folder) {
            guard mkdir(folder, 0o777) == 0 else {
              throw .system(errno, path: path, folder: parent, action: "create a folder")
            }
            created.append(folder)
          }
        }
        let target = PathText.join(staging, file.relativePath)
        let descriptor = SystemFile.open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
          throw .system(errno, path: PathText.join(path, file.relativePath), folder: parent, action: "write the file")
        }
        written.append(target)
        let failure = SystemFile.writeAllAndClose(descriptor, file.bytes)
        guard failure == 0 else {
          throw .system(failure, path: PathText.join(path, file.relativePath), folder: parent, action: "write the file")
        }
      }
      // An empty folder at `path` is replaced in one step; anything else there makes rename fail.
      guard rename(staging, path) == 0 else {
        let code = errno
        throw code == ENOTEMPTY || code == EEXIST
          ? OutputError.folderInTheWay(path: path)
          : OutputError.system(code, path: path, folder: parent, action: "create the folder")
      }
    } catch {
      for file in written.reversed() { unlink(file) }
      for folder in created.reversed() { rmdir(folder) }
      throw error
    }
  }

  /// Takes away a folder ``write(_:to:)`` made, when what was to go with it failed: its files, then
  /// its folders, deepest first. Anything else found in it stays, and so does the folder holding it.
  /// - Parameters:
  ///   - files: The files written, relative to the folder.
  ///   - path: The folder.
  package static func remove(_ files: [OutputFile], from path: String) {
    var folders: Set<String> = [path]
    for file in files {
      unlink(PathText.join(path, file.relativePath))
      var folder = PathText.parent(file.relativePath)
      while !folder.isEmpty, folders.insert(PathText.join(path, folder)).inserted { folder = PathText.parent(folder) }
    }
    for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
  }

  // MARK: - Private

  /// Creates the missing folders above `path`, as `mkdir -p` does; a failure shows at the next step.
  private static func createAncestors(of path: String) {
    let parent = PathText.parent(path)
    guard !parent.isEmpty, parent != "/" else { return }
    var status = stat()
    guard stat(parent, &status) != 0 else { return }
    createAncestors(of: parent)
    mkdir(parent, 0o777)
  }
}
