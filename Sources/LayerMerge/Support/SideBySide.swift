import Dispatch

/// Runs two pieces of work at once, the first on this thread, and returns both results.
///
/// For a large piece of work inside a `concurrentPerform`: a nested one gets as many threads as
/// the outer one leaves it, which is often one, so it would run its iterations one after the
/// other. The second piece is offered to a thread of its own (a queue made here is served even
/// when the shared pool is busy); whoever comes first does it: that thread, or this one once the
/// first piece is done. Nothing that the second piece reads may be freed before this returns,
/// and it is not: a thread that comes later finds the work taken.
func sideBySide<First, Second: Sendable>(_ first: () -> First, _ second: @escaping @Sendable () -> Second)
  -> (First, Second)
{
  let secondResult = LazyValue<Second>()
  DispatchQueue(label: "locmerge.side-by-side").async { _ = secondResult.value(second) }
  let firstResult = first()
  return (firstResult, secondResult.value(second))
}
