/// The pieces of Apple's old-style property-list syntax (`CFOldStylePList.c`) that the `.strings`
/// scanner and the `project.pbxproj` scanner share: which bytes make a bare string, and how a
/// backslash escape in a quoted string reads.
enum OldStyleSyntax {
  /// Whether a byte may stand in a string written without quotes: `[A-Za-z0-9_$/:.-]`.
  @inline(__always)
  static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// Whether U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR (whitespace to Apple's reader,
  /// and the end of a `//` comment) starts at `offset` of UTF-8 text.
  @inline(__always)
  static func isLineSeparator(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    offset + 2 < text.count && text[offset] == 0xE2 && text[offset + 1] == 0x80
      && (text[offset + 2] == 0xA8 || text[offset + 2] == 0xA9)
  }

  /// The value of a hex digit, or `nil`.
  static func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The control character a one-letter escape stands for (`\a \b \f \n \r \t \v`), or `nil`.
  static func controlEscape(_ letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "a"): return 0x07
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "v"): return 0x0B
    default: return nil
    }
  }

  /// Reads the rest of an octal escape, one to three digits in all (`first` is the first, `i`
  /// just past it), as Apple does: the byte's NeXTSTEP Latin character.
  static func octalEscape(first: UInt8, in text: UnsafeBufferPointer<UInt8>, at i: inout Int, end: Int) -> UInt32 {
    var value = Int(first - UInt8(ascii: "0"))
    for _ in 0..<2 {
      guard i < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[i]) else { break }
      value = (value << 3 + Int(text[i] - UInt8(ascii: "0"))) & 0xFF
      i += 1
    }
    return NextStepLatin.unicodeScalar(for: UInt8(value))
  }

  /// Reads the hex digits of a `\U` escape from `i` (at most four): the UTF-16 unit, and how many
  /// digits there were.
  static func unicodeEscape(in text: UnsafeBufferPointer<UInt8>, at i: inout Int, end: Int) -> (
    value: UInt32, digits: Int
  ) {
    var value: UInt32 = 0
    var digits = 0
    while digits < 4, i < end, let digit = hexDigitValue(text[i]) {
      value = value << 4 | UInt32(digit)
      digits += 1
      i += 1
    }
    return (value, digits)
  }
}
