/// CoreFoundation's XML property-list writer (`_CFGenerateXMLPropertyListToData`), byte for byte:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0">
///     <dict>
///     	<key>%d files</key>
///     	<dict>
///     	…
///     </dict>
///     </plist>
///
/// One tab per level, dictionary keys sorted by UTF-16 code units (`CFStringCompare`, so astral
/// characters come before U+E000–U+FFFF), only `<`, `>` and `&` escaped, `<dict/>` for an empty
/// dictionary, a line break at the end. `.stringsdict` files and the tables compiled from String
/// Catalogs are written with it.
public enum PropertyListXMLWriter {
  /// The bytes of a property list whose root is a dictionary.
  /// - Parameters:
  ///   - pairs: The root dictionary's entries, in any order (they are sorted); a repeated key keeps
  ///     its last value.
  ///   - doublingLeadingByteOrderMark: Write a second U+FEFF before text that starts with one. CF's
  ///     reader drops one leading U+FEFF, so this makes the text read back as it was; CF's writer
  ///     does not do it.
  /// - Returns: UTF-8 bytes ending in a line break.
  public static func data(
    dictionary pairs: [(key: String, value: LocalizationValue)], doublingLeadingByteOrderMark: Bool = false
  ) -> [UInt8] {
    var writer = Writer(doublingBOM: doublingLeadingByteOrderMark)
    writer.output.reserveCapacity(256 + pairs.count * 64)
    writer.output.append(contentsOf: Self.prolog)
    writer.writeDictionary(pairs, level: 0)
    writer.output.append(contentsOf: Array("</plist>\n".utf8))
    return writer.output
  }

  /// The bytes of a property list whose root dictionary holds strings, its keys unique and
  /// written in the order given: `order` lists the positions of `pairs` sorted as
  /// ``data(dictionary:doublingLeadingByteOrderMark:)`` sorts them.
  package static func data(strings pairs: [(key: String, value: String)], order: [Int]) -> [UInt8] {
    data(count: pairs.count, order: order) { writer, index in
      writer.writeKey(pairs[index].key, level: 1)
      writer.write(string: pairs[index].value, level: 1)
    }
  }

  /// The same for a root dictionary of any values.
  package static func data(dictionary pairs: [(key: String, value: LocalizationValue)], order: [Int]) -> [UInt8] {
    data(count: pairs.count, order: order) { writer, index in
      writer.writeKey(pairs[index].key, level: 1)
      writer.write(pairs[index].value, level: 1)
    }
  }

  /// Character data as the writer escapes it (`&`, `<`, `>`), for ``TableEditor``'s `<string>`s
  /// and `<key>`s.
  /// - Parameters:
  ///   - text: The text.
  ///   - doublingLeadingByteOrderMark: See ``data(dictionary:doublingLeadingByteOrderMark:)``.
  static func escaped(_ text: String, doublingLeadingByteOrderMark: Bool) -> [UInt8] {
    var writer = Writer(doublingBOM: doublingLeadingByteOrderMark)
    writer.appendEscaped(text)
    return writer.output
  }

  private static func data(count: Int, order: [Int], writePair: (inout Writer, Int) -> Void) -> [UInt8] {
    var writer = Writer(doublingBOM: false)
    writer.output.reserveCapacity(256 + count * 64)
    writer.output.append(contentsOf: Self.prolog)
    if count == 0 {
      writer.append("<dict/>\n")
    } else {
      writer.append("<dict>\n")
      for index in order { writePair(&writer, index) }
      writer.append("</dict>\n")
    }
    writer.output.append(contentsOf: Array("</plist>\n".utf8))
    return writer.output
  }

  private static let prolog = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)
}

// MARK: - Private

private struct Writer {
  let doublingBOM: Bool
  var output: [UInt8] = []

  init(doublingBOM: Bool) {
    self.doublingBOM = doublingBOM
  }

  mutating func writeDictionary(
    _ pairs: [(key: String, value: LocalizationValue)], level: Int
  ) {
    indent(level)
    guard !pairs.isEmpty else {
      append("<dict/>\n")
      return
    }
    append("<dict>\n")
    for (key, value) in pairs.lastOfEachKey(\.key).sorted(by: { utf16Order($0.key, $1.key) }) {
      writeKey(key, level: level + 1)
      write(value, level: level + 1)
    }
    indent(level)
    append("</dict>\n")
  }

