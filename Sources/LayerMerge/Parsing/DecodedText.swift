/// The text of a property-list file after Apple's encoding detection, as UTF-8 bytes.
///
/// CoreFoundation decodes to UTF-16 and keeps lone surrogates. To parse bytes rather than
/// characters we decode to UTF-8 instead, writing a lone surrogate as its three-byte generalized
/// UTF-8 form (`ED A0..BF xx`); string construction later pairs or replaces them exactly as
/// bridging a CFString to Swift does.
struct DecodedText {
  /// How the bytes were encoded.
  enum Encoding: String {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case utf32LittleEndian = "UTF-32LE"
    case utf32BigEndian = "UTF-32BE"
    /// BOM-less UTF-16: CoreFoundation guesses host byte order and drops the first two bytes.
    case utf16WithoutBOM = "UTF-16 without byte-order mark"
  }

  /// Why Apple's reader cannot decode the bytes.
  struct Failure: Error {
    var message: String
    /// Byte offset of the offending byte in the original file, if there is one.
    var byteOffset: Int?
  }

  var utf8: [UInt8]
  var encoding: Encoding
  /// Whether `utf8` contains generalized-UTF-8 surrogates that need pairing.
  var containsSurrogates: Bool
  /// Whether `utf8` is known to be valid (generalized) UTF-8. CF's XML parser reads raw bytes
  /// and only decodes character data, so a UTF-8 file is validated only if the old-style
  /// parser needs it (see ``validated()``).
  var isValidated: Bool

  /// The same text, checked to be valid UTF-8 (the old-style parser converts the whole file).
  func validated() throws(Failure) -> DecodedText {
    guard !isValidated else { return self }
    var copy = self
    if let invalid = Self.repairStrayA9(&copy.utf8) {
      throw Failure(
        message: "the file is not valid UTF-8 (byte 0x\(Self.hex(invalid.byte)) cannot start or continue a "
          + "character); save it as UTF-8",
        byteOffset: invalid.originalOffset + bomLength)
    }
    copy.isValidated = true
    return copy
  }

  /// A byte that makes text invalid UTF-8.
  struct InvalidByte: Equatable {
    var byte: UInt8
    /// Where it is in the bytes as they were before any repair.
    var originalOffset: Int
  }

  /// Validates UTF-8 as CF's converter does, which (observed, not documented) turns a stray 0xA9,
  /// and no other stray byte, into U+FFFD. Returns the first invalid byte, or `nil` when the
  /// bytes are valid after that repair.
  static func repairStrayA9(_ bytes: inout [UInt8]) -> InvalidByte? {
    var start = 0
    var repairs = 0
    while let offset = firstInvalidUTF8Offset(bytes, from: start) {
      // Each repair makes one byte three: later offsets move by two per repair before them.
      guard bytes[offset] == 0xA9 else { return InvalidByte(byte: bytes[offset], originalOffset: offset - 2 * repairs) }
      bytes.replaceSubrange(offset...offset, with: [0xEF, 0xBF, 0xBD])
      repairs += 1
      start = offset + 3
    }
    return nil
  }

  /// The text an XML prolog's `encoding="ISO-8859-1"` (or another single-byte Latin name) asks for.
  func reinterpretedAsLatin1() -> DecodedText {
    var output: [UInt8] = []
    output.reserveCapacity(utf8.count)
    for byte in utf8 { appendUTF8(UInt32(byte), to: &output) }
    return DecodedText(utf8: output, encoding: encoding, containsSurrogates: false, isValidated: true)
  }

  /// Bytes of byte-order mark removed from the front of a UTF-8 file.
  var bomLength = 0

