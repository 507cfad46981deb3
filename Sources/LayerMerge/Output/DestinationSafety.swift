#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Refuses destinations that would overwrite sources. The destination may be a symbolic link
/// (where it lives is the caller's choice), but it is judged by where it leads.
public enum DestinationSafety {
  /// Why `destination` is unsafe for these layers, or `nil` if it is safe: it must not be a layer,
  /// lie inside one, or contain one (``ProjectWriteCheck`` with the destination as the one write).
  /// - Parameters:
  ///   - destination: The output folder.
  ///   - layers: The layers of the merge.
  public static func problem(destination: String, layers: [Layer]) -> String? {
    ProjectWriteCheck(writes: [.destination(destination)], protected: layers.map { .layer($0) }).problems().first?
      .description
  }

  /// An absolute path with symbolic links resolved as far as the path exists.
  package static func canonicalPath(_ path: String) -> String { canonical(path) }

  /// ``canonicalPath(_:)`` of many files, resolving each folder once: a merge lists dozens of
  /// files in a handful of `.lproj` folders, and resolving costs a system call per component.
  package static func canonicalPaths(_ paths: [String]) -> [String] {
    var folders: [Substring: String] = [:]
    // A folder is resolved from its parent (resolved once for all its children) with one `lstat`
    // when it is a real folder, not a link: a thousand tables in two hundred `.lproj` folders
    // cost two hundred calls, not a `realpath` (a call per component) each.
    func resolved(_ folder: Substring) -> String {
      if let known = folders[folder] { return known }
      var result: String?
      if folder.hasPrefix("/"), let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
        let name = folder[folder.index(after: slash)...]
        var status = stat()
        if !["", ".", ".."].contains(name), lstat(String(folder), &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
          let parent = resolved(folder[..<slash])
          result = (parent == "/" ? "" : parent) + "/" + name
        }
      }
      let value = result ?? canonical(String(folder))
      folders[folder] = value
      return value
    }
    return paths.map { path in
      guard let slash = path.lastIndex(of: "/"), !isSymbolicLink(path),
        !["", ".", ".."].contains(path[path.index(after: slash)...])
      else { return canonical(path) }
      let folder = slash == path.startIndex ? "/" : path[..<slash]
      let folderPath = resolved(folder)
      return (folderPath == "/" ? "" : folderPath) + path[slash...]
    }
  }

  private static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  static func canonical(_ path: String) -> String {
    // An existing path needs one call (Foundation's URL standardization costs ~100 µs per path).
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    let absolute = path.hasPrefix("/") ? path : PathText.currentDirectory() + "/" + path
    // `realpath` resolves the longest existing prefix; the rest is re-appended, standardized. A
    // prefix that does not exist is passed over with one `lstat`, not a resolution of every
    // folder above it.
    var existing = PathText.absolute(absolute)
    var suffix: [String] = []
    var status = stat()
    while true {
      if existing == "/" || lstat(existing, &status) == 0, let resolved = realpath(existing, nil) {
        defer { free(resolved) }
        var result = String(cString: resolved)
        for component in suffix { result += (result.hasSuffix("/") ? "" : "/") + component }
        return result
      }
      guard existing != "/", let slash = existing.lastIndex(of: "/") else { return absolute }
      suffix.insert(String(existing[existing.index(after: slash)...]), at: 0)
      existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
    }
  }
}
