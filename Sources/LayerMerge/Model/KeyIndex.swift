/// The hash index of a ``LocalizationTable``: from a key's UTF-8 bytes to the key's position.
///
/// Open addressing over positions, with each key's digest stored once. Lookups compare bytes, not
/// `String`s, so keys read from a file are indexed without being made into strings, and a merge
/// reuses the digests its input tables computed. Keys come from the project's own files, not from
/// an adversary, so a fixed hash function is fine.
struct KeyIndex: Sendable {
  /// The digest of the key at each position.
  private(set) var digests: [UInt64] = []
  /// Each slot: position + 1 of its key in the high 32 bits, the key digest's high 32 bits in the
  /// low ones (a probe rejects other keys without reading `digests`); 0 marks an empty slot.
  /// Never more than half full.
  private var slots: [UInt64] = []

  /// The digest of a key's UTF-8 bytes (``digest(_:)``).
  static func digest(of key: String) -> UInt64 {
    var key = key
    return key.withUTF8 { digest($0) }
  }

  /// The digest of a key's bytes: word-at-a-time FNV with a final mix, so that the low bits
  /// (which pick the slot) depend on every byte.
  static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var i = 0
    if let base = bytes.baseAddress {
      while i + 8 <= bytes.count {
        hash = (hash ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
        hash ^= hash >> 29
        i += 8
      }
    }
    while i < bytes.count {
      hash = (hash ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
      i += 1
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return hash
  }

  /// The position whose digest is `digest` and for which `matches` holds, if any.
  @inline(__always)
  func position(digest: UInt64, where matches: (Int) -> Bool) -> Int? {
    guard !slots.isEmpty else { return nil }
    let check = digest >> 32
    return slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: digest) & mask
      while true {
        let stored = slots[slot]
        if stored == 0 { return nil }
        if stored & 0xFFFF_FFFF == check {
          let position = Int(stored >> 32) - 1
          if digests[position] == digest && matches(position) { return position }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The position whose digest is `digest` and for which `matches` holds; if there is none,
  /// indexes the next position (`digests.count`) under `digest` and returns `nil`. One probe sequence
  /// for both the lookup and the insertion.
  @inline(__always)
  mutating func insertIfAbsent(digest: UInt64, where matches: (Int) -> Bool) -> Int? {
    if (digests.count + 1) * 2 > slots.count { grow(toHold: digests.count + 1) }
    let position = digests.count
    let check = digest >> 32
    let found = slots.withUnsafeMutableBufferPointer { slots -> Int? in
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: digest) & mask
      while true {
        let stored = slots[slot]
        if stored == 0 {
          slots[slot] = Self.slot(position: position, digest: digest)
          return nil
        }
        if stored & 0xFFFF_FFFF == check {
          let candidate = Int(stored >> 32) - 1
          if digests[candidate] == digest && matches(candidate) { return candidate }
        }
        slot = (slot + 1) & mask
      }
    }
    if found == nil { digests.append(digest) }
    return found
  }

  /// Makes room for `count` positions without rehashing.
  mutating func reserveCapacity(_ count: Int) {
    digests.reserveCapacity(count)
    if count * 2 > slots.count { grow(toHold: count) }
  }

  // MARK: - Private

  private mutating func grow(toHold count: Int) {
    var capacity = max(16, slots.count)
    while capacity < count * 2 { capacity *= 2 }
    slots = [UInt64](repeating: 0, count: capacity)
    for position in digests.indices { place(position: position) }
  }

  private mutating func place(position: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digests[position]) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = Self.slot(position: position, digest: digests[position])
  }

  private static func slot(position: Int, digest: UInt64) -> UInt64 {
    UInt64(truncatingIfNeeded: position + 1) << 32 | digest >> 32
  }
}
