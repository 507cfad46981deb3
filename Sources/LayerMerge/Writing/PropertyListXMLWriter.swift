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

  mutating func writeDictionary(_ pairs: [(key: String, value: LocalizationValue)], level: Int) {
    indent(level)
    guard !pairs.isEmpty else {
      append("<dict/>\n")
      return
    }
    append("<dict>\n")
    for (key, value) in lastOfEach(pairs).sorted(by: { utf16Precedes($0.key, $1.key) }) {
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

  func lastOfEach(_ pairs: [(key: String, value: LocalizationValue)]) -> [(key: String, value: LocalizationValue)] {
    var index: [[UInt8]: Int] = [:]
    var result: [(key: String, value: LocalizationValue)] = []
    result.reserveCapacity(pairs.count)
    for pair in pairs {
      let bytes = Array(pair.key.utf8)
      if let existing = index[bytes] {
        result[existing] = pair
      } else {
        index[bytes] = result.count
        result.append(pair)
      }
    }
    return result
  }

  mutating func indent(_ level: Int) {
    output.append(contentsOf: repeatElement(0x09, count: level))
  }

  mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  mutating func appendEscaped(_ text: String) {
    if doublingBOM && text.unicodeScalars.first == "\u{FEFF}" { append("\u{FEFF}") }
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
