#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that work grows at most linearly with its input, against a baseline measured in the
/// same test rather than a fixed number of seconds: the same work at size `n` (run 8 times, so
/// that it takes about as long as the other) and at `8n`, each the fastest of a few runs taken in
/// turn, so that a burst of load from elsewhere (other tests, other builds on a shared machine)
/// falls on both sizes alike and a slow run is discarded.
///
/// Linear work takes about 8 times as long at `8n`, quadratic work 64 times. The budget is
/// ``budget`` (3 times the linear ratio, well under the quadratic one). Choose `n` so that the
/// small run takes some milliseconds: a fixed cost only lowers the ratio.
public enum LinearTime {
  /// How much larger the second input is.
  public static let factor = 8
  /// The largest ratio of the two times that passes.
  public static let budget = 24.0

  /// Which time is measured.
  public enum Clock {
    /// CPU time of the calling thread: blind to load from other processes and threads, for work
    /// that runs on the calling thread only.
    case thread
    /// CPU time the calling thread spends in user space (its system time left out), for work that
    /// writes thousands of files: the kernel's cost of creating a file swings from run to run (on
    /// ext4 here, one `files` run of 4,000 lists took 0.45 s of system time and the next 4.4 s,
    /// with 0.2 s of user time in both), while what the tool itself does with each file, such as
    /// listing a folder's names, is user time. Linux only; elsewhere it is ``thread``.
    case threadUser
    /// Wall-clock time, for work that spreads over several threads.
    case wall
  }

  /// The time at `factor × n` divided by the time at `n`.
  /// - Parameters:
  ///   - n: The smaller size.
  ///   - clock: What to measure.
  ///   - runs: How many times each size runs; the fastest counts.
  ///   - prepare: Makes the input of a size (not timed).
  ///   - work: The work on an input.
  public static func ratio<Input>(
    n: Int, clock: Clock = .thread, runs: Int = 3, prepare: (Int) throws -> Input, _ work: (Input) -> Void
  ) rethrows -> Double {
    let small = try prepare(n)
    let large = try prepare(n * factor)
    var best = (small: Double.infinity, large: Double.infinity)
    for _ in 0..<runs {
      // The small input as many times as the large one is larger: both runs take about as long,
      // so neither is too short to measure.
      best.small = min(best.small, seconds(clock) { for _ in 0..<factor { work(small) } } / Double(factor))
      best.large = min(best.large, seconds(clock) { work(large) })
    }
    return best.large / max(best.small, 1e-9)
  }

  /// The same, for work that makes its own input from a size.
  public static func ratio(n: Int, clock: Clock = .thread, runs: Int = 3, _ work: (Int) -> Void) -> Double {
    ratio(n: n, clock: clock, runs: runs, prepare: { $0 }, work)
  }

  // MARK: - Private

  private static func seconds(_ clock: Clock, _ body: () -> Void) -> Double {
    let id: clockid_t
    switch clock {
    case .thread: id = CLOCK_THREAD_CPUTIME_ID
    case .threadUser:
      #if os(Linux)
        return userSeconds(body)
      #else
        id = CLOCK_THREAD_CPUTIME_ID
      #endif
    case .wall: id = CLOCK_MONOTONIC
    }
    var start = timespec()
    var end = timespec()
    clock_gettime(id, &start)
    body()
    clock_gettime(id, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }

  #if os(Linux)
    private static func userSeconds(_ body: () -> Void) -> Double {
      // RUSAGE_THREAD (1): Glibc's module imports only the names of POSIX.
      let thread = __rusage_who_t(1)
      var start = rusage()
      var end = rusage()
      getrusage(thread, &start)
      body()
      getrusage(thread, &end)
      func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
      return seconds(end.ru_utime) - seconds(start.ru_utime)
    }
  #endif
}
