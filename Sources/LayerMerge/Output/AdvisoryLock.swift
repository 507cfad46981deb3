#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Taking an `flock` on an open descriptor, waiting for its holder: quietly for
/// ``quietWait`` milliseconds, then, once the caller has been told, asleep in the kernel.
///
/// `flock` locks belong to an open file, not to a process, so two threads of one process wait for
/// each other too; the kernel drops the lock when the process dies, so a killed run never leaves
/// anything locked.
enum AdvisoryLock {
  /// How long to wait quietly, in milliseconds, before telling the caller that another run holds
  /// the lock.
  static let quietWait = 1000

  /// Takes the lock.
  /// - Parameters:
  ///   - descriptor: The open file or folder.
  ///   - exclusive: `true` for an exclusive lock, `false` for a shared one.
  ///   - whileWaiting: Called once when the lock has been busy for ``quietWait``.
  /// - Returns: 0 once the lock is held, else the `errno` of the failed `flock`.
  static func acquire(_ descriptor: Int32, exclusive: Bool, whileWaiting: () -> Void) -> Int32 {
    let operation = exclusive ? LOCK_EX : LOCK_SH
    let start = milliseconds()
    while flock(descriptor, operation | LOCK_NB) != 0 {
      var code = errno
      if code == EWOULDBLOCK && milliseconds() - start >= quietWait {
        // Say so once, then sleep in the kernel until the other run is done.
        whileWaiting()
        repeat { code = flock(descriptor, operation) == 0 ? 0 : errno } while code == EINTR
        return code
      }
      guard code == EWOULDBLOCK || code == EINTR else { return code }
      usleep(10_000)
    }
    return 0
  }

  // MARK: - Private

  /// Milliseconds of a monotonic clock (a loaded machine sleeps longer than asked).
  private static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }
}
