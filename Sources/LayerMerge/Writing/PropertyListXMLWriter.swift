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
    data(dictionary: pairs, keysAreUnique: false, doublingLeadingByteOrderMark: doublingLeadingByteOrderMark)
  }

  /// Like ``data(dictionary:doublingLeadingByteOrderMark:)``, for callers whose root keys are
  /// already unique (a large table need not be checked again).
  package static func data(
    dictionary pairs: [(key: String, value: LocalizationValue)], keysAreUnique: Bool,
    doublingLeadingByteOrderMark: Bool = false
  ) -> [UInt8] {
    var writer = Writer(doublingBOM: doublingLeadingByteOrderMark)
    writer.output.reserveCapacity(256 + pairs.count * 64)
    writer.output.append(contentsOf: Self.prolog)
    writer.writeDictionary(pairs, level: 0, keysAreUnique: keysAreUnique)
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
    _ pairs: [(key: String, value: LocalizationValue)], level: Int, keysAreUnique: Bool = false
  ) {
    indent(level)
    guard !pairs.isEmpty else {
      append("<dict/>\n")
      return
    }
    append("<dict>\n")
    for (key, value) in (keysAreUnique ? pairs : pairs.lastOfEachKey(\.key)).sorted(by: { utf16Order($0.key, $1.key) })
    {
      indent(level + 1)
      append("<key>")
      appendEscaped(key)
      append("</key>\n")
      write(value, level: level + 1)
    }
    indent(level)
    append("</dict>\n")
  }

  mutating func write(_ value: LocalizationValue, level: Int) {
    switch value {
    case .string(let text):
      indent(level)
      append("<string>")
      appendEscaped(text)
      append("</string>\n")
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
      append(Base64.encode(bytes))
      append("\n")
      indent(level)
      append("</data>\n")
    case .integer(let integer):
      indent(level)
      append("<integer>\(integer)</integer>\n")
    case .real(let real):
      indent(level)
      append("<real>\(real)</real>\n")
    case .boolean(let flag):
      indent(level)
      append(flag ? "<true/>\n" : "<false/>\n")
    case .date(let text):
      indent(level)
      append("<date>\(text)</date>\n")
    }
  }

  mutating func indent(_ level: Int) {
    output.append(contentsOf: repeatElement(0x09, count: level))
  }

  mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  mutating func appendEscaped(_ text: String) {
    if doublingBOM && text.unicodeScalars.first == "\u{FEFF}" { append("\u{FEFF}") }
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) {
      output.append(contentsOf: text.utf8)
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case UInt8(ascii: "&"): append("&amp;")
      default: output.append(byte)
      }
    }
  }
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
