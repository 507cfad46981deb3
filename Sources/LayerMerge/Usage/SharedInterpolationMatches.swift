/// What the interpolations of one table match in the targets whose tables of that name are the
/// same files (``ShippedTables/sharedKeysSignature(ofTable:)``): each worked out by the first target
/// that asks for it, kept for the others.
///
/// Only the interpolations some target asks for are matched: targets over one base match each
/// once for all of them, and targets with tables of their own (each signature its own) match only
/// their own, as without sharing. Matching every interpolation of the run for each signature made
/// a run's checks grow with the square of its targets.
final class SharedInterpolationMatches: @unchecked Sendable {
  private let lock = ThreadLock()
  private var matches: [ShippedTables.InterpolationMatch?]

  /// Room for the run's interpolations, by number.
  init(count: Int) {
    matches = Array(repeating: nil, count: count)
  }

  /// What the interpolation with this number matches, made by `make` the first time. Two threads
  /// that ask at once may both make it; they make the same (the lock is not held while matching).
  func match(_ number: Int, _ make: () -> ShippedTables.InterpolationMatch) -> ShippedTables.InterpolationMatch {
    if let known = lock.withLock({ matches[number] }) { return known }
    let made = make()
    lock.withLock { matches[number] = made }
    return made
  }
}
