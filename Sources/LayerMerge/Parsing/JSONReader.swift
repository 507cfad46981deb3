#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads JSON text into ``JSONNode``s that remember where every key and value stood.
///
/// String Catalogs, the project file and the destination's bookkeeping files are JSON. Their
/// diagnostics point at a line and column, their unknown fields are written back verbatim, and
/// the library does not link Foundation, so it reads JSON itself. The grammar is RFC 8259's, as
/// `JSONSerialization` accepts it: UTF-8 (a leading byte-order mark is skipped), no comments, one
/// trailing comma allowed before `]` or `}` (unless the caller refuses it), containers nested at
/// most ``maximumDepth`` deep.
public enum JSONReader {
  /// The deepest nesting of arrays and objects accepted; Foundation rejects deeper documents.
  public static let maximumDepth = 512

  /// Parses a whole document.
  /// - Parameters:
  ///   - bytes: The document's UTF-8 bytes.
  ///   - allowsTrailingCommas: Whether a comma may end an array or object, as Foundation allows
  ///     (and Xcode's catalogs may hold); a file people write, such as `locmerge.json`, is strict
  ///     RFC 8259 and says where the stray comma is.
  /// - Returns: The top-level value (any kind: callers check that it is the one they expect).
  /// - Throws: ``JSONSyntaxError`` at the first byte that breaks the grammar.
  public static func parse(_ bytes: [UInt8], allowsTrailingCommas: Bool = true) throws(JSONSyntaxError) -> JSONNode {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      var scanner = JSONScanner(buffer)
      scanner.allowsTrailingCommas = allowsTrailingCommas
      return try scanner.document()
    }
  }

  /// Parses a whole document as ``parse(_:allowsTrailingCommas:)`` does and records where each
  /// part stands, for ``TableEditor``.
  static func layout(of bytes: [UInt8]) throws(JSONSyntaxError) -> SyntaxLayout {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      var scanner = JSONScanner(buffer)
      scanner.layout = SyntaxLayout()
      _ = try scanner.document()
      return scanner.layout ?? SyntaxLayout()
    }
  }
}

/// A JSON value as it was read, with the position where it starts.
public struct JSONNode: Hashable, Sendable {
  /// The kinds of JSON values.
  public enum Value: Hashable, Sendable {
    /// An object; members keep their order, and a repeated key keeps every occurrence.
    case object([JSONMember])
    /// An array.
    case array([JSONNode])
    /// A string, unescaped.
    case string(String)
    /// A number, as the text it was written with (`1`, `-0.5`, `2e3`), so that it can be written back verbatim.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// The value.
  public var value: Value
  /// Where the value starts (its first character).
  public var position: TextPosition

  /// Creates a node.
  /// - Parameters:
  ///   - value: The value.
  ///   - position: Where it starts.
  public init(_ value: Value, at position: TextPosition) {
    self.value = value
    self.position = position
  }

  /// The members, if this is an object.
  public var members: [JSONMember]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The string, if this is a string.
  public var string: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// The Boolean, if this is `true` or `false`.
  public var bool: Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }

  /// The elements, if this is an array.
  public var elements: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The value of the last member named `key`, if this is an object that has one (JSON readers let the last win).
  public subscript(key: String) -> JSONNode? {
    members?.last { $0.key == key }?.value
  }

  /// What kind of value this is, for messages: "an object", "a string"…
  public var kindDescription: String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a Boolean"
    case .null: return "null"
    }
  }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The key, unescaped.
  public var key: String
  /// Where the key's opening quote stands.
  public var keyPosition: TextPosition
  /// The value.
  public var value: JSONNode

  /// Creates a member.
  public init(key: String, keyPosition: TextPosition, value: JSONNode) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}

/// Why a JSON document could not be read, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in plain words.
  public var message: String
  /// The line and column of the offending character.
  public var position: TextPosition
  /// The byte offset of the offending character.
  public var byteOffset: Int

  /// Creates an error.
  public init(_ message: String, at position: TextPosition, byteOffset: Int) {
    self.message = message
    self.position = position
    self.byteOffset = byteOffset
  }

  public var description: String { "\(position): \(message)" }
}

// MARK: - Scanner

