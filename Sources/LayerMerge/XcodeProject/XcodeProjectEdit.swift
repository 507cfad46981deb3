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
    self.changesFile = !FileTransaction.same(bytes, project.document.bytes)
  }

  /// Whether the file changes at all.
  public let changesFile: Bool

  /// The unified diff of the file (`--- a/…`, `+++ b/…`, hunks with three lines of context), or
  /// `""` when nothing changes.
  /// - Parameter label: The path shown in the header; the project file's path by default.
  public func unifiedDiff(label: String? = nil) -> String {
    guard changesFile else { return "" }
    return UnifiedDiff.text(old: project.document.bytes, splices: changes, label: label ?? project.filePath)
  }

  /// Replaces the project file with the new bytes, atomically (a temporary file beside it, then a
  /// rename), keeping its owner and permissions, and only if it still holds what was read; does
  /// nothing when nothing changes. A symbolic link stays a link: the file it leads to (inside the
  /// source root) gets the new bytes.
  ///
  /// Take ``XcodeProjectReader/lockForEditing(path:whileWaiting:)`` before reading the project, so
  /// that another run's edit waits for this one instead of being lost.
  /// - Throws: ``XcodeProjectError/readOnly(path:reason:)`` when the file or its folder cannot be
  ///   written, ``XcodeProjectError/notWritten(path:message:)`` when the file changed since it was
  ///   read (Xcode saved it meanwhile: run again), leads out of the project or has hard links.
  public func write() throws(XcodeProjectError) {
    guard changesFile else { return }
    try Self.checkWritable(project.filePath)
    var transaction = FileTransaction(root: project.sourceRoot)
    add(to: &transaction)
    do {
      try transaction.commit()
    } catch {
      throw projectError(error)
    }
  }

  /// Adds the project file's change, if any, to a transaction: the new bytes, durable, expecting
  /// the bytes (and fingerprint) the project was read from.
  func add(to transaction: inout FileTransaction) {
    guard changesFile else { return }
    transaction.replace(
      project.filePath, with: bytes, expecting: .unchanged(project.document.bytes, fingerprint: project.fingerprint),
      durable: true)
  }

  /// A transaction's failure about the project file as the error the caller reports.
  func projectError(_ error: OutputError) -> XcodeProjectError {
    switch error {
    case .changedSinceRead:
      return .notWritten(
        path: project.filePath,
        message: "the project file changed since it was read (saved by Xcode?); run this again; nothing was written")
    case .cannotReplace, .interrupted:
      return .notWritten(path: project.filePath, message: error.message)
    default:
      return .readOnly(path: project.filePath, reason: error.message)
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
