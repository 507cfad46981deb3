#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether the text's UTF-8 holds `byte`, with `memchr` on native strings: the checks ask this
  /// of every localization, and `utf8.contains` goes through the view's index one byte at a time.
  func containsUTF8Byte(_ byte: UInt8) -> Bool {
    utf8.withContiguousStorageIfAvailable { $0.containsByte(byte) } ?? utf8.contains(byte)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes hold `byte`, with `memchr`, which reads many bytes at once.
  func containsByte(_ byte: UInt8) -> Bool {
    guard let base = baseAddress, !isEmpty else { return false }
    return memchr(base, Int32(byte), count) != nil
  }
}

extension UInt64 {
  /// Eight bytes of text loaded at once: the high bit of each byte that equals `byte` (and maybe of
  /// a byte just above one that does: a hint to look at the eight one by one, never a miss).
  @inline(__always)
  func marks(of byte: UInt8) -> UInt64 {
    (self ^ (0x0101_0101_0101_0101 &* UInt64(byte))).marksBelow(1)
  }

  /// The same for bytes below `limit` (at most 0x80).
  @inline(__always)
  func marksBelow(_ limit: UInt8) -> UInt64 {
    (self &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~self & 0x8080_8080_8080_8080
  }
}
