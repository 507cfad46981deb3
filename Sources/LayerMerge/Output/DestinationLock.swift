#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The advisory lock that makes runs on one destination take turns: `DEST/.locmerge/lock`, held
/// with `flock` for as long as the value lives.
///
/// Two threads of one process that write the same destination wait for each other too, and a
/// killed run never leaves the destination locked (``AdvisoryLock``). The file itself stays
/// (removing a lock file races with the next run opening it).
final class DestinationLock {
  /// The lock file's name inside the bookkeeping folder.
  static let fileName = "lock"

  private let descriptor: Int32

  /// Takes the lock, waiting for another run to release it.
  /// - Parameters:
  ///   - bookkeeping: The bookkeeping folder's descriptor.
  ///   - exclusive: `true` to write; `false` to read the stamp, alongside other readers.
  ///   - displayPath: The lock file's path, for messages.
  ///   - whileWaiting: Called once when the lock has been busy for ``AdvisoryLock/quietWait``.
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
    let code = AdvisoryLock.acquire(descriptor, exclusive: exclusive, whileWaiting: whileWaiting)
    guard code == 0 else {
      close(descriptor)
      throw .failed(path: displayPath, action: "lock the destination", code: code)
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }
}
