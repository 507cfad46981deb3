#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces single files atomically: the new bytes go to a temporary file in the same folder,
/// `.<name>.locmerge-<pid>-<random>.tmp`, which is then renamed over the file. Before writing, the
/// temporary files that killed runs left for the same file are removed (those whose process is
/// gone), so they never pile up.
///
/// Several files that must change together go through a ``FileTransaction``, which stages each
/// one here and renames them only when all are ready.
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
    removeLeftovers(of: [PathText.lastComponent(path)], in: folder(of: path))
    return try stage(bytes, for: path)
  }

  /// Writes the bytes to a new temporary file beside `path`.
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file the temporary file will replace; its folder must exist.
  ///   - existing: The `stat` of the file it replaces, whose owner and permissions the new file
  ///     takes; `nil` for a new file (the process's defaults).
  ///   - durable: Flush the bytes to the disk before returning (`fsync`), so that a power loss
  ///     after the rename cannot leave an empty file.
  ///   - displayPath: The path messages name, when `path` is where a link leads.
  /// - Returns: The pending replacement.
  /// - Throws: ``OutputError/cannotReplace(path:reason:)`` when the owner cannot be kept, else
  ///   what the system said.
  static func stage(
    _ bytes: [UInt8], for path: String, keeping existing: stat? = nil, durable: Bool = false,
    displayPath: String? = nil
  ) throws(OutputError) -> Pending {
    let shown = displayPath ?? path
    let folder = folder(of: path)
    let temporary = PathText.join(
      PathText.parent(path),
      ".\(PathText.lastComponent(path)).locmerge-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    let descriptor = SystemFile.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw .system(errno, path: shown, folder: folder, action: "write the file") }
    if let existing {
      // The owner first: changing it clears the set-user-ID and set-group-ID bits.
      var created = stat()
      if fstat(descriptor, &created) == 0, created.st_uid != existing.st_uid || created.st_gid != existing.st_gid,
        fchown(descriptor, existing.st_uid, existing.st_gid) != 0
      {
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw .cannotReplace(
          path: shown,
          reason: "its owner (user \(existing.st_uid), group \(existing.st_gid)) cannot be kept "
            + "(\(PathText.systemErrorDescription(code))); run this as its owner")
      }
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
    var failure = SystemFile.writeAll(descriptor, bytes)
    if failure == 0 && durable && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw .system(failure, path: shown, folder: folder, action: "write the file")
    }
    return Pending(path: path, temporary: temporary)
  }

  /// Removes `.<name>.locmerge-<pid>[-<n>].tmp` files, for any of `names`, whose process no longer
  /// runs: one listing of the folder, however many of its files a run writes.
  static func removeLeftovers(of names: Set<String>, in folder: String) {
    guard !names.isEmpty, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let marker = Array(".locmerge-".utf8)
    while let record = readdir(directory) {
      let entry = withUnsafeBytes(of: record.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      // `.<name>.locmerge-<pid>…tmp`: the name ends at the last `.locmerge-`.
      guard entry.first == UInt8(ascii: "."), entry.count > marker.count + 5,
        entry.suffix(4).elementsEqual(".tmp".utf8),
        let start = (1...(entry.count - marker.count)).reversed().first(where: {
          entry[$0..<($0 + marker.count)].elementsEqual(marker)
        }),
        names.contains(String(decoding: entry[1..<start], as: UTF8.self))
      else { continue }
      let digits = entry[(start + marker.count)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid != getpid(), kill(pid, 0) != 0,
        errno == ESRCH
      else { continue }
      unlink(PathText.join(folder, String(decoding: entry, as: UTF8.self)))
    }
  }

  /// The folder a path lies in, `.` for a bare name.
  static func folder(of path: String) -> String {
    let parent = PathText.parent(path)
    return parent.isEmpty ? "." : parent
  }
}
