#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte classes the lexers share.
enum SourceBytes {
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let hash = UInt8(ascii: "#")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")

  /// Whether every byte of `bytes` is ASCII, read eight at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    var at = 0
    var high: UInt64 = 0
    while at + 8 <= bytes.count {
      high |= base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
      at += 8
    }
    while at < bytes.count {
      high |= UInt64(bytes[at])
      at += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// Where the line that `start` is on ends: the first line feed or carriage return at or after
  /// `start`, or the end. Two memchr passes read many bytes at once (a line comment was a loop
  /// over its every byte).
  static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress, start < bytes.count else { return max(start, bytes.count) }
    let lineFeedAt = memchr(base + start, Int32(lineFeed), bytes.count - start).map {
      UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
    }
    let end = lineFeedAt ?? bytes.count
    let carriageReturnAt = memchr(base + start, Int32(carriageReturn), end - start).map {
      UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
    }
    return carriageReturnAt ?? end
  }

  /// Bit flags per byte: see ``isIdentifierStart(_:)`` and the others. A table of 256 entries
  /// read through a pointer: an array checked its count at every byte of every identifier (a
  /// fifth of that loop's instructions). Made once, never freed, never written after.
  private nonisolated(unsafe) static let classes: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0..<256 {
      let b = UInt8(byte)
      var flags: UInt8 = 0
      // Letters, `_`, `$` and every byte of a non-ASCII character: Swift and clang accept most of
      // Unicode in identifiers, and nothing here depends on the rest.
      if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b >= 0x80 {
        flags |= identifierStart | identifierContinue
      }
      if b >= 0x30 && b <= 0x39 { flags |= identifierContinue | digit }
      if b == space || b == tab || b == 0x0B || b == 0x0C || b == 0 { flags |= horizontalSpace }
      if "=-+*/%<>&|^~".utf8.contains(b) { flags |= operatorCharacter }
      table[byte] = flags
    }
    return UnsafePointer(table)
  }()
  private static let identifierStart: UInt8 = 1
  private static let identifierContinue: UInt8 = 2
  private static let digit: UInt8 = 4
  private static let horizontalSpace: UInt8 = 8
  private static let operatorCharacter: UInt8 = 16

  @inline(__always) static func isIdentifierStart(_ b: UInt8) -> Bool { classes[Int(b)] & identifierStart != 0 }
  @inline(__always) static func isIdentifierContinue(_ b: UInt8) -> Bool {
    classes[Int(b)] & identifierContinue != 0
  }
  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { classes[Int(b)] & digit != 0 }
  /// Space, tab, vertical tab, form feed and NUL: whitespace that ends no line.
  @inline(__always) static func isHorizontalSpace(_ b: UInt8) -> Bool { classes[Int(b)] & horizontalSpace != 0 }
  @inline(__always) static func isLineBreak(_ b: UInt8) -> Bool { b == lineFeed || b == carriageReturn }
  /// Whether the byte can end a run of a literal's plain text: a quote, a backslash, a line break.
  /// Compared, not looked up: the table's lazy start was checked once per run of plain text, more
  /// than the run cost. Most bytes are above the quote, and the backslash is the only one of those.
  @inline(__always) static func isStringSpecial(_ b: UInt8) -> Bool {
    b > quote ? b == backslash : b == quote || b == lineFeed || b == carriageReturn
  }
  /// The characters of an operator other than `.`, `?` and `!`, which are tokens of their own here.
  @inline(__always) static func isOperatorCharacter(_ b: UInt8) -> Bool {
    classes[Int(b)] & operatorCharacter != 0
  }
}
