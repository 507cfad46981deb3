/// A reader for XML property lists that keeps key order and where each top-level key starts.
///
/// Sample input, a `.stringsdict` file:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0">
///     <dict>
///         <key>%d files</key>
///         <dict>
///             <key>NSStringLocalizedFormatKey</key>
///             <string>%#@files@</string>
///             …
///
/// Foundation's parser returns an unordered dictionary without positions, so we read the XML
/// ourselves; tests compare every value with Foundation's.
struct XMLPropertyListParser {
  /// A malformed document.
  struct SyntaxError: Error {
    var message: String
    var offset: Int
  }

  /// A top-level dictionary key with its value and position.
  struct RawEntry {
    var key: String
    var value: LocalizationValue
    var keyOffset: Int
    var comment: String?
  }

  /// What the document holds.
  enum Outcome {
    /// A dictionary, with positions of its keys.
    case dictionary([RawEntry])
    /// Any other top-level object.
    case other(LocalizationValue)
  }

  /// CF's limit on nested arrays and dictionaries.
  static let maximumDepth = 512

  private let text: UnsafeBufferPointer<UInt8>
  private let end: Int
  private var cur = 0
  private let containsSurrogates: Bool
  private var lastComment: String?
  /// Why the document type declaration is malformed, found while skipping it.
  private var documentTypeError: SyntaxError?
  /// Whether the parser is still before the root element.
  private var inProlog = true
  /// Where each part stands, recorded when this is not `nil` at the start (for an editor).
  var layout: SyntaxLayout?

