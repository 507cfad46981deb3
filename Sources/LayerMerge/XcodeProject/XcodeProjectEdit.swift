#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An edit of a project's file, made by ``XcodeProjectEditor`` and not yet written: the new bytes,
/// what changed in each target, the unified diff (for `--dry-run`) and the atomic write.
public struct XcodeProjectEdit: Sendable {
  /// What happened to one target.
  public struct TargetResult: Hashable, Sendable {
    /// What happened to the target's phase.
    public enum PhaseChange: String, Hashable, Sendable {
      /// The phase was added.
      case added
      /// The phase was there and is now as it should be (its lines replaced in place, copies of it
      /// taken out, or put back in the target's list).
      case updated
      /// The phase was there and current: nothing changed.
      case unchanged
      /// The phase was taken out.
      case removed
      /// There was no phase to take out.
      case notInstalled = "not-installed"
    }

    /// The target's name.
    public var target: String
    /// What happened to its phase.
    public var phase: PhaseChange
    /// The tables whose copies were taken out of the target, in the order given.
    public var removedCopies: [String]

    /// Creates a result.
    public init(target: String, phase: PhaseChange, removedCopies: [String] = []) {
      self.target = target
      self.phase = phase
      self.removedCopies = removedCopies
    }
  }

  /// The project as it was read.
  public let project: XcodeProject
  /// The file's new bytes.
  public let bytes: [UInt8]
  let changes: [PBXEditor.Splice]
  /// What happened to each target, in the order asked for.
  public let targets: [TargetResult]

  init(project: XcodeProject, bytes: [UInt8], changes: [PBXEditor.Splice], targets: [TargetResult]) {
    self.project = project
    self.bytes = bytes
    self.changes = changes
    self.targets = targets
    self.changesFile = !Self.same(bytes, project.document.bytes)
  }

  /// Whether the file changes at all.
  public let changesFile: Bool

  /// Whether two byte arrays are equal, compared with `memcmp` (a project file is large).
  static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count
      && a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
          guard let first = x.baseAddress, let second = y.baseAddress else { return true }
          return memcmp(first, second, x.count) == 0
        }
      }
  }

  /// The unified diff of the file (`--- a/…`, `+++ b/…`, hunks with three lines of context), or
  /// `""` when nothing changes.
  /// - Parameter label: The path shown in the header; the project file's path by default.
  public func unifiedDiff(label: String? = nil) -> String {
    guard changesFile else { return "" }
    return UnifiedDiff.text(old: project.document.bytes, splices: changes, label: label ?? project.filePath)
  }

  /// Replaces the project file with the new bytes, atomically (a temporary file beside it, then a
  /// rename), keeping its permissions; does nothing when nothing changes.
  /// - Throws: ``XcodeProjectError/readOnly(path:reason:)`` when the file or its folder cannot be
  ///   written, ``XcodeProjectError/unsupportedLayout(path:position:message:)`` when the file changed
  ///   since it was read (Xcode saved it meanwhile: run again).
  public func write() throws(XcodeProjectError) {
    guard changesFile else { return }
    let path = project.filePath
    try Self.checkWritable(path)
    // Saved by Xcode since it was read? Its fingerprint tells, else its bytes.
    let unchanged =
      project.fingerprint.map { FileFingerprint(path: path) == $0 }
      ?? FileBytes.read(path).map { Self.same($0, project.document.bytes) } ?? false
    guard unchanged else {
      throw .unsupportedLayout(
        path: path, position: nil,
        message: "the project file changed since it was read (saved by Xcode?); run this again; nothing was written")
    }
    var status = stat()
    let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
    do {
      guard let pending = try AtomicFile.prepare(bytes, for: path) else { return }
      _ = chmod(pending.temporary, mode)
      try pending.commit()
    } catch {
      throw .readOnly(path: path, reason: error.message)
    }
  }

  /// Refuses a project file that this process cannot replace.
  /// - Throws: ``XcodeProjectError/readOnly(path:reason:)`` naming why.
  public static func checkWritable(_ path: String) throws(XcodeProjectError) {
    // A file without write permission is read-only for every user: version control systems
    // (Perforce, ClearCase) mark files so until they are checked out, and root ignores the bits.
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & 0o222 == 0 {
      throw .readOnly(path: path, reason: "the file is read-only (no write permission; check it out or chmod u+w)")
    }
    if access(path, W_OK) != 0 {
      throw .readOnly(path: path, reason: "the file is read-only (\(PathText.systemErrorDescription()))")
    }
    let folder = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
    if access(folder, W_OK) != 0 {
      throw .readOnly(
        path: path, reason: "its folder does not let this user replace it (\(PathText.systemErrorDescription()))")
    }
  }
}