  mutating func writeKey(_ key: String, level: Int) {
    indent(level)
    append("<key>")
    appendEscaped(key)
    append("</key>\n")
  }

  mutating func write(string text: String, level: Int) {
    indent(level)
    append("<string>")
    appendEscaped(text)
    append("</string>\n")
  }

  mutating func write(_ value: LocalizationValue, level: Int) {
    switch value {
    case .string(let text):
      write(string: text, level: level)
    case .dictionary(let dictionary):
      writeDictionary(dictionary.pairs, level: level)
    case .array(let elements):
      indent(level)
      guard !elements.isEmpty else {
        append("<array/>\n")
        return
      }
      append("<array>\n")
      for element in elements { write(element, level: level + 1) }
      indent(level)
      append("</array>\n")
    case .data(let bytes):
      indent(level)
      append("<data>\n")
      indent(level)
      appendText(Base64.encode(bytes))
      append("\n")
      indent(level)
      append("</data>\n")
    case .integer(let integer):
      indent(level)
      appendText("<integer>\(integer)</integer>\n")
    case .real(let real):
      indent(level)
      appendText("<real>\(real)</real>\n")
    case .boolean(let flag):
      indent(level)
      append(flag ? "<true/>\n" : "<false/>\n")
    case .date(let text):
      indent(level)
      appendText("<date>\(text)</date>\n")
    }
  }

  mutating func indent(_ level: Int) {
    for _ in 0..<level { output.append(0x09) }
  }

  /// Markup: copied as bytes (a `String`'s UTF-8 view is appended byte by byte).
  mutating func append(_ markup: StaticString) {
    markup.withUTF8Buffer { output.append(contentsOf: $0) }
  }

  mutating func appendText(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  mutating func appendEscaped(_ text: String) {
    if doublingBOM && text.unicodeScalars.first == "\u{FEFF}" { appendText("\u{FEFF}") }
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var start = 0
      var index = 0
      while index < bytes.count {
        // Eight bytes at a time while none of them needs escaping.
        if index + 8 <= bytes.count,
          !mayNeedXMLEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
          switch byte {
          case UInt8(ascii: "<"): append("&lt;")
          case UInt8(ascii: ">"): append("&gt;")
          default: append("&amp;")
          }
          start = index + 1
        }
        index += 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }
}

/// Whether one of eight bytes may be `<`, `>` or `&` (false positives are allowed, never misses).
@inline(__always)
private func mayNeedXMLEscape(_ word: UInt64) -> Bool {
  word.marks(of: UInt8(ascii: "<")) | word.marks(of: UInt8(ascii: ">")) | word.marks(of: UInt8(ascii: "&")) != 0
}

/// `CFStringCompare`'s order, UTF-16 code units, computed on the UTF-8 bytes: byte order is code
/// point order, which differs from UTF-16 order only where a character above U+FFFF (a surrogate
/// pair, D800–DFFF) meets one in U+E000–U+FFFF. Walking `utf16` views costs a transcoding per
/// character, and a large table sorts its keys a hundred thousand times.
func utf16Order(_ lhs: String, _ rhs: String) -> Bool {
  let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
    rhs.utf8.withContiguousStorageIfAvailable { right in utf16Order(left, right) }
  }
  if let result = fast ?? nil { return result }
  return lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
}

private func utf16Order(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
  let count = min(left.count, right.count)
  var index = 0
  while index < count && left[index] == right[index] { index += 1 }
  guard index < count else { return left.count < right.count }
  let a = left[index]
  let b = right[index]
  // Equal prefixes put both bytes at the same place in a character: two lead bytes here. A 4-byte
  // lead (F0–F4, astral) sorts before a 3-byte lead of U+E000–U+FFFF (EE, EF) in UTF-16.
  if a >= 0xEE && b >= 0xEE && (a >= 0xF0) != (b >= 0xF0) { return a >= 0xF0 }
  return a < b
}
