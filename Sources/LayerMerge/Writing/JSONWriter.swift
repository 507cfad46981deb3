/// A small deterministic JSON writer: keys in the order given, compact or indented output.
///
/// Used for `locmerge print --json`, provenance and audit documents. Foundation's encoder is not
/// used because its key order and escaping differ between platforms.
public enum JSONValue: Hashable, Sendable {
  /// A string.
  case string(String)
  /// An integer.
  case integer(Int)
  /// A number.
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// An array.
  case array([JSONValue])
  /// An object with keys in the given order.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

  /// The JSON text.
  /// - Parameter indent: Spaces per level, or `nil` for a single line.
  /// - Returns: The serialized value, without a trailing newline.
  public func serialized(indent: Int? = nil) -> String {
    var output = ""
    write(to: &output, indent: indent, level: 0)
    return output
  }

  /// Converts a localization value: dictionaries become objects, arrays arrays, data
  /// `{"data": "<base64>"}`, dates `{"date": "<ISO 8601>"}`.
  /// - Parameter value: The value to convert.
  public init(_ value: LocalizationValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .dictionary(let dictionary): self = .object(dictionary.pairs.map { ($0.key, JSONValue($0.value)) })
    case .array(let elements): self = .array(elements.map(JSONValue.init))
    case .data(let bytes): self = .object([("data", .string(Base64.encode(bytes)))])
    case .integer(let integer): self = .integer(Int(integer))
    case .real(let real): self = .number(real)
    case .boolean(let bool): self = .bool(bool)
    case .date(let text): self = .object([("date", .string(text))])
    }
  }

  // MARK: - Private

  private func write(to output: inout String, indent: Int?, level: Int) {
    switch self {
    case .string(let text): Self.writeString(text, to: &output)
    case .integer(let integer): output += String(integer)
    case .number(let number):
      output +=
        number.isFinite
        ? (number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)") : "null"
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    case .array(let elements):
      writeContainer(
        open: "[", close: "]", count: elements.count, to: &output, indent: indent, level: level
      ) { index, output in
        elements[index].write(to: &output, indent: indent, level: level + 1)
      }
    case .object(let pairs):
      writeContainer(
        open: "{", close: "}", count: pairs.count, to: &output, indent: indent, level: level
      ) { index, output in
        Self.writeString(pairs[index].0, to: &output)
        output += ": "
        pairs[index].1.write(to: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer(
    open: String, close: String, count: Int, to output: inout String, indent: Int?, level: Int,
    element: (Int, inout String) -> Void
  ) {
    output += open
    guard count > 0 else {
      output += close
      return
    }
    for index in 0..<count {
      if index > 0 { output += indent == nil ? ", " : "," }
      if let indent { output += "\n" + String(repeating: " ", count: indent * (level + 1)) }
      element(index, &output)
    }
    if let indent { output += "\n" + String(repeating: " ", count: indent * level) }
    output += close
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
