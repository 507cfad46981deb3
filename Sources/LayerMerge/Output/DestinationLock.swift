#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The advisory lock that makes runs on one destination take turns: `DEST/.locmerge/lock`, held
/// with `flock` for as long as the value lives.
///
/// `flock` locks belong to an open file, not to a process, so two threads of one process that
/// write the same destination wait for each other too; the kernel drops the lock when the
/// process dies, so a killed run never leaves the destination locked. The file itself stays
/// (removing a lock file races with the next run opening it).
final class DestinationLock {
  /// The lock file's name inside the bookkeeping folder.
  static let fileName = "lock"
  /// How long to wait quietly, in milliseconds, before telling the caller that another run holds
  /// the lock.
  static let quietWait = 1000

  private let descriptor: Int32

  /// Takes the lock, waiting for another run to release it.
  /// - Parameters:
  ///   - bookkeeping: The bookkeeping folder's descriptor.
  ///   - exclusive: `true` to write; `false` to read the stamp, alongside other readers.
  ///   - displayPath: The lock file's path, for messages.
  ///   - whileWaiting: Called once when the lock has been busy for ``quietWait``.
  init(in bookkeeping: Int32, exclusive: Bool, displayPath: String, whileWaiting: () -> Void) throws(OutputError) {
    var descriptor = openat(bookkeeping, Self.fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
    if descriptor < 0 && !exclusive && (errno == EACCES || errno == EROFS) {
      // A reader of a destination it may not write in still takes its turn.
      descriptor = openat(bookkeeping, Self.fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      throw .system(
        errno, path: displayPath, folder: PathText.parent(displayPath), action: "open the destination's lock file")
    }
    let operation = exclusive ? LOCK_EX : LOCK_SH
    let start = Self.milliseconds()
    while flock(descriptor, operation | LOCK_NB) != 0 {
      var code = errno
      if code == EWOULDBLOCK && Self.milliseconds() - start >= Self.quietWait {
        // Say so once, then sleep in the kernel until the other run is done.
        whileWaiting()
        repeat { code = flock(descriptor, operation) == 0 ? 0 : errno } while code == EINTR
        if code == 0 { break }
      }
      guard code == EWOULDBLOCK || code == EINTR else {
        close(descriptor)
        throw .failed(path: displayPath, action: "lock the destination", code: code)
      }
      usleep(10_000)
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  // MARK: - Private

  /// Milliseconds of a monotonic clock (a loaded machine sleeps longer than asked).
  private static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }
}
