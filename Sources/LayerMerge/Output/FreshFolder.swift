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
///
/// The staging folder is locked (`flock`) while it is written. A run that is killed leaves it
/// behind; the next run for the same folder removes it when it is surely a leftover: its name is
/// this tool's for that folder, the process its name gives is gone, no one holds its lock, it
/// belongs to the user, and it holds nothing but folders and regular files.
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
    removeLeftovers(of: name, in: parent)
    guard mkdir(staging, 0o777) == 0 else {
      throw .system(errno, path: path, folder: parent, action: "create the folder")
    }
    // Held until the folder has its name: a later run sees the staging folder of a live run locked.
    let lock = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if lock >= 0 { flock(lock, LOCK_EX | LOCK_NB) }
    defer { if lock >= 0 { close(lock) } }
    var created: [String] = [staging]
    var createdSet: Set<String> = [staging]
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
          if createdSet.insert(folder).inserted {
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

  /// Removes the staging folders that killed runs left for a folder named `name` in `parent`.
  private static func removeLeftovers(of name: String, in parent: String) {
    guard let entries = DirectoryListing.entries(of: parent) else { return }
    let prefix = ".\(name).locmerge-"
    for entry in entries.compactMap(\.name) where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      // `<pid>-<random>` between the prefix and `.tmp`, both decimal.
      let parts = entry.dropFirst(prefix.count).dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        let pid = pid_t(parts[0]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = PathText.join(parent, entry)
      let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_uid == geteuid(), flock(descriptor, LOCK_EX | LOCK_NB) == 0,
        holdsOnlyFoldersAndFiles(descriptor)
      else { continue }
      removeContents(of: descriptor)
      rmdir(path)
    }
  }

  /// Whether a folder holds nothing but folders and regular files, at any depth (this tool makes
  /// nothing else; a link or anything else means someone else put it there).
  private static func holdsOnlyFoldersAndFiles(_ folder: Int32) -> Bool {
    forEachEntry(of: folder) { descriptor, name, kind in
      switch kind {
      case S_IFREG: return true
      case S_IFDIR:
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { return false }
        defer { close(child) }
        return holdsOnlyFoldersAndFiles(child)
      default: return false
      }
    }
  }

  /// Removes every file and folder inside a folder, without following links.
  private static func removeContents(of folder: Int32) {
    _ = forEachEntry(of: folder) { descriptor, name, kind in
      if kind == S_IFDIR {
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if child >= 0 {
          removeContents(of: child)
          close(child)
        }
        unlinkat(descriptor, name, AT_REMOVEDIR)
      } else {
        unlinkat(descriptor, name, 0)
      }
      return true
    }
  }

  /// Calls `body` with each entry of a folder and its kind (`S_IFREG`, `S_IFDIR`, …, read without
  /// following links) until it returns `false`; returns whether it never did.
  private static func forEachEntry(
    of folder: Int32, _ body: (_ folder: Int32, _ name: String, _ kind: mode_t) -> Bool
  ) -> Bool {
    let duplicate = dup(folder)
    guard duplicate >= 0 else { return false }
    guard let directory = fdopendir(duplicate) else {
      close(duplicate)
      return false
    }
    defer { closedir(directory) }
    // A duplicate shares the folder's read position: start from the top.
    rewinddir(directory)
    var names: [String] = []
    while let record = readdir(directory) {
      let name = withUnsafeBytes(of: record.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    for name in names {
      var status = stat()
      guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, body(folder, name, status.st_mode & S_IFMT)
      else { return false }
    }
    return true
  }

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