  /// Decodes file bytes the way `CFPropertyListCreateWithData` does (FORMATS.md §1.2).
  /// - Parameter bytes: The file's bytes; must not be empty.
  static func decode(_ bytes: [UInt8]) throws(Failure) -> DecodedText {
    let count = bytes.count
    if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF] {
      throw Failure(
        message: "the file holds only a UTF-16 byte-order mark; Apple's reader rejects it and the app gets no "
          + "strings from it", byteOffset: nil)
    }
    func starts(with prefix: [UInt8]) -> Bool {
      count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
    }
    if count > 4 && starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      return try decodeUTF32(bytes, bigEndian: true)
    }
    if count > 4 && starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return try decodeUTF32(bytes, bigEndian: false)
    }
    if count > 3 && starts(with: [0xEF, 0xBB, 0xBF]) {
      return try decodeUTF8(bytes)
    }
    if count > 2 && starts(with: [0xFF, 0xFE]) {
      return try decodeUTF16(bytes, bigEndian: false, encoding: .utf16LittleEndian)
    }
    if count > 2 && starts(with: [0xFE, 0xFF]) {
      return try decodeUTF16(bytes, bigEndian: true, encoding: .utf16BigEndian)
    }
    if count > 2 && (bytes[0] == 0 || bytes[1] == 0) {
      return try decodeUTF16(bytes, bigEndian: false, encoding: .utf16WithoutBOM)
    }
    return try decodeUTF8(bytes)
  }

  // MARK: - Private

  private static func decodeUTF8(_ bytes: [UInt8]) throws(Failure) -> DecodedText {
    // CFString drops one leading U+FEFF.
    let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let body = hasBOM ? Array(bytes.dropFirst(3)) : bytes
    if body.isEmpty {
      throw Failure(
        message: "the file holds only a byte-order mark; Apple's reader rejects it (\"the string is empty\") "
          + "and the app gets no strings from it", byteOffset: nil)
    }
    return DecodedText(
      utf8: body, encoding: .utf8, containsSurrogates: false, isValidated: false, bomLength: hasBOM ? 3 : 0)
  }

  private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool, encoding: Encoding) throws(Failure)
    -> DecodedText
  {
    let unitCount = (bytes.count - 2) / 2
    guard unitCount > 0 else {
      if encoding == .utf16WithoutBOM {
        throw Failure(
          message: "the file looks like UTF-16 without a byte-order mark and is empty once Apple's reader "
            + "drops its first two bytes; save it as UTF-8", byteOffset: nil)
      }
      throw Failure(
        message: "the file has a UTF-16 byte-order mark but no complete character after it", byteOffset: nil)
    }
    var output: [UInt8] = []
    output.reserveCapacity(unitCount * 2)
    var surrogates = false
    var index = 0
    func unit(_ i: Int) -> UInt16 {
      let first = UInt16(bytes[2 + 2 * i])
      let second = UInt16(bytes[3 + 2 * i])
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    while index < unitCount {
      let u = unit(index)
      index += 1
      if u & 0xFC00 == 0xD800, index < unitCount, unit(index) & 0xFC00 == 0xDC00 {
        let low = unit(index)
        index += 1
        let scalar = 0x10000 + (UInt32(u & 0x3FF) << 10 | UInt32(low & 0x3FF))
        appendUTF8(scalar, to: &output)
      } else {
        if u & 0xF800 == 0xD800 { surrogates = true }
        appendUTF8(UInt32(u), to: &output)
      }
    }
    return DecodedText(utf8: output, encoding: encoding, containsSurrogates: surrogates, isValidated: true)
  }

  private static func decodeUTF32(_ bytes: [UInt8], bigEndian: Bool) throws(Failure) -> DecodedText {
    let unitCount = (bytes.count - 4) / 4
    guard unitCount > 0 else {
      throw Failure(
        message: "the file has a UTF-32 byte-order mark but no complete character after it", byteOffset: nil)
    }
    var output: [UInt8] = []
    output.reserveCapacity(unitCount)
    for index in 0..<unitCount {
      let base = 4 + 4 * index
      let b0 = UInt32(bytes[base])
      let b1 = UInt32(bytes[base + 1])
      let b2 = UInt32(bytes[base + 2])
      let b3 = UInt32(bytes[base + 3])
      let scalar = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
      guard scalar <= 0x10FFFF, scalar & 0xFFFF_F800 != 0xD800 else {
        throw Failure(
          message: "the UTF-32 file holds 0x\(String(scalar, radix: 16)), which is not a Unicode character",
          byteOffset: base)
      }
      appendUTF8(scalar, to: &output)
    }
    return DecodedText(
      utf8: output, encoding: bigEndian ? .utf32BigEndian : .utf32LittleEndian, containsSurrogates: false,
      isValidated: true)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}

/// Appends a code point as UTF-8; surrogate code points get their generalized three-byte form.
@inline(__always)
func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
  switch scalar {
  case 0..<0x80:
    output.append(UInt8(scalar))
  case 0x80..<0x800:
    output.append(UInt8(0xC0 | scalar >> 6))
    output.append(UInt8(0x80 | scalar & 0x3F))
  case 0x800..<0x10000:
    output.append(UInt8(0xE0 | scalar >> 12))
    output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
    output.append(UInt8(0x80 | scalar & 0x3F))
  default:
    output.append(UInt8(0xF0 | scalar >> 18))
    output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
    output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
    output.append(UInt8(0x80 | scalar & 0x3F))
  }
}

/// The offset of the first byte that makes `bytes` invalid UTF-8, or `nil` if it is valid.
func firstInvalidUTF8Offset(_ bytes: [UInt8], from start: Int = 0) -> Int? {
  bytes.withUnsafeBufferPointer { buffer -> Int? in
    guard let base = buffer.baseAddress else { return nil }
    let count = buffer.count
    var i = start
    @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
    while i < count {
      // Skip ASCII sixteen bytes at a time.
      while i + 16 <= count {
        let low = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(base + i + 8).loadUnaligned(as: UInt64.self)
        if (low | high) & 0x8080_8080_8080_8080 != 0 { break }
        i += 16
      }
      // Then one character at a time until the next ASCII byte, which is where text in another
      // script usually switches back (spaces, punctuation, quotes).
      while i < count {
        let lead = base[i]
        if lead < 0x80 {
          i += 1
          break
        }
        // Well-formed sequences per Unicode table 3-7: the lead fixes the length and the range
        // of the second byte; later bytes are plain continuations.
        if lead &- 0xC2 <= 0xDF - 0xC2 {
          guard i + 1 < count, isContinuation(base[i + 1]) else { return i }
          i += 2
        } else if lead & 0xF0 == 0xE0 {
          guard i + 2 < count else { return i }
          let second = base[i + 1]
          let secondOK =
            lead == 0xE0
            ? second >= 0xA0 && second <= 0xBF
            : lead == 0xED
              ? second >= 0x80 && second <= 0x9F
              : isContinuation(second)
          guard secondOK, isContinuation(base[i + 2]) else { return i }
          i += 3
        } else if lead &- 0xF0 <= 0xF4 - 0xF0 {
          guard i + 3 < count else { return i }
          let second = base[i + 1]
          let secondOK =
            lead == 0xF0
            ? second >= 0x90 && second <= 0xBF
            : lead == 0xF4
              ? second >= 0x80 && second <= 0x8F
              : isContinuation(second)
          guard secondOK, isContinuation(base[i + 2]), isContinuation(base[i + 3]) else { return i }
          i += 4
        } else {
          return i
        }
      }
    }
    return nil
  }
}