/// The scanner behind ``JSONReader``; the String Catalog reader's direct path
/// (`StringCatalogDirectReader`) reads catalogs with it too, so both accept the same grammar.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  /// Lines are counted as whitespace is skipped: outside whitespace JSON has no line break
  /// (strings refuse control characters), so no byte is looked at twice for them.
  var line = 1
  var lineStart = 0
  /// The column at `columnOffset` on the current line: positions on one line cost one pass over it.
  var columnOffset = 0
  var column = 1
  var depth = 0
  /// Whether `[1,]` and `{"a": 1,}` are read (Foundation reads them).
  var allowsTrailingCommas = true
  /// Short names the catalog reader made (language codes, states), reused when the same bytes
  /// come again: a catalog repeats a few of them thousands of times.
  var madeNames: [String] = []
  /// Where each part stands, recorded by ``value()`` when this is not `nil` at the start.
  var layout: SyntaxLayout?

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func document() throws(JSONSyntaxError) -> JSONNode {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
    if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
      throw error("the text is UTF-16; JSON files here must be UTF-8")
    }
    skipWhitespace()
    guard offset < bytes.count else { throw error("the document is empty; expected a JSON value") }
    let node = try value()
    skipWhitespace()
    guard offset == bytes.count else { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
    return node
  }

  // MARK: Values

  mutating func value() throws(JSONSyntaxError) -> JSONNode {
    guard offset < bytes.count else { throw error("unexpected end of the file; expected a value") }
    let position = here()
    let start = offset
    let node: JSONNode
    switch bytes[offset] {
    case UInt8(ascii: "{"):
      layout?.events.append(.open(start..<start + 1, isDictionary: true))
      return JSONNode(try object(), at: position)
    case UInt8(ascii: "["):
      layout?.events.append(.open(start..<start + 1, isDictionary: false))
      return JSONNode(try array(), at: position)
    case UInt8(ascii: "\""):
      let text = try string()
      layout?.events.append(.leaf(start..<offset, .string(text)))
      return JSONNode(.string(text), at: position)
    case UInt8(ascii: "t"):
      try literal("true")
      node = JSONNode(.bool(true), at: position)
    case UInt8(ascii: "f"):
      try literal("false")
      node = JSONNode(.bool(false), at: position)
    case UInt8(ascii: "n"):
      try literal("null")
      node = JSONNode(.null, at: position)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      node = JSONNode(.number(try number()), at: position)
    default:
      throw error("unexpected \(describeCurrent()); expected a value")
    }
    layout?.events.append(.leaf(start..<offset, .other))
    return node
  }

  /// Steps over the `}` or `]` that ends the innermost container, recording where it stands.
  @inline(__always)
  mutating func closeContainer() {
    layout?.events.append(.close(offset..<offset + 1))
    offset += 1
    depth -= 1
  }

  mutating func object() throws(JSONSyntaxError) -> JSONNode.Value {
    try enterContainer()
    offset += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
      closeContainer()
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes, found \(describeCurrent())")
      }
      let keyPosition = here()
      let keyStart = offset
      let key = try string()
      layout?.events.append(.key(key, keyStart..<offset))
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw error("expected ':' after the key \(DisplayText.quoted(key)), found \(describeCurrent())")
      }
      offset += 1
      skipWhitespace()
      let member = try value()
      members.append(JSONMember(key: key, keyPosition: keyPosition, value: member))
      skipWhitespace()
      guard offset < bytes.count else { throw error("unexpected end of the file; expected ',' or '}'") }
      if bytes[offset] == UInt8(ascii: ",") {
        let comma = offset
        offset += 1
        // Foundation accepts a trailing comma.
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
          try endAfterTrailingComma(at: comma, closing: "}")
          closeContainer()
          return .object(members)
        }
        continue
      }
      guard bytes[offset] == UInt8(ascii: "}") else {
        throw error("expected ',' or '}' after the value of \(DisplayText.quoted(key)), found \(describeCurrent())")
      }
      closeContainer()
      return .object(members)
    }
  }

  mutating func array() throws(JSONSyntaxError) -> JSONNode.Value {
    try enterContainer()
    offset += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
      closeContainer()
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value())
      skipWhitespace()
      guard offset < bytes.count else { throw error("unexpected end of the file; expected ',' or ']'") }
      if bytes[offset] == UInt8(ascii: ",") {
        let comma = offset
        offset += 1
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
          try endAfterTrailingComma(at: comma, closing: "]")
          closeContainer()
          return .array(elements)
        }
        continue
      }
      guard bytes[offset] == UInt8(ascii: "]") else {
        throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
      }
      closeContainer()
      return .array(elements)
    }
  }

  /// Refuses a trailing comma, at the comma, unless trailing commas are allowed.
  mutating func endAfterTrailingComma(at comma: Int, closing: Character) throws(JSONSyntaxError) {
    guard !allowsTrailingCommas else { return }
    offset = comma
    throw error("a comma before '\(closing)' is not JSON; remove it")
  }

  mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONReader.maximumDepth {
      throw error("arrays and objects are nested more than \(JSONReader.maximumDepth) deep")
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    let matches =
      offset + count <= bytes.count
      && (0..<count).allSatisfy { bytes[offset + $0] == word.utf8Start[$0] }
    guard matches else { throw error("unexpected \(describeCurrent()); expected a value") }
    offset += count
  }

  mutating func number() throws(JSONSyntaxError) -> String {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the number") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) { throw error("a number must not start with a leading zero") }
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '.'") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    // Foundation refuses numbers a Double cannot hold.
    if let number = Double(text), number.isInfinite {
      offset = start
      throw error("the number \(text) is too large")
    }
    return text
  }

  /// A string at the opening quote; leaves the offset after the closing quote.
  mutating func string() throws(JSONSyntaxError) -> String {
    let open = offset
    offset += 1
    let start = offset
    // Fast path: no escape until the closing quote. Eight bytes at a time while none of them is
    // a quote, a backslash or a control character, noting whether any is not ASCII.
    var highBits: UInt64 = 0
    if let base = bytes.baseAddress {
      while offset + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
        guard !mayStopString(word) else { break }
        highBits |= word
        offset += 8
      }
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let text = try validated(start..<offset, isASCII: highBits & 0x8080_8080_8080_8080 == 0)
        offset += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error(controlCharacterMessage(byte)) }
      highBits |= UInt64(byte)
      offset += 1
    }
    guard offset < bytes.count else {
      offset = open
      throw error("this string has no closing quote")
    }
    var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        let text = try validated(decoded, startingAt: start)
        offset += 1
        return text
      case UInt8(ascii: "\\"):
        try escape(into: &decoded)
      case 0..<0x20:
        throw error(controlCharacterMessage(byte))
      default:
        decoded.append(byte)
        offset += 1
      }
    }
    offset = open
    throw error("this string has no closing quote")
  }

  /// One escape sequence at the backslash, appended as UTF-8.
  mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
    guard offset + 1 < bytes.count else {
      offset += 1
      throw error("unexpected end of the file in an escape sequence")
    }
    let letter = bytes[offset + 1]
    let simple: UInt8?
    switch letter {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      offset += 1
      throw error("invalid escape sequence '\\\(describeByte(letter))'")
    }
    if let simple {
      decoded.append(simple)
      offset += 2
      return
    }
    let escapeStart = offset
    let unit = try hexUnit()
    var scalar = UInt32(unit)
    if (0xD800...0xDBFF).contains(unit) {
      guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
      else {
        offset = escapeStart
        throw error("the escape \\u\(hex(unit)) is a high surrogate without the low surrogate that must follow it")
      }
      let low = try hexUnit()
      guard (0xDC00...0xDFFF).contains(low) else {
        offset = escapeStart
        throw error("the escape \\u\(hex(unit)) is a high surrogate followed by \\u\(hex(low)), not a low surrogate")
      }
      scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(unit) {
      offset = escapeStart
      throw error("the escape \\u\(hex(unit)) is a low surrogate without a high surrogate before it")
    }
    appendUTF8(scalar, to: &decoded)
  }

  /// `\uXXXX` at the backslash, as a UTF-16 code unit.
  mutating func hexUnit() throws(JSONSyntaxError) -> UInt16 {
    offset += 2
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
        throw error("expected four hexadecimal digits after \\u")
      }
      unit = unit << 4 | UInt16(digit)
      offset += 1
    }
    return unit
  }

  func validated(_ range: Range<Int>, isASCII: Bool = false) throws(JSONSyntaxError) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    var text = String(decoding: slice, as: UTF8.self)
    // String(validating:) is generic and not specialized here. String(decoding:) replaces what
    // is not UTF-8 with U+FFFD, which is not what stood there: the text is valid exactly when
    // its bytes are the slice's.
    if isASCII || text.withUTF8({ $0.count == slice.count && sameBytes($0, slice) }) { return text }
    var copy = self
    copy.offset = range.lowerBound + firstInvalidUTF8(slice)
    throw copy.error("the string is not valid UTF-8")
  }

  func validated(_ decoded: [UInt8], startingAt start: Int) throws(JSONSyntaxError) -> String {
    let valid = decoded.withUnsafeBufferPointer { firstInvalidUTF8($0) == $0.count }
    if valid { return String(decoding: decoded, as: UTF8.self) }
    // The escapes produced valid UTF-8, so the bad byte is a raw one: find it in the source.
    var copy = self
    copy.offset = start + firstInvalidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
    throw copy.error("the string is not valid UTF-8")
  }

  // MARK: Whitespace and positions

  /// Skips whitespace; most calls find none, and return without a call.
  @inline(__always)
  mutating func skipWhitespace() {
    if offset < bytes.count && bytes[offset] > 0x20 { return }
    skipWhitespaceRun()
  }

  mutating func skipWhitespaceRun() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20:
        offset += 1
        // Indentation: eight spaces at a time, and the spaces that start the last eight bytes
        // at once (the lowest byte of a little-endian load is the first).
        if let base = bytes.baseAddress {
          while offset + 8 <= bytes.count {
            let notSpaces =
              UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
              ^ 0x2020_2020_2020_2020
            guard notSpaces == 0 else {
              offset += notSpaces.trailingZeroBitCount / 8
              break
            }
            offset += 8
          }
        }
      case 0x09: offset += 1
      case 0x0A:
        // CR LF is one line break, as LineLocator counts it.
        if offset == 0 || bytes[offset - 1] != 0x0D { line += 1 }
        offset += 1
        lineStart = offset
      case 0x0D:
        line += 1
        offset += 1
        lineStart = offset
      default: return
      }
    }
  }

  /// The line and column of `offset`: columns count Unicode scalars, as LineLocator does.
  mutating func here() -> TextPosition {
    if columnOffset < lineStart {
      columnOffset = lineStart
      column = 1
    }
    var i = columnOffset
    // Eight ASCII bytes at a time are eight columns.
    if let base = bytes.baseAddress {
      while i + 8 <= offset {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        guard word & 0x8080_8080_8080_8080 == 0 else { break }
        column += 8
        i += 8
      }
    }
    while i < offset {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    columnOffset = offset
    return TextPosition(line: line, column: column)
  }

  func error(_ message: String) -> JSONSyntaxError {
    var locator = LineLocator()
    return JSONSyntaxError(message, at: locator.position(of: offset, in: bytes), byteOffset: offset)
  }

  func describeCurrent() -> String {
    guard offset < bytes.count else { return "end of the file" }
    return "'\(describeByte(bytes[offset]))'"
  }
}

