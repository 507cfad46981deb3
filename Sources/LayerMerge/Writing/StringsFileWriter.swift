/// Writes a table as a `.strings` file in Xcode's layout, UTF-8 without a byte-order mark:
///
///     /* Title of the login screen */
///     "login.title" = "Sign in";
///
///     "greeting" = "Hello, \"friend\"";
///
/// Escaping follows FORMATS.md §2.2: only `\\`, `\"`, `\n`, `\r`, `\t` and `\UXXXX` for other
/// control characters, never `\f`, `\v` or octal, so both Apple parsers read the value back.
public enum StringsFileWriter {
  /// The bytes of the file for a table. Output is deterministic: the same table gives the same bytes.
  /// - Parameter table: The entries to write, in order.
  /// - Returns: UTF-8 bytes ending in a line break; never empty.
  public static func data(for table: LocalizationTable) -> [UInt8] {
    var output = ""
    output.reserveCapacity(table.count * 64)
    for (index, entry) in table.entries.enumerated() {
      if index > 0 { output += "\n" }
      if let comment = entry.comment, !comment.isEmpty { writeComment(comment, to: &output) }
      writeQuoted(entry.key, to: &output)
      output += " = "
      writeValue(entry.value, to: &output)
      output += ";\n"
    }
    if table.isEmpty {
      // A 0-byte file is an error at run time; a comment is an empty table.
      output = "/* No entries. */\n"
    }
    return Array(output.utf8)
  }

  // MARK: - Private

  /// Writes a comment above an entry. `*/` cannot appear in a block comment, so such a comment
  /// is written as `//` lines instead.
  private static func writeComment(_ comment: String, to output: inout String) {
    if !comment.contains("*/") {
      output += "/* \(comment) */\n"
      return
    }
    let lines = comment.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
    for line in lines { output += "// \(line)\n" }
  }

  private static func writeValue(_ value: LocalizationValue, to output: inout String) {
    switch value {
    case .string(let text): writeQuoted(text, to: &output)
    case .dictionary(let dictionary):
      output += "{ "
      for (key, element) in dictionary.pairs {
        writeQuoted(key, to: &output)
        output += " = "
        writeValue(element, to: &output)
        output += "; "
      }
      output += "}"
    case .array(let elements):
      output += "("
      for (index, element) in elements.enumerated() {
        output += index == 0 ? " " : ", "
        writeValue(element, to: &output)
      }
      output += elements.isEmpty ? ")" : " )"
    case .data(let bytes):
      output += "<"
      for byte in bytes {
        output += byte < 0x10 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
      }
      output += ">"
    case .integer(let integer): writeQuoted(String(integer), to: &output)
    case .real(let real): writeQuoted(String(real), to: &output)
    case .boolean(let bool): writeQuoted(bool ? "YES" : "NO", to: &output)
    case .date(let text): writeQuoted(text, to: &output)
    }
  }

  /// Writes a double-quoted string with the escapes of FORMATS.md §2.2.
  static func writeQuoted(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": output += "\\\\"
      case "\"": output += "\\\""
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