  /// Whether text could be an XML document (it starts with a tag, a declaration or a processing
  /// instruction), so that CF's XML parser gets the first try.
  static func looksLikeXML(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 }
    guard i + 1 < text.count, text[i] == UInt8(ascii: "<") else { return false }
    let next = text[i + 1]
    return next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A)
  }

  /// The encoding named by an `<?xml … encoding="…"?>` declaration at the start, if any.
  static func declaredEncoding(_ text: UnsafeBufferPointer<UInt8>) -> String? {
    let prefix = Array("<?xml".utf8)
    guard text.count > prefix.count, zip(text, prefix).allSatisfy({ $0 == $1 }) else { return nil }
    var end = 0
    while end + 1 < text.count, !(text[end] == UInt8(ascii: "?") && text[end + 1] == UInt8(ascii: ">")) { end += 1 }
    let declaration = Array(text[0..<end])
    let attribute = Array("encoding=".utf8)
    guard
      let found = (0...max(0, declaration.count - attribute.count)).first(where: {
        declaration.count >= attribute.count && Array(declaration[$0..<($0 + attribute.count)]) == attribute
      })
    else { return nil }
    let quoteOffset = found + attribute.count
    guard quoteOffset < text.count, text[quoteOffset] == UInt8(ascii: "\"") || text[quoteOffset] == UInt8(ascii: "'")
    else { return nil }
    // The value runs to the matching quote, even past "?>", as CF reads it.
    let value = text[(quoteOffset + 1)...].prefix { $0 != text[quoteOffset] }
    return String(decoding: value, as: UTF8.self)
  }

  /// Whether text unmistakably means to be XML (`<?`, `<!` or `<plist`), so its XML error is the one to show.
  static func declaresXML(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 }
    for prefix in ["<?", "<!", "<plist"] {
      let bytes = Array(prefix.utf8)
      if i + bytes.count <= text.count, zip(text[i...], bytes).allSatisfy({ $0 == $1 }) { return true }
    }
    return false
  }

  /// Creates a parser over decoded text.
  init(text: UnsafeBufferPointer<UInt8>, containsSurrogates: Bool) {
    self.text = text
    self.end = text.count
    self.containsSurrogates = containsSurrogates
  }

  /// Parses the whole document.
  mutating func parseDocument() throws(SyntaxError) -> Outcome {
    skipMisc()
    if let documentTypeError { throw documentTypeError }
    // A document type declaration belongs before the root element; CF rejects one anywhere else.
    inProlog = false
    guard cur < end else { throw SyntaxError(message: "the XML document has no property list", offset: cur) }
    var outcome: Outcome
    let plistStart = cur
    if startsWith("<plist"), try readStartTag().0 == "plist" {
      cur = plistStart
      let (_, selfClosing) = try readStartTag()
      if selfClosing {
        throw SyntaxError(message: "the <plist/> element is empty", offset: plistStart)
      } else {
        skipMisc()
        // CF finds no object in an empty <plist></plist> and rejects the file.
        if startsWith("</plist") {
          throw SyntaxError(message: "the <plist> element holds no value", offset: plistStart)
        }
        outcome = try parseTopValue()
        skipMisc()
        try expectEndTag("plist")
      }
    } else {
      cur = plistStart
      outcome = try parseTopValue()
    }
    // CF ignores whatever follows the root element.
    return outcome
  }

  // MARK: - Private

  private mutating func parseTopValue() throws(SyntaxError) -> Outcome {
    if startsWith("<dict") {
      let start = cur
      let (name, selfClosing) = try readStartTag()
      if name == "dict" {
        layout?.events.append(
          selfClosing ? .leaf(start..<cur, .emptyDictionary) : .open(start..<cur, isDictionary: true))
        return .dictionary(selfClosing ? [] : try parseDictionaryBody())
      }
      cur = start
    }
    return .other(try parseValue(openContainers: 0))
  }

  /// The entries of the top-level dictionary, with where each key starts and the comment above it.
  private mutating func parseDictionaryBody() throws(SyntaxError) -> [RawEntry] {
    var entries: [RawEntry] = []
    while true {
      lastComment = nil
      skipMisc()
      if startsWith("</dict") {
        try closeContainer("dict")
        return entries
      }
      let keyOffset = cur
      let comment = lastComment
      let key = try parseKey()
      layout?.events.append(.key(key, keyOffset..<cur))
      skipMisc()
      if startsWith("</dict") {
        throw SyntaxError(message: "the key \(quoted(key)) has no value", offset: keyOffset)
      }
      let value = try parseValue(openContainers: 1)
      entries.append(RawEntry(key: key, value: value, keyOffset: keyOffset, comment: comment))
    }
  }

  /// An array or dictionary whose elements are being read. Its elements are appended in place
  /// on the stack: taking a container off the stack to append to it would copy its elements
  /// each time, which made a long array or dictionary take quadratic time.
  private struct OpenContainer {
    /// The key whose value comes next, for a dictionary; `nil` for an array.
    var pendingKey: String?
    var elements: [LocalizationValue] = []
    var pairs: [(String, LocalizationValue)] = []
  }

  /// Reads one value element. Nested arrays and dictionaries are kept on an explicit stack, so no
  /// recursion depends on the input; like CF, at most 512 of them (with content) may be open.
  /// - Parameter openContainers: How many are open around this value already.
  private mutating func parseValue(openContainers: Int) throws(SyntaxError) -> LocalizationValue {
    var stack: [OpenContainer] = []
    while true {
      skipMisc()
      guard cur < end, text[cur] == UInt8(ascii: "<") else {
        throw SyntaxError(message: "expected a value element, found \(describeHere())", offset: cur)
      }
      let tagOffset = cur
      let (name, selfClosing) = try readStartTag()
      var value: LocalizationValue
      switch name {
      case "dict", "array":
        if selfClosing {
          value = name == "dict" ? .dictionary(OrderedDictionary()) : .array([])
        } else {
          if openContainers + stack.count + 1 > Self.maximumDepth {
            throw SyntaxError(
              message: "arrays and dictionaries are nested more than \(Self.maximumDepth) levels deep",
              offset: tagOffset)
          }
          layout?.events.append(.open(tagOffset..<cur, isDictionary: name == "dict"))
          guard let opened = try open(name) else { continue }
          value = opened
        }
      default:
        value = try parseLeaf(name, selfClosing: selfClosing, tagOffset: tagOffset)
      }
      if layout != nil, selfClosing || !(name == "dict" || name == "array") {
        let leaf: SyntaxLayout.Leaf
        switch (name, value) {
        case ("dict", _): leaf = .emptyDictionary
        case (_, .string(let text)): leaf = .string(text)
        default: leaf = .other
        }
        layout?.events.append(.leaf(tagOffset..<cur, leaf))
      }
      // Hand the value to the containers above it, closing each that ends right after.
      while let top = stack.indices.last {
        if let key = stack[top].pendingKey {
          stack[top].pairs.append((key, value))
          if let next = try nextKey() {
            stack[top].pendingKey = next
            break
          }
          value = .dictionary(OrderedDictionary(stack.removeLast().pairs))
        } else {
          stack[top].elements.append(value)
          skipMisc()
          guard startsWith("</array") else { break }
          try closeContainer("array")
          value = .array(stack.removeLast().elements)
        }
      }
      if stack.isEmpty { return value }
    }

    /// Pushes a container just opened; returns its value instead when it is empty.
    func open(_ name: String) throws(SyntaxError) -> LocalizationValue? {
      if name == "array" {
        skipMisc()
        if startsWith("</array") {
          try closeContainer("array")
          return .array([])
        }
        stack.append(OpenContainer(pendingKey: nil))
        return nil
      }
      guard let key = try nextKey() else { return .dictionary(OrderedDictionary()) }
      stack.append(OpenContainer(pendingKey: key))
      return nil
    }
  }

  /// In a dictionary: the next key, or `nil` when `</dict>` ends it (and is consumed).
  private mutating func nextKey() throws(SyntaxError) -> String? {
    skipMisc()
    if startsWith("</dict") {
      try closeContainer("dict")
      return nil
    }
    let keyOffset = cur
    let key = try parseKey()
    layout?.events.append(.key(key, keyOffset..<cur))
    skipMisc()
    if startsWith("</dict") {
      throw SyntaxError(message: "the key \(quoted(key)) has no value", offset: keyOffset)
    }
    return key
  }

  /// Reads `<key>…</key>` at `cur`.
  private mutating func parseKey() throws(SyntaxError) -> String {
    guard startsWith("<key"), cur + 4 < end,
      [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(text[cur + 4])
    else {
      throw SyntaxError(message: "expected <key> or </dict> in a dictionary, found \(describeHere())", offset: cur)
    }
    return try parseTextElement("key")
  }

  /// A value element that holds no other element; its start tag has been read.
  private mutating func parseLeaf(_ name: String, selfClosing: Bool, tagOffset: Int) throws(SyntaxError)
    -> LocalizationValue
  {
    switch name {
    case "string", "key":
      // CF reads a <key> outside a dictionary as a string.
      return .string(selfClosing ? "" : try parseText(until: name))
    case "true", "false":
      if !selfClosing { try expectEndTag(name) }
      return .boolean(name == "true")
    case "integer":
      let textValue = selfClosing ? "" : try parseText(until: "integer")
      let trimmed = textValue.trimmingASCIIWhitespace()
      if let value = Int64(trimmed) { return .integer(value) }
      if trimmed.hasPrefix("0x"), let value = Int64(trimmed.dropFirst(2), radix: 16) { return .integer(value) }
      throw SyntaxError(message: "\(quoted(trimmed)) is not an integer", offset: tagOffset)
    case "real":
      let trimmed = (selfClosing ? "" : try parseText(until: "real")).trimmingASCIIWhitespace()
      switch trimmed.lowercased() {
      case "nan": return .real(.nan)
      case "+infinity", "infinity", "inf": return .real(.infinity)
      case "-infinity", "-inf": return .real(-.infinity)
      default:
        guard let value = Double(trimmed) else {
          throw SyntaxError(message: "\(quoted(trimmed)) is not a number", offset: tagOffset)
        }
        return .real(value)
      }
    case "date":
      return .date((selfClosing ? "" : try parseText(until: "date")).trimmingASCIIWhitespace())
    case "data":
      let encoded = selfClosing ? "" : try parseText(until: "data")
      guard let bytes = Base64.decode(encoded) else {
        throw SyntaxError(message: "the <data> element is not valid base64", offset: tagOffset)
      }
      return .data(bytes)
    default:
      throw SyntaxError(message: "unknown property-list element <\(name)>", offset: tagOffset)
    }
  }

  /// Reads `<key>…</key>` (or `<key/>`) and returns its text.
  private mutating func parseTextElement(_ name: String) throws(SyntaxError) -> String {
    let start = cur
    let (found, selfClosing) = try readStartTag()
    guard found == name else { throw SyntaxError(message: "unknown property-list element <\(found)>", offset: start) }
    return selfClosing ? "" : try parseText(until: name)
  }

  /// Reads character data up to the end tag `</name>`, resolving entities and CDATA sections.
  private mutating func parseText(until name: String) throws(SyntaxError) -> String {
    let start = cur
    // Fast path: plain text up to '<' with no entities.
    var i = cur
    while i < end, text[i] != UInt8(ascii: "<"), text[i] != UInt8(ascii: "&") { i += 1 }
    if i < end, text[i] == UInt8(ascii: "<"), !startsWith("<!", at: i) {
      cur = i
      let value = try makeString(Array(text[start..<i]), at: start)
      try expectEndTag(name)
      return value
    }
    var buffer: [UInt8] = []
    while true {
      guard cur < end else {
        throw SyntaxError(message: "the file ends inside <\(name)>", offset: start)
      }
      let byte = text[cur]
      if byte == UInt8(ascii: "<") {
        if startsWith("<![CDATA[") {
          cur += 9
          let contentStart = cur
          while cur < end, !startsWith("]]>") { cur += 1 }
          guard cur < end else { throw SyntaxError(message: "unterminated CDATA section", offset: contentStart) }
          buffer.append(contentsOf: text[contentStart..<cur])
          cur += 3
        } else if startsWith("<!--") {
          try skipComment()
        } else {
          try expectEndTag(name)
          return try makeString(buffer, at: start)
        }
      } else if byte == UInt8(ascii: "&") {
        try appendEntity(to: &buffer)
      } else {
        buffer.append(byte)
        cur += 1
      }
    }
  }

  /// Character data must be valid UTF-8: CF decodes it (and only it) when building strings.
  private func makeString(_ bytes: [UInt8], at offset: Int) throws(SyntaxError) -> String {
    // CF's string creation drops one leading U+FEFF from character data.
    let dropped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var bytes = dropped > 0 ? Array(bytes.dropFirst(dropped)) : bytes
    if !containsSurrogates, let invalid = DecodedText.repairStrayA9(&bytes) {
      throw SyntaxError(
        message: "the text is not valid UTF-8 (byte 0x\(DecodedText.hex(invalid.byte)))",
        offset: offset + dropped + invalid.originalOffset)
    }
    return GeneralizedUTF8.string(bytes, mayContainSurrogates: containsSurrogates)
  }

  private func decimalValue(_ byte: UInt8) -> UInt8? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
  }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private mutating func appendEntity(to buffer: inout [UInt8]) throws(SyntaxError) {
    let start = cur
    var i = cur + 1
    while i < end, i - start < 12, text[i] != UInt8(ascii: ";") { i += 1 }
    guard i < end, text[i] == UInt8(ascii: ";") else {
      throw SyntaxError(message: "unterminated entity reference (a '&' must be written '&amp;')", offset: start)
    }
    let name = String(decoding: UnsafeBufferPointer(rebasing: text[(start + 1)..<i]), as: UTF8.self)
    cur = i + 1
    switch name {
    case "amp": buffer.append(UInt8(ascii: "&"))
    case "lt": buffer.append(UInt8(ascii: "<"))
    case "gt": buffer.append(UInt8(ascii: ">"))
    case "quot": buffer.append(UInt8(ascii: "\""))
    case "apos": buffer.append(UInt8(ascii: "'"))
    default:
      // As CF reads a character reference: only a lowercase 'x' means hex ("&#X41;" is an error),
      // at most eight digits, and an empty one ("&#x;") is U+0000.
      var number: UInt32?
      if name.hasPrefix("#") {
        let isHex = name.hasPrefix("#x")
        let digits = name.utf8.dropFirst(isHex ? 2 : 1)
        if digits.count <= 8 {
          number = digits.reduce(UInt32(0) as UInt32?) { value, digit in
            guard let value, let digitValue = isHex ? hexValue(digit) : decimalValue(digit) else { return nil }
            return (isHex ? value << 4 : value &* 10) &+ UInt32(digitValue)
          }
        }
      }
      guard let number, number <= 0x10FFFF, number & 0xFFFF_F800 != 0xD800 else {
        throw SyntaxError(message: "unknown entity '&\(name);'", offset: start)
      }
      appendUTF8(number, to: &buffer)
    }
  }

  /// Reads a start tag at `cur`, returning its name and whether it is self-closing (`<x/>`).
  /// Reads a start tag at `cur` as CF's `parseXMLElement` does: the name runs to the first white
  /// space (or to `>`, less a closing `/`), anything else up to `>` is ignored, and the tag is
  /// empty (`<x/>`) when `/` comes right before `>`. Returns the name and whether it is empty.
  private mutating func readStartTag() throws(SyntaxError) -> (String, Bool) {
    let start = cur
    cur += 1
    let nameStart = cur
    var nameEnd: Int?
    while cur < end, text[cur] != UInt8(ascii: ">") {
      if nameEnd == nil, text[cur] == 0x20 || text[cur] == 0x09 || text[cur] == 0x0A || text[cur] == 0x0D {
        nameEnd = cur
      }
      cur += 1
    }
    guard cur < end else { throw SyntaxError(message: "the file ends inside a tag", offset: start) }
    let selfClosing = text[cur - 1] == UInt8(ascii: "/") && cur - 1 >= nameStart
    let stop = nameEnd ?? (selfClosing ? cur - 1 : cur)
    cur += 1
    guard stop > nameStart else { throw SyntaxError(message: "malformed tag", offset: start) }
    return (String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<stop]), as: UTF8.self), selfClosing)
  }

  /// Reads the end tag of a dictionary or array, recording where it stands.
  private mutating func closeContainer(_ name: String) throws(SyntaxError) {
    let start = cur
    try expectEndTag(name)
    layout?.events.append(.close(start..<cur))
  }

  private mutating func expectEndTag(_ name: String) throws(SyntaxError) {
    let tag = "</\(name)"
    guard startsWith(tag) else {
      throw SyntaxError(message: "expected </\(name)>, found \(describeHere())", offset: cur)
    }
    cur += tag.utf8.count
    while cur < end, text[cur] == 0x20 || text[cur] == 0x09 || text[cur] == 0x0A || text[cur] == 0x0D { cur += 1 }
    guard cur < end, text[cur] == UInt8(ascii: ">") else {
      throw SyntaxError(message: "malformed end tag </\(name)>", offset: cur)
    }
    cur += 1
  }

  /// Skips whitespace, comments, processing instructions and the document type declaration.
  private mutating func skipMisc() {
    while cur < end {
      let byte = text[cur]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        cur += 1
      } else if startsWith("<!--") {
        do { try skipComment() } catch { cur = end }
      } else if startsWith("<?") {
        // CF looks for "?>" while three bytes remain: before the root element after the "<?"
        // ("<?>" does not end itself), inside an element from the "?" ("<?>" does).
        cur += inProlog ? 2 : 1
        while cur + 2 < end, !startsWith("?>") { cur += 1 }
        cur = cur + 2 < end ? cur + 2 : end
      } else if inProlog, startsWith("<!DOCTYPE") {
        if let error = skipDocumentType() {
          documentTypeError = documentTypeError ?? error
          cur = end
        }
      } else {
        return
      }
    }
  }

  /// Skips `<!DOCTYPE …>` to its `>`. Foundation rejects a declaration with an internal subset
  /// (`<!DOCTYPE plist [ … ]>`), whatever the subset holds; returns that error, if it applies.
  private mutating func skipDocumentType() -> SyntaxError? {
    let start = cur
    cur += 9
    while cur < end, text[cur] != UInt8(ascii: "["), text[cur] != UInt8(ascii: ">") { cur += 1 }
    guard cur < end else { return SyntaxError(message: "the file ends inside <!DOCTYPE", offset: start) }
    guard text[cur] == UInt8(ascii: ">") else {
      return SyntaxError(
        message: "the document type declaration has an internal subset ('[…]'), which Apple's reader rejects",
        offset: cur)
    }
    cur += 1
    return nil
  }

  private mutating func skipComment() throws(SyntaxError) {
    let start = cur
    let contentStart = cur + 4
    // Before the root element CF skips one byte more than "<!--" ("<!---->" does not end there).
    cur = min(end, contentStart + (inProlog ? 1 : 0))
    while cur < end, !startsWith("-->") { cur += 1 }
    guard cur < end else { throw SyntaxError(message: "unterminated XML comment", offset: start) }
    let content = String(decoding: UnsafeBufferPointer(rebasing: text[contentStart..<cur]), as: UTF8.self)
    lastComment = content.trimmingASCIIWhitespace()
    cur += 3
  }

  private func startsWith(_ prefix: String, at offset: Int? = nil) -> Bool {
    var i = offset ?? cur
    for byte in prefix.utf8 {
      guard i < end, text[i] == byte else { return false }
      i += 1
    }
    return true
  }

  private func describeHere() -> String {
    guard cur < end else { return "the end of the file" }
    let stop = min(end, cur + 16)
    let snippet = String(decoding: UnsafeBufferPointer(rebasing: text[cur..<stop]), as: UTF8.self)
    return quoted(snippet.split(separator: "\n").first.map(String.init) ?? snippet)
  }
}

extension String {
  /// The string without leading and trailing ASCII spaces, tabs and line breaks.
  func trimmingASCIIWhitespace() -> String {
    let bytes = utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
    guard let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
    if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
    return String(self[first...last])
  }
}
