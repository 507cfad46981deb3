import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` once for each of `0..<iterations`, several at once: on this thread and on one
/// helper thread per other core, each taking the next index when it is free.
///
/// For work that starts while other work holds the shared pool's threads (the other half of a
/// ``sideBySide(_:_:)``): a `concurrentPerform` started then ran on this thread alone until the
/// pool noticed the core set free, 10 ms and more of one idle core in `lint`'s scan. Each helper
/// here is a queue of its own, which is served at once; a core shared by three threads for a
/// moment costs less than a core left idle.
/// - Parameters:
///   - iterations: How many times to run `body`.
///   - body: Given the worker that runs it (`0..<workerCount(iterations:)`, `0` being this thread)
///     and the index.
package func performOnEveryCore(iterations: Int, _ body: @escaping @Sendable (_ worker: Int, _ index: Int) -> Void) {
  let indexes = NextIndex(below: iterations)
  let group = DispatchGroup()
  for worker in 1..<max(workerCount(iterations: iterations), 1) {
    group.enter()
    DispatchQueue(label: "locmerge.every-core").async {
      while let index = indexes.take() { body(worker, index) }
      group.leave()
    }
  }
  while let index = indexes.take() { body(0, index) }
  // A helper still at its last index, or not started yet (it will find none left). `body`
  // escapes: a helper's block is released after it leaves the group, when this may have returned.
  group.wait()
}

/// How many threads ``performOnEveryCore(iterations:_:)`` runs `iterations` on: one per online core
/// (not the cores this process may be limited to: a helper too many only waits its turn), at most
/// one per iteration.
package func workerCount(iterations: Int) -> Int {
  max(min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), iterations), 1)
}

/// The indexes below a bound, handed out once each, in order.
private final class NextIndex: @unchecked Sendable {
  private let lock = ThreadLock()
  private let bound: Int
  private var next = 0

  init(below bound: Int) { self.bound = bound }

  /// The next index, or `nil` once every index is taken.
  func take() -> Int? {
    lock.withLock {
      guard next < bound else { return nil }
      next += 1
      return next - 1
    }
  }
}
