#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The decoded text of a file, kept alive by the entries read from it.
///
/// Reading a file does not turn every key, value and comment into a `String`: an entry keeps a
/// span of this text and makes the `String` when someone asks for it. Merging and writing work
/// on the bytes directly, so most strings of a build are never made at all.
final class SourceText: Sendable {
  /// Keeps the fields below off the cache line of the reference count (stored properties are
  /// laid out in order, after the count). Every entry retains its file's text, and a build's
  /// targets retain their base's texts on every core at once: with `bytes` beside the count,
  /// each read of it by one core waited for the other core's retain (and two small texts side
  /// by side in memory stalled each other the same way, a 41 -> 36 ms merge).
  private let cacheLinePadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
    (0, 0, 0, 0, 0, 0, 0, 0)
  /// Valid UTF-8 (generalized UTF-8 when `containsSurrogates`).
  let bytes: [UInt8]
  let containsSurrogates: Bool
  /// Keeps them off the next object's reference count too.
  private let trailingPadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)

  init(bytes: [UInt8], containsSurrogates: Bool) {
    self.bytes = bytes
    self.containsSurrogates = containsSurrogates
  }

  /// Calls `body` with the bytes of `span`.
  @inline(__always)
  func withBytes<Result>(of span: ByteSpan, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try bytes.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[Int(span.start)..<Int(span.end)]))
    }
  }

  /// The `String` for `span`, made as reading it eagerly would have made it.
  func string(_ span: ByteSpan) -> String {
    withBytes(of: span) { GeneralizedUTF8.string($0, mayContainSurrogates: containsSurrogates) }
  }
}

/// A range of bytes in a ``SourceText``, in 32 bits a side to keep entries small (files of 4 GiB
/// and more are read eagerly instead).
struct ByteSpan: Hashable, Sendable {
  var start: UInt32
  var end: UInt32

  init(_ range: Range<Int>) {
    start = UInt32(truncatingIfNeeded: range.lowerBound)
    end = UInt32(truncatingIfNeeded: range.upperBound)
  }

  /// Texts shorter than this have offsets that fit in a span.
  static let addressableCount = Int(UInt32.max)

  /// Whether offsets of a text of `count` bytes fit in a span.
  static func canAddress(count: Int) -> Bool { count < addressableCount }
}

/// Whether two byte buffers hold the same bytes.
@inline(__always)
func bytesEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
  guard lhs.count == rhs.count else { return false }
  guard let left = UnsafeRawPointer(lhs.baseAddress), let right = UnsafeRawPointer(rhs.baseAddress) else { return true }
  let count = lhs.count
  // Names and keys are short: compared in place as two words that may overlap, not by a call to
  // memcmp (a fifth of the time spent matching names, most of it the call).
  if count >= 8 && count <= 16 {
    return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
      && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
  if count >= 4 && count < 8 {
    return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
      && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
  }
  return memcmp(left, right, count) == 0
}
