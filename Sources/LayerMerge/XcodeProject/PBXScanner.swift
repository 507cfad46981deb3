#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses the old-style property list of a `project.pbxproj` into ``PBXDocument`` nodes, in one
/// pass over the bytes: every node is made once and every byte looked at a bounded number of times,
/// so time is linear in the size of the file whatever it holds.
///
/// The syntax is Apple's old-style reader's (`CFOldStylePList.c`, FORMATS.md Appendix C):
/// whitespace includes U+2028 and U+2029, `//` and `/* */` comments, strings quoted with `"` or `'`
/// or bare (`[A-Za-z0-9_$/:.-]`), `<hex>` data, `( a, b, )` arrays with an optional last comma,
/// `{ k = v; }` dictionaries where `k;` means `k = k;`. Where Apple's reader accepts a broken
/// input by a quirk (an array whose last element fails to parse just before its `)`, a `\U`
/// without digits), this scanner refuses it: a project file Xcode wrote never needs the quirk,
/// and whatever this scanner accepts Apple's reader reads to the same values (the fuzz target
/// `pbxproj` holds it to that).
struct PBXScanner {
  /// Why the text is not a property list.
  struct SyntaxError: Error {
    var message: String
    var offset: Int
  }

  /// Deeper nesting than this is refused; Xcode writes at most five levels.
  static let maximumDepth = 256

  private let text: UnsafeBufferPointer<UInt8>
  private let end: Int
  private var cur: Int
  private var nodes: [PBXDocument.Node] = []
  private var childIndices: [Int32] = []
  /// Children of the containers being parsed, innermost last; moved to `childIndices` when a
  /// container closes, so that every container's children are contiguous there.
  private var pending: [Int32] = []

  /// Creates a scanner over UTF-8 text, starting at `start` (after a byte-order mark).
  init(text: UnsafeBufferPointer<UInt8>, start: Int = 0) {
    self.text = text
    self.end = text.count
    self.cur = start
  }

  /// Parses the whole text: one dictionary, with nothing but whitespace and comments around it.
  /// - Returns: The nodes, the children table and the root's index.
  mutating func parseDocument() throws(SyntaxError) -> (
    nodes: [PBXDocument.Node], childIndices: [Int32], root: Int32
  ) {
    // Real files hold a node every 20 bytes or so.
    nodes.reserveCapacity(end / 16)
    childIndices.reserveCapacity(end / 16)
    guard try skipTrivia() else {
      throw SyntaxError(message: "the file is empty: a project file starts with '{'", offset: cur)
    }
    guard text[cur] == UInt8(ascii: "{") else {
      throw SyntaxError(
        message: "expected '{' to start the project, found \(describe(at: cur))", offset: cur)
    }
    let root = try parseObject(depth: 0)
    if try skipTrivia() {
      throw SyntaxError(
        message: "unexpected \(describe(at: cur)) after the project's closing '}'", offset: cur)
    }
    return (nodes, childIndices, root)
  }

  // MARK: - Private

  /// Parses the object at `cur` (which is not whitespace).
  private mutating func parseObject(depth: Int) throws(SyntaxError) -> Int32 {
    guard depth <= Self.maximumDepth else {
      throw SyntaxError(
        message: "more than \(Self.maximumDepth) nested arrays or dictionaries; this is not a project file",
        offset: cur)
    }
    let byte = text[cur]
    switch byte {
    case UInt8(ascii: "{"): return try parseDictionary(depth: depth)
    case UInt8(ascii: "("): return try parseArray(depth: depth)
    case UInt8(ascii: "<"): return try parseData()
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return try parseQuoted()
    default:
      guard OldStyleSyntax.isUnquotedCharacter(byte) else {
        throw SyntaxError(message: "expected a value, found \(describe(at: cur))", offset: cur)
      }
      return parseBare()
    }
  }

  private mutating func parseDictionary(depth: Int) throws(SyntaxError) -> Int32 {
    let open = cur
    let index = addNode(.dictionary, start: open)
    cur += 1
    let mark = pending.count
    while true {
      guard try skipTrivia() else {
        throw SyntaxError(message: "no '}' closes the dictionary opened here", offset: open)
      }
      let byte = text[cur]
      if byte == UInt8(ascii: "}") { break }
      let key: Int32
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        key = try parseQuoted()
      } else if OldStyleSyntax.isUnquotedCharacter(byte) {
        key = parseBare()
      } else {
        throw SyntaxError(message: "expected a key or '}', found \(describe(at: cur))", offset: cur)
      }
      guard try skipTrivia() else {
        throw SyntaxError(message: "expected '=' after the key, found the end of the file", offset: cur)
      }
      let value: Int32
      switch text[cur] {
      case UInt8(ascii: "="):
        cur += 1
        guard try skipTrivia() else {
          throw SyntaxError(message: "expected a value after '=', found the end of the file", offset: cur)
        }
        value = try parseObject(depth: depth + 1)
      case UInt8(ascii: ";"):
        // `key;` stands for `key = key;`.
        value = key
      default:
        throw SyntaxError(message: "expected '=' after the key, found \(describe(at: cur))", offset: cur)
      }
      pending.append(key)
      pending.append(value)
      guard try skipTrivia(), text[cur] == UInt8(ascii: ";") else {
        throw SyntaxError(message: "expected ';' after the value, found \(describe(at: cur))", offset: cur)
      }
      cur += 1
    }
    cur += 1
    close(index, from: mark)
    return index
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> Int32 {
    let open = cur
    let index = addNode(.array, start: open)
    cur += 1
    let mark = pending.count
    while true {
      guard try skipTrivia() else {
        throw SyntaxError(message: "no ')' closes the array opened here", offset: open)
      }
      if text[cur] == UInt8(ascii: ")") { break }
      pending.append(try parseObject(depth: depth + 1))
      guard try skipTrivia() else {
        throw SyntaxError(message: "no ')' closes the array opened here", offset: open)
      }
      if text[cur] == UInt8(ascii: ",") {
        cur += 1
      } else if text[cur] != UInt8(ascii: ")") {
        throw SyntaxError(message: "expected ',' or ')' in the array, found \(describe(at: cur))", offset: cur)
      }
    }
    cur += 1
    close(index, from: mark)
    return index
  }

