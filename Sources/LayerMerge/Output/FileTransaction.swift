#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces several files together, all or nothing: `xcode install` changes `project.pbxproj`,
/// `locmerge.json` and every target's file lists in one transaction.
///
/// ```swift
/// var transaction = FileTransaction(root: project.sourceRoot)
/// transaction.replace(list.path, with: list.bytes)
/// transaction.replace(configPath, with: newConfig, expecting: .unchanged(configRead, fingerprint: nil))
/// transaction.replace(project.filePath, with: edited, expecting: .unchanged(read, fingerprint: seen), durable: true)
/// try transaction.commit()
/// ```
///
/// ``commit()`` works in steps, and only the last one changes anything the user sees:
/// 1. Each file is looked at: a symbolic link is followed, and its target must lie inside `root`
///    (the link stays a link, its target gets the new bytes); a folder, a device or a file with
///    more than one hard link is refused (a rename would split the link, and writing in place is
///    not atomic). A file that already holds the new bytes is left alone.
/// 2. Leftover temporary files of killed runs are removed, with one listing per folder.
/// 3. Every new file is written in full to a temporary file beside the one it replaces
///    (``AtomicFile``), with the owner and permissions of the file it replaces (`fchown`, `fchmod`)
///    and, for a `durable` file, flushed to the disk.
/// 4. Each file whose ``Expectation`` says what the caller read is read again, just before the
///    renames: if another program saved it meanwhile, every temporary file goes and the transaction
///    throws ``OutputError/changedSinceRead(path:)`` — nothing was written.
/// 5. The temporary files are renamed over the files, in the order given (put the file the others
///    follow from last). If a rename fails, the files already renamed get their previous bytes back.
///
/// A process killed during step 5 leaves each file whole — the old bytes or the new ones — but the
/// files renamed before the kill new and the others old; callers order the files so that a rerun
/// repairs that (`xcode install` renames the project file last: the lists and `locmerge.json`
/// follow from it). A failure before step 5 leaves nothing behind, not even a folder it created.
public struct FileTransaction: Sendable {
  /// What a file must hold just before it is replaced.
  public enum Expectation: Hashable, Sendable {
    /// Anything: a file the transaction derives from others (a file list).
    case anything
    /// The bytes the caller read, and, when given, the fingerprint of the file they were read from
    /// (a file saved with the same bytes, `touch`ed, or replaced, counts as changed).
    case unchanged([UInt8], fingerprint: FileFingerprint?)
    /// No file: the caller found none.
    case absent
  }

  /// One file to replace.
  struct Change: Sendable {
    var path: String
    var bytes: [UInt8]
    var expectation: Expectation
    var durable: Bool
  }

  /// The folder links may lead into: a link whose target lies outside is refused.
  public let root: String
  private(set) var changes: [Change] = []

  /// Creates an empty transaction.
  /// - Parameter root: The folder every symbolic link among the files must lead into (the
  ///   project's source root).
  public init(root: String) {
    self.root = root
  }

  /// Adds a file to replace (or create, with the folders it lies in).
  /// - Parameters:
  ///   - path: The file.
  ///   - bytes: Its new bytes.
  ///   - expectation: What it must still hold just before the renames.
  ///   - durable: Flush it to the disk before it replaces the old file: for a file the user made
  ///     and cannot make again (the Xcode project), not for a file any run derives again.
  public mutating func replace(
    _ path: String, with bytes: [UInt8], expecting expectation: Expectation = .anything, durable: Bool = false
  ) {
    changes.append(Change(path: path, bytes: bytes, expectation: expectation, durable: durable))
  }

  /// Replaces the files, all or none.
  /// - Returns: The files written, in order (those that held the new bytes already are left out).
  /// - Throws: ``OutputError``: ``OutputError/changedSinceRead(path:)``,
  ///   ``OutputError/cannotReplace(path:reason:)``, what the system said while preparing (nothing
  ///   was written), or ``OutputError/interrupted(path:code:notRestored:)``.
  @discardableResult
  public func commit() throws(OutputError) -> [String] {
    try stage().commit()
  }

