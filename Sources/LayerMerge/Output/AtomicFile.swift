#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces single files atomically: the new bytes go to a temporary file in the same folder,
/// `.<name>.locmerge-<pid>-<random>.tmp`, which is then renamed over the file. Before writing, the
/// temporary files that killed runs left for the same file are removed (those whose process is
/// gone), so they never pile up.
public enum AtomicFile {
  /// Writes bytes to a path unless the file already holds exactly them.
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file to replace or create; its folder must exist.
  /// - Returns: Whether the file was written.
  @discardableResult
  public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(OutputError) -> Bool {
    guard let pending = try prepare(bytes, for: path) else { return false }
    try pending.commit()
    return true
  }

  /// A new file ready to be renamed into place.
  struct Pending {
    /// The file it replaces.
    var path: String
    /// The filled temporary file.
    var temporary: String

    /// Renames the temporary file over the file.
    func commit() throws(OutputError) {
      guard rename(temporary, path) == 0 else {
        let code = errno
        unlink(temporary)
        throw .system(code, path: path, folder: AtomicFile.folder(of: path), action: "replace the file")
      }
    }

    /// Removes the temporary file.
    func discard() {
      unlink(temporary)
    }
  }

  /// Writes the bytes to a temporary file beside `path`, unless the file already holds them.
  /// - Returns: The pending replacement, or `nil` when the file is current.
  static func prepare(_ bytes: [UInt8], for path: String) throws(OutputError) -> Pending? {
    if FileBytes.size(path) == bytes.count, let existing = FileBytes.read(path), existing == bytes { return nil }
    let folder = folder(of: path)
    let name = PathText.lastComponent(path)
    removeLeftovers(of: name, in: folder)
    let temporary = PathText.join(
      PathText.parent(path), ".\(name).locmerge-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    let descriptor = SystemFile.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw .system(errno, path: path, folder: folder, action: "write the file") }
    let failure = SystemFile.writeAllAndClose(descriptor, bytes)
    guard failure == 0 else {
      unlink(temporary)
      throw .system(failure, path: path, folder: folder, action: "write the file")
    }
    return Pending(path: path, temporary: temporary)
  }

  // MARK: - Private

  fileprivate static func folder(of path: String) -> String {
    let parent = PathText.parent(path)
    return parent.isEmpty ? "." : parent
  }

  /// Removes `.<name>.locmerge-<pid>[-<n>].tmp` files whose process no longer runs.
  private static func removeLeftovers(of name: String, in folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = ".\(name).locmerge-"
    while let record = readdir(directory) {
      let entry = withUnsafeBytes(of: record.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entry.hasPrefix(prefix), entry.hasSuffix(".tmp") else { continue }
      let digits = entry.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = pid_t(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(PathText.join(folder, entry))
    }
  }
}
