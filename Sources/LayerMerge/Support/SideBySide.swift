import Dispatch

/// Runs two pieces of work at once, the first on this thread, and returns both results.
///
/// Also for two pieces that each spend part of their time on one core (reading a project's code
/// and its layers): each fills the other's gaps.
///
/// For a large piece of work inside a `concurrentPerform`: a nested one gets as many threads as
/// the outer one leaves it, which is often one, so it would run its iterations one after the
/// other. The second piece is offered to a thread of its own (a queue made here is served even
/// when the shared pool is busy); whoever comes first does it: that thread, or this one once the
/// first piece is done. Nothing that the second piece reads may be freed before this returns,
/// and it is not: a thread that comes later finds the work gone. Neither the work nor its result
/// stays referenced once this returns, so the caller owns what it gets back alone (a result
/// still referenced elsewhere would be copied at its first change).
package func sideBySide<First, Second: Sendable>(_ first: () -> First, _ second: @escaping @Sendable () -> Second)
  -> (First, Second)
{
  let handoff = Handoff(second)
  DispatchQueue(label: "locmerge.side-by-side").async { handoff.run() }
  let firstResult = first()
  return (firstResult, handoff.take())
}

/// Work that the first thread to come does, once.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
  private let lock = ThreadLock()
  private var work: (@Sendable () -> Value)?
  private var result: Value?

  init(_ work: @escaping @Sendable () -> Value) { self.work = work }

  /// Does the work and keeps its result, unless the work is taken.
  func run() {
    lock.withLock {
      guard let work else { return }
      self.work = nil
      result = work()
    }
  }

  /// The result, made here unless another thread made it (or is making it: then waits for it);
  /// the handoff keeps none.
  func take() -> Value {
    lock.withLock {
      if let work {
        self.work = nil
        return work()
      }
      // With the work gone and the lock held, `run()` has kept the result.
      defer { result = nil }
      return result.unsafelyUnwrapped
    }
  }
}