private func describeByte(_ byte: UInt8) -> String {
  if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
  return "\\u{\(String(byte, radix: 16, uppercase: true))}"
}

private func controlCharacterMessage(_ byte: UInt8) -> String {
  "a control character (U+\(hex(UInt16(byte)))) must be escaped inside a string"
}

private func hex(_ unit: UInt16) -> String {
  let digits = String(unit, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}

/// Whether a string may end or need the slow path within these eight bytes: one of them is a
/// quote, a backslash or a control character (false positives are allowed, never misses).
@inline(__always)
private func mayStopString(_ word: UInt64) -> Bool {
  word.marks(of: UInt8(ascii: "\"")) | word.marks(of: UInt8(ascii: "\\")) | word.marksBelow(0x20) != 0
}

/// Whether two buffers of the same length hold the same bytes.
func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
  return memcmp(left, right, a.count) == 0
}

/// The offset of the first byte that makes `bytes` invalid UTF-8 (its count if there is none).
private func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  var iterator = bytes.makeIterator()
  var decoder = UTF8()
  var consumed = 0
  while true {
    let before = consumed
    switch decoder.decode(&iterator) {
    case .scalarValue(let scalar): consumed += UTF8.width(scalar)
    case .emptyInput: return bytes.count
    case .error: return before
    }
  }
}
