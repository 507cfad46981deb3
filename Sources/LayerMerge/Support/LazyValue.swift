/// A value made the first time it is asked for and kept, for values that may be asked for from
/// several threads at once: the first caller makes it while the others wait.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
  private let lock = ThreadLock()
  private var stored: Value?
  /// Whether the value was discarded: its last use is over.
  private var isDiscarded = false

  init() {}

  /// Whether the value was made.
  var isMade: Bool { lock.withLock { stored != nil } }

  /// Forgets the value, once no caller needs it any more (a later ``value(_:)`` would make it
  /// again; ``prepare(_:)`` would not).
  func discard() {
    lock.withLock {
      stored = nil
      isDiscarded = true
    }
  }

  /// Makes the value ahead of its use, unless it is made already or its use is over: a
  /// preparation that comes late must not make it again and hold it to the end.
  /// - Returns: Whether this call made it.
  @discardableResult
  func prepare(_ make: () -> Value) -> Bool {
    lock.withLock {
      guard stored == nil, !isDiscarded else { return false }
      stored = make()
      return true
    }
  }

  /// The value, made by `make` on the first call.
  func value(_ make: () -> Value) -> Value {
    lock.withLock {
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}