  private mutating func parseData() throws(SyntaxError) -> Int32 {
    let open = cur
    cur += 1
    while true {
      guard try skipDataSpace() else {
        throw SyntaxError(message: "no '>' closes the data opened here", offset: open)
      }
      if text[cur] == UInt8(ascii: ">") { break }
      guard OldStyleSyntax.hexDigitValue(text[cur]) != nil else {
        throw SyntaxError(message: "\(describe(at: cur)) is not a hex digit in data", offset: cur)
      }
      guard cur + 1 < end, OldStyleSyntax.hexDigitValue(text[cur + 1]) != nil else {
        throw SyntaxError(message: "data needs two hex digits per byte", offset: cur)
      }
      cur += 2
    }
    cur += 1
    return addNode(.data, start: open)
  }

  /// Skips the whitespace Apple allows inside data; `false` at the end of the text.
  private mutating func skipDataSpace() throws(SyntaxError) -> Bool {
    while cur < end {
      switch text[cur] {
      case 0x20, 0x0A, 0x09, 0x0D: cur += 1
      case 0xE2 where OldStyleSyntax.isLineSeparator(text, at: cur): cur += 3
      default: return true
      }
    }
    return false
  }

  private mutating func parseBare() -> Int32 {
    let start = cur
    while cur < end, OldStyleSyntax.isUnquotedCharacter(text[cur]) { cur += 1 }
    return addNode(.bareString, start: start)
  }

  /// A quoted string; `cur` is on the opening quote.
  private mutating func parseQuoted() throws(SyntaxError) -> Int32 {
    let open = cur
    let quote = text[cur]
    cur += 1
    var escaped = false
    while cur < end {
      let byte = text[cur]
      if byte == quote {
        cur += 1
        return addNode(escaped ? .escapedString : .quotedString, start: open)
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        let escape = cur
        cur += 1
        guard cur < end else { break }
        if text[cur] == UInt8(ascii: "U") {
          guard cur + 1 < end, OldStyleSyntax.hexDigitValue(text[cur + 1]) != nil else {
            throw SyntaxError(message: "'\\U' needs hex digits (write \\U0000 for U+0000)", offset: escape)
          }
        }
      }
      cur += 1
    }
    throw SyntaxError(
      message: "no closing \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"") for this string", offset: open)
  }

  /// Skips whitespace and comments; `false` at the end of the text.
  private mutating func skipTrivia() throws(SyntaxError) -> Bool {
    while cur < end {
      let byte = text[cur]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        cur += 1
        continue
      }
      if byte == 0xE2, OldStyleSyntax.isLineSeparator(text, at: cur) {
        cur += 3
        continue
      }
      guard byte == UInt8(ascii: "/"), cur + 1 < end else { return true }
      let next = text[cur + 1]
      if next == UInt8(ascii: "/") {
        cur += 2
        while cur < end, text[cur] != 0x0A, text[cur] != 0x0D,
          !(text[cur] == 0xE2 && OldStyleSyntax.isLineSeparator(text, at: cur))
        {
          cur += 1
        }
      } else if next == UInt8(ascii: "*") {
        let open = cur
        cur += 2
        // Comments name every referenced object: find each '*' with memchr, not byte by byte.
        while true {
          guard cur + 1 < end, let base = text.baseAddress,
            let star = memchr(base + cur, Int32(UInt8(ascii: "*")), end - cur - 1)
          else {
            throw SyntaxError(message: "no '*/' closes the comment opened here", offset: open)
          }
          cur = UnsafeRawPointer(star) - UnsafeRawPointer(base)
          if text[cur + 1] == UInt8(ascii: "/") { break }
          cur += 1
        }
        cur += 2
      } else {
        return true
      }
    }
    return false
  }

  private mutating func addNode(_ kind: PBXDocument.Kind, start: Int) -> Int32 {
    nodes.append(PBXDocument.Node(kind: kind, start: Int32(start), end: Int32(cur), firstChild: 0, childCount: 0))
    return Int32(nodes.count - 1)
  }

  /// Ends a container at `cur`: its children are the pending ones from `mark` on.
  private mutating func close(_ index: Int32, from mark: Int) {
    nodes[Int(index)].end = Int32(cur)
    nodes[Int(index)].firstChild = Int32(childIndices.count)
    nodes[Int(index)].childCount = Int32(pending.count - mark)
    childIndices.append(contentsOf: pending[mark...])
    pending.removeSubrange(mark...)
  }

  /// The character at `offset` for a message.
  private func describe(at offset: Int) -> String {
    guard offset < end else { return "the end of the file" }
    let byte = text[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return OldStylePlistScanner.describe(scalar: GeneralizedUTF8.scalar(text, at: offset))
  }
}
