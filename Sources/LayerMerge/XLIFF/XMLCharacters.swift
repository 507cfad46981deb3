/// XML 1.0 (fifth edition)'s character classes: which characters a document may hold, and which
/// may start or continue a name.
enum XMLCharacters {
  /// Whether XML 1.0 allows the character anywhere (`Char`): tab, line feed, carriage return and
  /// everything from U+0020 but surrogates, U+FFFE and U+FFFF.
  @inline(__always)
  static func isAllowed(_ scalar: UInt32) -> Bool {
    if scalar >= 0x20 {
      return scalar < 0xD800 || (scalar >= 0xE000 && scalar <= 0xFFFD) || (scalar >= 0x10000 && scalar <= 0x10FFFF)
    }
    return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D
  }

  /// Whether a character may start a name (`NameStartChar`, the colon included).
  static func isNameStart(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return asciiNameStart[Int(scalar)] }
    switch scalar {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
      0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
      return true
    default:
      return false
    }
  }

  /// Whether a character may continue a name (`NameChar`).
  static func isName(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return asciiName[Int(scalar)] }
    if isNameStart(scalar) { return true }
    return scalar == 0xB7 || (scalar >= 0x300 && scalar <= 0x36F) || scalar == 0x203F || scalar == 0x2040
  }

  /// Whether the byte is XML white space (`S`).
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// `U+XXXX`, as messages name a character.
  static func describe(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  // MARK: - Private

  private static let asciiNameStart: [Bool] = (0..<128).map { byte in
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A
  }

  private static let asciiName: [Bool] = (0..<128).map { byte in
    asciiNameStart[byte] || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
  }
}
