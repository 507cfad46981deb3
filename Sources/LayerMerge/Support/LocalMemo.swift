/// Values worked out once by key and kept, for one thread: a ``SharedMemo`` without its lock and
/// queue, which cost more than the look-ups it saved where a value is asked for per key of a
/// target's check.
final class LocalMemo<Value> {
  private var values: [String: Value] = [:]

  /// The value for `key`, made by `make` the first time.
  func value(_ key: String, _ make: () -> Value) -> Value {
    if let value = values[key] { return value }
    let value = make()
    values[key] = value
    return value
  }
}
