/// The forms by the identifier they are spelled with, looked up straight from the source bytes (no
/// string is made per identifier): a mask of the names' lengths for each first byte rejects most
/// identifiers at once (`self`, `some`, `view`… share no length with a name of their first letter),
/// a small hash table finds the rest.
struct FormNames: Sendable {
  private var buckets: [[(name: [UInt8], forms: [Int])]]
  /// By first byte, the lengths of the names that start with it (bit `n`: length `n`, 63 for more).
  private var lengths = [UInt64](repeating: 0, count: 256)
  private static let bucketCount = 128

  init(_ forms: [LookupForm]) {
    buckets = Array(repeating: [], count: FormNames.bucketCount)
    for (index, form) in forms.enumerated() where !form.name.isEmpty {
      let bucket = form.name.withUnsafeBufferPointer { FormNames.bucket(of: $0) }
      if let entry = buckets[bucket].firstIndex(where: { $0.name == form.name }) {
        buckets[bucket][entry].forms.append(index)
      } else {
        buckets[bucket].append((form.name, [index]))
      }
      lengths[Int(form.name[0])] |= FormNames.lengthBit(form.name.count)
    }
  }

  /// The indexes of the forms spelled as `identifier`, in order, or `nil`.
  @inline(__always)
  func forms(named identifier: UnsafeBufferPointer<UInt8>) -> [Int]? {
    guard !identifier.isEmpty, lengths[Int(identifier[0])] & FormNames.lengthBit(identifier.count) != 0 else {
      return nil
    }
    for entry in buckets[FormNames.bucket(of: identifier)] where entry.name.elementsEqual(identifier) {
      return entry.forms
    }
    return nil
  }

  // MARK: - Private

  @inline(__always)
  private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

  /// FNV-1a.
  @inline(__always)
  private static func bucket(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(bucketCount))
  }
}