  /// Steps 1 to 3 of ``commit()``: every file checked and its new bytes in a temporary file.
  package func stage() throws(OutputError) -> Staged {
    let rootPath = DestinationSafety.canonicalPath(root)
    var created: [String] = []
    var items: [Staged.Item] = []
    do throws(OutputError) {
      var planned: [(change: Change, target: String, existing: stat?, previous: [UInt8]?)] = []
      var names: [String: Set<String>] = [:]
      for change in changes {
        let (target, existing) = try Self.place(of: change.path, root: rootPath, creating: &created)
        names[AtomicFile.folder(of: target), default: []].insert(PathText.lastComponent(target))
        var previous: [UInt8]?
        if let existing {
          if case .unchanged(let read, let seen?) = change.expectation, seen == FileFingerprint(existing) {
            // The file the caller read, by its fingerprint: its bytes are those (checked again,
            // byte for byte, just before the renames).
            previous = read
          } else {
            guard let read = FileBytes.readWithFingerprint(target) else {
              throw .cannotReplace(
                path: change.path, reason: "it cannot be read (\(PathText.systemErrorDescription()))")
            }
            guard Self.holds(read.bytes, read.fingerprint, change.expectation) else {
              throw .changedSinceRead(path: change.path)
            }
            previous = read.bytes
          }
        } else if !Self.holds(nil, nil, change.expectation) {
          throw .changedSinceRead(path: change.path)
        }
        if let previous, Self.same(previous, change.bytes) { continue }
        planned.append((change, target, existing, previous))
      }
      // What killed runs left beside these files (written now or not): one listing per folder,
      // not one per file (a folder of 32,000 file lists).
      for (folder, files) in names { AtomicFile.removeLeftovers(of: files, in: folder) }
      for item in planned {
        let pending = try AtomicFile.stage(
          item.change.bytes, for: item.target, keeping: item.existing, durable: item.change.durable,
          displayPath: item.change.path)
        items.append(
          Staged.Item(
            path: item.change.path, pending: pending, existing: item.existing, previous: item.previous,
            expectation: item.change.expectation, durable: item.change.durable))
      }
    } catch {
      items.forEach { $0.pending.discard() }
      Self.removeFolders(created)
      throw error
    }
    return Staged(items: items, createdFolders: created)
  }

