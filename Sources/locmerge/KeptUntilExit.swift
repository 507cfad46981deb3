/// A value the process keeps until it exits instead of freeing it when its last use is done.
///
/// A merge's model is hundreds of thousands of small allocations; freeing them one by one takes
/// milliseconds on the way out (a tenth of a catalog merge), and the exit gives the memory back at
/// once. Only the last value kept stays: a caller that runs the tool many times in one process
/// (the tests) frees each earlier one.
enum KeptUntilExit {
  nonisolated(unsafe) private static var kept: Any?

  /// Keeps `value` until the process exits, or until the next call.
  static func keep(_ value: Any) {
    kept = value
  }
}
