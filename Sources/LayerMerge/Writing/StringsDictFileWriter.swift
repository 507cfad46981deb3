/// Writes a table as an XML property list the way CoreFoundation does (FORMATS.md §3.1):
/// the Apple DOCTYPE, one tab per level, keys sorted by UTF-16 code units at every level, only
/// `<`, `>` and `&` escaped.
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0">
///     <dict>
///     	<key>%d files</key>
///     	<dict>
///     	…
public enum StringsDictFileWriter {
  /// The bytes of the XML property list for a table.
  /// - Parameter table: The entries; comments are not written (CF's writer has none).
  /// - Returns: UTF-8 bytes ending in a line break.
  public static func data(for table: LocalizationTable) -> [UInt8] {
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    let pairs = table.entries.map { ($0.key, $0.value) }
    writeDictionary(pairs, to: &output, level: 0)
    output += "</plist>\n"
    return Array(output.utf8)
  }

  // MARK: - Private

  private static func writeDictionary(_ pairs: [(String, LocalizationValue)], to output: inout String, level: Int) {
    let indent = String(repeating: "\t", count: level)
    guard !pairs.isEmpty else {
      output += "\(indent)<dict/>\n"
      return
    }
    output += "\(indent)<dict>\n"
    for (key, value) in pairs.sorted(by: { utf16Precedes($0.0, $1.0) }) {
      output += "\(indent)\t<key>\(escaped(key))</key>\n"
      write(value, to: &output, level: level + 1)
    }
    output += "\(indent)</dict>\n"
  }

  private static func write(_ value: LocalizationValue, to output: inout String, level: Int) {
    let indent = String(repeating: "\t", count: level)
    switch value {
    case .string(let text): output += "\(indent)<string>\(escaped(text))</string>\n"
    case .dictionary(let dictionary):
      writeDictionary(dictionary.pairs.map { ($0.key, $0.value) }, to: &output, level: level)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "\(indent)<array/>\n"
        return
      }
      output += "\(indent)<array>\n"
      for element in elements { write(element, to: &output, level: level + 1) }
      output += "\(indent)</array>\n"
    case .data(let bytes): output += "\(indent)<data>\n\(indent)\(Base64.encode(bytes))\n\(indent)</data>\n"
    case .integer(let integer): output += "\(indent)<integer>\(integer)</integer>\n"
    case .real(let real): output += "\(indent)<real>\(real)</real>\n"
    case .boolean(let bool): output += "\(indent)<\(bool ? "true" : "false")/>\n"
    case .date(let text): output += "\(indent)<date>\(text)</date>\n"
    }
  }

  private static func escaped(_ text: String) -> String {
    // CF drops one leading U+FEFF when it reads character data, so a text that starts with one
    // needs a second.
    let prefix = text.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" : ""
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") })
    else { return prefix + text }
    var result = prefix
    for character in text.unicodeScalars {
      switch character {
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
