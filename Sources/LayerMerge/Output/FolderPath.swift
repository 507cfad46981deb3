#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders a write needs, created as `mkdir -p` creates them.
package enum FolderPath {
  /// Creates a folder and the folders above it that are missing.
  /// - Parameter path: The folder.
  /// - Throws: ``OutputError`` naming the folder that could not be created.
  package static func create(_ path: String) throws(OutputError) {
    guard !path.isEmpty, access(path, F_OK) != 0 else { return }
    try create(PathText.parent(path))
    guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
      let code = errno
      if code == ENOTDIR { throw .fileInTheWay(path: PathText.parent(path)) }
      throw .system(code, path: path, folder: PathText.parent(path), action: "create the folder")
    }
  }
}
