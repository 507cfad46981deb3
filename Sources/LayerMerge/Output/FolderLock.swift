#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock on a folder, held for as long as the value lives: the lock that
/// makes edits of one Xcode project take turns (`xcode install`, `xcode uninstall`,
/// `init --xcodeproj` lock the `.xcodeproj` folder; ``XcodeProjectReader/lockForEditing(path:whileWaiting:)``).
///
/// The lock is an `flock` on a descriptor of the folder itself: it puts no file in the user's
/// folder, and it stays on the same folder however often the files in it are replaced (a lock on
/// `project.pbxproj` would be left on the old file by the first rename). Linux locks any inode;
/// on macOS, the kernel's generic lock code (APFS, HFS+) takes folders too, but some file systems
/// refuse to lock anything but regular files (FAT and exFAT, SMB shares: `EISDIR` or `ENOTSUP`),
/// and NFS may have no locks at all. There ``isHeld`` is `false` and the caller goes on without it
/// — a caller that writes then still compares each file just before replacing it
/// (``FileTransaction``), which is what protects against programs that take no lock, Xcode first.
///
/// A killed run never leaves the folder locked: the kernel drops an `flock` when its process
/// dies. Two values in one process wait for each other too (the lock belongs to the open
/// descriptor).
public final class FolderLock {
  /// Whether the lock is held; `false` when the folder's file system cannot lock folders.
  public let isHeld: Bool
  private let descriptor: Int32

  /// Takes the lock, waiting for its holder to release it.
  /// - Parameters:
  ///   - folder: The folder to lock.
  ///   - whileWaiting: Called once when another process has held the lock for a second (to say
  ///     why the run waits).
  /// - Throws: ``OutputError`` when the folder cannot be opened or the lock fails for another
  ///   reason than the file system's lack of support.
  public init(folder: String, whileWaiting: () -> Void = {}) throws(OutputError) {
    let path = folder.isEmpty ? "." : folder
    let descriptor = SystemFile.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .system(errno, path: path, folder: path, action: "open the folder to lock it")
    }
    let code = AdvisoryLock.acquire(descriptor, exclusive: true, whileWaiting: whileWaiting)
    guard code == 0 || Self.unsupported.contains(code) else {
      close(descriptor)
      throw .failed(path: path, action: "lock the folder", code: code)
    }
    self.descriptor = descriptor
    self.isHeld = code == 0
  }

  deinit {
    close(descriptor)
  }

  /// What `flock` says on a file system that does not lock folders (or anything). An array: on
  /// Linux `ENOTSUP` and `EOPNOTSUPP` are one number.
  private static let unsupported: [Int32] = [EISDIR, EINVAL, ENOTSUP, EOPNOTSUPP, ENOLCK, EBADF]
}
