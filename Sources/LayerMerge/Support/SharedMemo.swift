import Dispatch

/// Values worked out once and handed to every thread that asks again, by key: what many merges
/// over the same layers would otherwise each work out for themselves.
final class SharedMemo<Value: Sendable>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "locmerge.shared-memo")
  private var values: [String: LazyValue<Value>] = [:]

  /// The value for `key`, made by `make` the first time. A thread that asks while another makes
  /// it waits for that one rather than making it again: the first merges of a build all ask for
  /// their shared base's values at once, and making each of them on every core would only slow
  /// every core down.
  func value(_ key: String, _ make: () -> Value) -> Value {
    let slot = queue.sync {
      if let slot = values[key] { return slot }
      let slot = LazyValue<Value>()
      values[key] = slot
      return slot
    }
    return slot.value(make)
  }

  /// How many keys have a value made or being made.
  var count: Int { queue.sync { values.count } }
}
