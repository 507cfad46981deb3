/// Turns byte offsets into 1-based lines and columns, cheaply for increasing offsets.
///
/// Line breaks are counted as CoreFoundation counts them: `\r\n` once, a lone `\r` or `\n` once.
/// Columns count Unicode scalars (continuation bytes are skipped).
struct LineLocator {
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  /// The position of `target` in `bytes`.
  mutating func position(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
    let target = min(target, bytes.count)
    if target < offset { self = LineLocator() }
    var i = offset
    while i < target {
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
    offset = target
    var column = 1
    var k = lineStart
    while k < target {
      if bytes[k] & 0xC0 != 0x80 { column += 1 }
      k += 1
    }
    return TextPosition(line: line, column: column)
  }
}