  /// A transaction whose new files are all written, waiting to be renamed into place.
  package struct Staged {
    struct Item {
      /// The path as given (messages name it).
      var path: String
      /// The temporary file and the file it replaces (where a link leads).
      var pending: AtomicFile.Pending
      /// The replaced file's `stat`; `nil` for a new file.
      var existing: stat?
      /// The replaced file's bytes; `nil` for a new file.
      var previous: [UInt8]?
      var expectation: Expectation
      var durable: Bool
    }

    var items: [Item]
    var createdFolders: [String]

    /// The temporary files, in the order of the files they replace.
    package var temporaries: [String] { items.map(\.pending.temporary) }

    /// Removes the temporary files and the folders the transaction created: nothing changes.
    package func discard() {
      items.forEach { $0.pending.discard() }
      FileTransaction.removeFolders(createdFolders)
    }

    /// Steps 4 and 5 of ``FileTransaction/commit()``: checks that the files read are unchanged,
    /// then renames every temporary file over its file.
    package func commit() throws(OutputError) -> [String] {
      for item in items where item.expectation != .anything {
        let now = FileBytes.readWithFingerprint(item.pending.path)
        guard FileTransaction.holds(now?.bytes, now?.fingerprint, item.expectation) else {
          discard()
          throw .changedSinceRead(path: item.path)
        }
      }
      var renamed: [Item] = []
      for (index, item) in items.enumerated() {
        guard rename(item.pending.temporary, item.pending.path) == 0 else {
          let code = errno
          items[index...].forEach { $0.pending.discard() }
          let notRestored = renamed.reversed().filter { !FileTransaction.restore($0) }.map(\.path)
          FileTransaction.removeFolders(createdFolders)
          throw .interrupted(path: item.path, code: code, notRestored: notRestored)
        }
        renamed.append(item)
      }
      // The renames of the files that must survive a power loss reach the disk too.
      var flushed: Set<String> = []
      for item in items where item.durable && flushed.insert(AtomicFile.folder(of: item.pending.path)).inserted {
        let folder = SystemFile.open(AtomicFile.folder(of: item.pending.path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
          _ = fsync(folder)
          close(folder)
        }
      }
      return items.map(\.path)
    }
  }

  // MARK: - Private

  /// Where a file's bytes go (the file, or where its link leads, inside `root`) and its `stat`
  /// (`nil` when there is no file: its folders are created, and listed in `created`).
  private static func place(of path: String, root: String, creating created: inout [String]) throws(OutputError)
    -> (target: String, existing: stat?)
  {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      let code = errno
      guard code == ENOENT else {
        throw .system(code, path: path, folder: AtomicFile.folder(of: path), action: "look at the file")
      }
      createFolders(AtomicFile.folder(of: path), created: &created)
      return (path, nil)
    }
    var target = path
    if status.st_mode & S_IFMT == S_IFLNK {
      guard let resolved = realpath(path, nil) else {
        throw .cannotReplace(path: path, reason: "it is a symbolic link that leads to no file")
      }
      target = String(cString: resolved)
      free(resolved)
      guard target.hasPrefix(root == "/" ? "/" : root + "/") else {
        throw .cannotReplace(
          path: path,
          reason: "it is a symbolic link to \(DisplayText.escaped(target)), outside the project "
            + "(\(DisplayText.escaped(root))); locmerge writes only inside the project")
      }
      guard stat(target, &status) == 0 else {
        throw .system(errno, path: path, folder: AtomicFile.folder(of: target), action: "look at the file")
      }
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .folderInTheWay(path: path)
    default: throw .cannotReplace(path: path, reason: "it is not a regular file")
    }
    guard status.st_nlink <= 1 else {
      throw .cannotReplace(
        path: path,
        reason: "it has \(status.st_nlink) hard links: replacing it would split them (the other names would keep "
          + "the old bytes) and writing it in place is not atomic; make it a file of its own (or a symbolic link)")
    }
    return (target, status)
  }

  /// Whether a file (its bytes and fingerprint, `nil` when there is none) is what was expected.
  private static func holds(_ bytes: [UInt8]?, _ fingerprint: FileFingerprint?, _ expected: Expectation) -> Bool {
    switch expected {
    case .anything: return true
    case .absent: return bytes == nil
    case .unchanged(let read, let seen):
      guard let bytes, same(bytes, read) else { return false }
      return seen == nil || seen == fingerprint
    }
  }

  /// Puts a replaced file's previous bytes back (or removes a file that was new); `false` when
  /// that failed.
  private static func restore(_ item: Staged.Item) -> Bool {
    guard let previous = item.previous else { return unlink(item.pending.path) == 0 }
    guard let back = try? AtomicFile.stage(previous, for: item.pending.path, keeping: item.existing) else {
      return false
    }
    guard rename(back.temporary, back.path) == 0 else {
      back.discard()
      return false
    }
    return true
  }

  /// Creates a folder and the folders it lies in, as `mkdir -p` does, listing those it created
  /// (outermost first); a failure shows when the file is written.
  private static func createFolders(_ path: String, created: inout [String]) {
    guard !path.isEmpty, access(path, F_OK) != 0 else { return }
    createFolders(PathText.parent(path), created: &created)
    if mkdir(path, 0o755) == 0 { created.append(path) }
  }

  /// Removes folders a transaction created, innermost first, if they are empty.
  static func removeFolders(_ folders: [String]) {
    for folder in folders.reversed() { rmdir(folder) }
  }

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
}
