/// Turns byte offsets into 1-based lines and columns, cheaply for increasing offsets.
///
/// Line breaks are counted as CoreFoundation counts them: `\r\n` once, a lone `\r` or `\n` once.
/// Columns count Unicode scalars (continuation bytes are skipped).
struct LineLocator {
  private var offset = 0
  private var line = 1
  private var lineStart = 0
  /// The column at `offset`, so that many positions on one long line cost one pass over it.
  private var column = 1

  /// The position of `target` in `bytes`.
  mutating func position(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
    let target = min(target, bytes.count)
    if target < offset { self = LineLocator() }
    var i = offset
    while i < target {
      // Eight bytes at a time: past them while none is a CR or LF, else straight to the first one
      // (stepping a byte at a time up to it cost more than the skipping, on code's short lines).
      if i + 8 <= target, let base = bytes.baseAddress {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        let breaks = SWAR.matches(word, 0x0A) | SWAR.matches(word, 0x0D)
        if breaks == 0 {
          i += 8
          continue
        }
        i += breaks.trailingZeroBitCount / 8
      }
      let byte = bytes[i]
      if byte == 0x0A {
        if i == 0 || bytes[i - 1] != 0x0D { line += 1 }
        lineStart = i + 1
      } else if byte == 0x0D {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    // Count columns from where the last position left off when it was on this line.
    var k = offset >= lineStart ? offset : lineStart
    if offset < lineStart { column = 1 }
    while k < target {
      if bytes[k] & 0xC0 != 0x80 { column += 1 }
      k += 1
    }
    offset = target
    return TextPosition(line: line, column: column)
  }
}

/// Byte tests on eight bytes at once.
enum SWAR {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// A word whose high bit is set in the first byte of `word` (in memory order, on a
  /// little-endian machine) that equals `byte`, and perhaps in later bytes; zero when none does.
  /// Only the lowest set bit is exact: a borrow can mark a byte above a match.
  @inline(__always)
  static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highs
  }
}
