/// A map from non-negative integers to integers, for the few positions a merge touches in a
/// table: open addressing with a multiplicative hash, which costs a fraction of `Dictionary`'s
/// seeded hashing per lookup.
struct IntMap: Sendable {
  /// Key + 1 in each slot; 0 marks an empty one. Never more than half full.
  private var keys: [Int] = []
  private var values: [Int] = []
  /// The number of keys.
  private(set) var count = 0

  /// A map with room for `count` keys before it grows.
  init(capacity count: Int = 0) {
    var capacity = 16
    while capacity < count * 2 { capacity *= 2 }
    if count > 0 {
      keys = Array(repeating: 0, count: capacity)
      values = Array(repeating: 0, count: capacity)
    }
  }

  /// The keys in no particular order.
  var unorderedKeys: [Int] { keys.compactMap { $0 == 0 ? nil : $0 - 1 } }

  /// The value for `key`, if any.
  subscript(key: Int) -> Int? {
    guard count > 0 else { return nil }
    let mask = keys.count - 1
    var slot = Self.slot(of: key, mask: mask)
    while true {
      let stored = keys[slot]
      if stored == 0 { return nil }
      if stored == key + 1 { return values[slot] }
      slot = (slot + 1) & mask
    }
  }

  /// Sets the value for `key`.
  mutating func set(_ value: Int, for key: Int) {
    precondition(key >= 0, "IntMap keys are non-negative")
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var slot = Self.slot(of: key, mask: mask)
    while keys[slot] != 0 && keys[slot] != key + 1 { slot = (slot + 1) & mask }
    if keys[slot] == 0 { count += 1 }
    keys[slot] = key + 1
    values[slot] = value
  }

  private static func slot(of key: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    let capacity = max(16, keys.count * 2)
    keys = Array(repeating: 0, count: capacity)
    values = Array(repeating: 0, count: capacity)
    let mask = capacity - 1
    for index in oldKeys.indices where oldKeys[index] != 0 {
      var slot = Self.slot(of: oldKeys[index] - 1, mask: mask)
      while keys[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = oldKeys[index]
      values[slot] = oldValues[index]
    }
  }
}
