/// Helpers for the generalized UTF-8 that ``DecodedText`` produces: UTF-8 in which a UTF-16
/// surrogate code unit may appear on its own, in its three-byte form.
enum GeneralizedUTF8 {
  /// Makes a Swift string the way bridging a CFString does: adjacent high and low surrogates
  /// join into one character, a lone surrogate becomes U+FFFD.
  /// - Parameters:
  ///   - bytes: Generalized UTF-8.
  ///   - mayContainSurrogates: `false` when the caller knows there are none (the fast path).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, mayContainSurrogates: Bool) -> String {
    if !mayContainSurrogates {
      return String(decoding: bytes, as: UTF8.self)
    }
    var repaired: [UInt8] = []
    repaired.reserveCapacity(bytes.count)
    var i = 0
    let count = bytes.count
    while i < count {
      let byte = bytes[i]
      if byte == 0xED, i + 2 < count, bytes[i + 1] >= 0xA0 {
        let unit = surrogateUnit(bytes, at: i)
        if unit < 0xDC00, i + 5 < count, bytes[i + 3] == 0xED, bytes[i + 4] >= 0xB0 {
          let low = surrogateUnit(bytes, at: i + 3)
          let scalar = 0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(low & 0x3FF))
          appendUTF8(scalar, to: &repaired)
          i += 6
        } else {
          repaired.append(contentsOf: [0xEF, 0xBF, 0xBD])
          i += 3
        }
      } else {
        repaired.append(byte)
        i += 1
      }
    }
    return String(decoding: repaired, as: UTF8.self)
  }

  /// Makes a string from a byte array (see ``string(_:mayContainSurrogates:)-swift.type.method``).
  static func string(_ bytes: [UInt8], mayContainSurrogates: Bool) -> String {
    bytes.withUnsafeBufferPointer { string($0, mayContainSurrogates: mayContainSurrogates) }
  }

  /// The number of bytes in the character that starts with `lead`.
  @inline(__always)
  static func sequenceLength(lead: UInt8) -> Int {
    if lead < 0x80 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
  }

  /// Decodes the code point starting at `offset` (a surrogate comes back as itself).
  static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    let lead = bytes[offset]
    let length = sequenceLength(lead: lead)
    guard length > 1, offset + length <= bytes.count else { return UInt32(lead) }
    var value = UInt32(lead) & (0x7F >> UInt32(length))
    for k in 1..<length { value = value << 6 | UInt32(bytes[offset + k] & 0x3F) }
    return value
  }

  // MARK: - Private

  private static func surrogateUnit(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt16 {
    UInt16(bytes[i] & 0x0F) << 12 | UInt16(bytes[i + 1] & 0x3F) << 6 | UInt16(bytes[i + 2] & 0x3F)
  }
}
