/// The text of an XML document as UTF-8, from the bytes a translation tool wrote.
///
/// XML 1.0 appendix F: a byte-order mark decides (UTF-8, UTF-16 little or big endian); without
/// one, `<?` in UTF-16 says UTF-16, and anything else is read as the encoding the declaration
/// names. UTF-8 (and its subset US-ASCII) and UTF-16 are what XLIFF tools write; ISO-8859-1 is
/// read too, since converting it cannot fail. Any other declared encoding, UTF-32 and EBCDIC are
/// refused with what to do, rather than guessed.
struct XMLTextDecoding {
  /// Why the bytes are not text the reader accepts.
  struct Failure: Error {
    var message: String
    /// Where, in the text decoded so far.
    var position: TextPosition?
  }

  /// How the file was encoded.
  enum Encoding: String {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case latin1 = "ISO-8859-1"
  }

  /// The document as valid UTF-8, without its byte-order mark.
  var utf8: [UInt8]
  /// The encoding it was read in.
  var encoding: Encoding

  /// Decodes a document.
  /// - Parameter bytes: The file's bytes.
  init(_ bytes: [UInt8]) throws(Failure) {
    func starts(with prefix: [UInt8]) -> Bool {
      bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
    }
    if starts(with: [0x00, 0x00, 0xFE, 0xFF]) || starts(with: [0xFF, 0xFE, 0x00, 0x00])
      || starts(with: [0x00, 0x00, 0x00, 0x3C]) || starts(with: [0x3C, 0x00, 0x00, 0x00])
    {
      throw Failure(message: "the file is UTF-32; save it as UTF-8 or UTF-16", position: nil)
    }
    if starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
      throw Failure(message: "the file is EBCDIC; save it as UTF-8 or UTF-16", position: nil)
    }
    let littleEndian = starts(with: [0xFF, 0xFE]) || starts(with: [0x3C, 0x00, 0x3F, 0x00])
    if littleEndian || starts(with: [0xFE, 0xFF]) || starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
      let hasBOM = starts(with: [0xFF, 0xFE]) || starts(with: [0xFE, 0xFF])
      utf8 = try Self.utf16(bytes, from: hasBOM ? 2 : 0, bigEndian: !littleEndian)
      encoding = littleEndian ? .utf16LittleEndian : .utf16BigEndian
      // The byte-order mark (or `<?` in UTF-16) decides, but a name no reader knows is an error
      // (as libxml2 finds it); a declared UTF-8 is read as libxml2 reads it, as UTF-16.
      if let declared = Self.declaredEncoding(utf8),
        !["UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "UCS-2", "ISO-10646-UCS-2", "UTF-8", "UTF8"].contains(
          declared.uppercased())
      {
        throw Self.refusal("is UTF-16 but declares the encoding \(declared)")
      }
    } else {
      let hasBOM = starts(with: [0xEF, 0xBB, 0xBF])
      let body = hasBOM ? Array(bytes[3...]) : bytes
      let declared = Self.declaredEncoding(body)
      let name = declared?.uppercased() ?? "UTF-8"
      if name == "UTF-8" || name == "UTF8" {
        (utf8, encoding) = (try Self.validatedUTF8(body), .utf8)
      } else if hasBOM {
        throw Self.refusal("has a UTF-8 byte-order mark but declares \(declared ?? name)")
      } else if name == "US-ASCII" || name == "ASCII" {
        if let offset = body.firstIndex(where: { $0 >= 0x80 }) {
          throw Failure(
            message:
              "the file declares US-ASCII but holds the byte 0x\(String(body[offset], radix: 16, uppercase: true)); "
              + "declare encoding=\"UTF-8\" if it is UTF-8",
            position: Self.position(of: offset, in: body))
        }
        (utf8, encoding) = (body, .utf8)
      } else if ["ISO-8859-1", "ISO_8859-1", "LATIN1", "ISO-LATIN-1", "L1"].contains(name) {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        for byte in body { appendUTF8(UInt32(byte), to: &output) }
        (utf8, encoding) = (output, .latin1)
      } else if name.hasPrefix("UTF-16") || name.hasPrefix("UTF16") || name.hasPrefix("UCS-2") {
        throw Self.refusal(
          "declares \(declared ?? name) but is not UTF-16 (it has no byte-order mark and starts in 8 bits)")
      } else {
        throw Self.refusal("declares the encoding \(declared ?? name)")
      }
    }
  }

  // MARK: - Private

  private static func refusal(_ reason: String) -> Failure {
    Failure(
      message: "the file \(reason); locmerge reads XLIFF in UTF-8 or UTF-16: save it as UTF-8",
      position: TextPosition(line: 1, column: 1))
  }

  /// Checks UTF-8, naming the first byte that is not.
  private static func validatedUTF8(_ body: [UInt8]) throws(Failure) -> [UInt8] {
    guard let offset = firstInvalidUTF8Offset(body) else { return body }
    let hint =
      body.contains(0)
      ? " (the file holds NUL bytes: it may be UTF-16 without a byte-order mark; save it with one)" : ""
    throw Failure(
      message: "the file is not valid UTF-8: the byte 0x\(String(body[offset], radix: 16, uppercase: true)) cannot "
        + "start or continue a character\(hint)",
      position: position(of: offset, in: body))
  }

  /// Converts UTF-16 to UTF-8, refusing a lone surrogate and an odd byte at the end.
  private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(Failure) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count - start)
    let units = (bytes.count - start) / 2
    @inline(__always) func unit(_ index: Int) -> UInt32 {
      let first = UInt32(bytes[start + 2 * index])
      let second = UInt32(bytes[start + 2 * index + 1])
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    var index = 0
    while index < units {
      let value = unit(index)
      index += 1
      if value & 0xF800 != 0xD800 {
        appendUTF8(value, to: &output)
        continue
      }
      guard value < 0xDC00, index < units, unit(index) & 0xFC00 == 0xDC00 else {
        throw Failure(
          message: "the UTF-16 text holds a lone surrogate (\(XMLCharacters.describe(value))), which is no character",
          position: position(of: output.count, in: output))
      }
      appendUTF8(0x10000 + ((value & 0x3FF) << 10 | (unit(index) & 0x3FF)), to: &output)
      index += 1
    }
    if (bytes.count - start) % 2 != 0 {
      throw Failure(
        message: "the UTF-16 file ends in the middle of a character (an odd number of bytes): it is cut short",
        position: position(of: output.count, in: output))
    }
    return output
  }

  /// The `encoding` of an `<?xml …?>` declaration at the start of 8-bit text, as written.
  private static func declaredEncoding(_ body: [UInt8]) -> String? {
    guard body.starts(with: Array("<?xml".utf8)), body.count > 5, XMLCharacters.isSpace(body[5]) else { return nil }
    var end = 5
    while end + 1 < body.count, !(body[end] == UInt8(ascii: "?") && body[end + 1] == UInt8(ascii: ">")) { end += 1 }
    let declaration = body[5..<end]
    let name = Array("encoding".utf8)
    var index = declaration.startIndex
    while index + name.count <= declaration.endIndex {
      if declaration[index..<(index + name.count)].elementsEqual(name) {
        var cursor = index + name.count
        while cursor < declaration.endIndex, XMLCharacters.isSpace(declaration[cursor]) { cursor += 1 }
        guard cursor < declaration.endIndex, declaration[cursor] == UInt8(ascii: "=") else { return nil }
        cursor += 1
        while cursor < declaration.endIndex, XMLCharacters.isSpace(declaration[cursor]) { cursor += 1 }
        guard cursor < declaration.endIndex else { return nil }
        let quote = declaration[cursor]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let valueStart = cursor + 1
        guard let valueEnd = declaration[valueStart...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[valueStart..<valueEnd], as: UTF8.self)
      }
      index += 1
    }
    return nil
  }

  /// The line and column of a byte offset in UTF-8 text.
  private static func position(of offset: Int, in text: [UInt8]) -> TextPosition {
    var locator = LineLocator()
    return text.withUnsafeBufferPointer { locator.position(of: offset, in: $0) }
  }
}
