import Dispatch

/// Values worked out once and handed to every thread that asks again, by key: what many merges
/// over the same layers would otherwise each work out for themselves.
final class SharedMemo<Value: Sendable>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "locmerge.shared-memo")
  private var values: [String: Value] = [:]

  /// The value for `key`, made by `make` the first time.
  func value(_ key: String, _ make: () -> Value) -> Value {
    if let known = queue.sync(execute: { values[key] }) { return known }
    // Made outside the lock: two threads may both make it once, but neither waits for the other.
    let made = make()
    queue.sync { values[key] = made }
    return made
  }
}
