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
    String(decoding: serializedBytes(indent: indent), as: UTF8.self)
  }

  /// The JSON text as UTF-8 bytes (large audit documents are built this way, not by appending
  /// strings).
  public func serializedBytes(indent: Int? = nil) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
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

  private func write(to output: inout [UInt8], indent: Int?, level: Int) {
    switch self {
    case .string(let text): Self.writeString(text, to: &output)
    case .integer(let integer): output.append(contentsOf: String(integer).utf8)
    case .number(let number):
      let text =
        number.isFinite
        ? (number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)") : "null"
      output.append(contentsOf: text.utf8)
    case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
    case .null: output.append(contentsOf: "null".utf8)
    case .array(let elements):
      writeContainer(
        open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &output, indent: indent,
        level: level
      ) {
        index, output in
        elements[index].write(to: &output, indent: indent, level: level + 1)
      }
    case .object(let pairs):
      writeContainer(
        open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: pairs.count, to: &output, indent: indent, level: level
      ) {
        index, output in
        Self.writeString(pairs[index].0, to: &output)
        output.append(contentsOf: [UInt8(ascii: ":"), 0x20])
        pairs[index].1.write(to: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer(
    open: UInt8, close: UInt8, count: Int, to output: inout [UInt8], indent: Int?, level: Int,
    element: (Int, inout [UInt8]) -> Void
  ) {
    output.append(open)
    guard count > 0 else {
      output.append(close)
      return
    }
    for index in 0..<count {
      if index > 0 {
        output.append(UInt8(ascii: ","))
        if indent == nil { output.append(0x20) }
      }
      if let indent {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: indent * (level + 1)))
      }
      element(index, &output)
    }
    if let indent {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: indent * level))
    }
    output.append(close)
  }

  static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      // Runs of bytes that need no escape are copied whole: every byte but the ASCII controls,
      // `"`, `\\` and DEL, and the three bytes of U+2028 and U+2029 (E2 80 A8, E2 80 A9).
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escapedLength: Int
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
          escapedLength = 1
        } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
          escapedLength = 3
        } else {
          index += 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        let scalar = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + escapedLength)]), as: UTF8.self)
        writeEscaped(scalar, to: &output)
        index += escapedLength
        runStart = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The same, a scalar at a time: how each scalar is written (``writeString(_:to:)`` copies the
  /// runs this leaves alone).
  static func writeStringByScalars(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    writeEscaped(text, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  private static func writeEscaped(_ text: String, to output: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case "\\": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case "\n": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case "\r": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case "\t": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case "\u{08}": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case "\u{0C}": output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default:
        if scalar.isASCII {
          output.append(UInt8(scalar.value))
        } else {
          appendUTF8(scalar.value, to: &output)
        }
      }
    }
  }
}
