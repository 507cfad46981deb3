#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether the text's UTF-8 holds `byte`, with `memchr` on native strings: the checks ask this
  /// of every localization, and `utf8.contains` goes through the view's index one byte at a time.
  func containsUTF8Byte(_ byte: UInt8) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
      guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
      return memchr(base, Int32(byte), buffer.count) != nil
    }
    return found ?? utf8.contains(byte)
  }
}

extension String {
  /// Calls `body` with the text's UTF-8 bytes when they are stored contiguously (native strings);
  /// `nil` otherwise.
  @inline(__always)
  func withUTF8BytesIfContiguous<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    utf8.withContiguousStorageIfAvailable(body)
  }
}
