/// A pull reader for XML 1.0 with namespaces, strict and safe for files from anywhere.
///
/// It reads what translation tools write: elements, attributes, character data with the five
/// predefined entities and character references, CDATA sections, comments and processing
/// instructions (skipped), namespaces by prefix. It refuses a document type declaration, and so
/// every entity declaration, at its position: no entity can name a file or URL (XXE) or expand
/// without bound (billion laughs), and no DTD is ever fetched. Every other well-formedness error
/// of XML 1.0 and Namespaces in XML is refused at its position too: mismatched tags, `<` in an
/// attribute value, a character XML forbids, an undeclared prefix, a second root.
///
/// Time is linear in the input whatever it holds: one pass, no recursion (open elements are a
/// stack), attribute names compared through a set when an element has many, namespace scopes
/// undone from a log when their element closes.
///
/// Why not the property-list parser's scanning: that parser reproduces CoreFoundation's reading,
/// which is lax where XML is strict (a tag's name runs to the first space and the rest is skipped,
/// attributes are never read, `&#X41;` and unbalanced markup pass in places) and strict where XML
/// is lax; tests hold it to `PropertyListSerialization` byte for byte. One tokenizer cannot be
/// both without a mode switch in its innermost loops, which would slow the table reader and risk
/// its agreement with Apple; they share the lower layers instead (UTF-8 validation, line and
/// column counting).
struct XMLReader {
  /// A well-formedness error, or a refused declaration, at a byte offset of the text.
  struct SyntaxError: Error {
    var message: String
    var offset: Int
    /// Whether the error is a refused document type or entity declaration.
    var isDocumentType = false
  }

  /// An attribute, its name resolved.
  struct Attribute {
    /// The namespace of a prefixed name; `nil` for an unprefixed one (which has none).
    var namespace: String?
    var localName: String
    var value: String
  }

  /// A start tag (or an empty-element tag, whose end comes as the next event).
  struct StartTag {
    /// The element's namespace, or `nil` for none.
    var namespace: String?
    var localName: String
    /// The name as written (`ns0:trans-unit`).
    var qualifiedName: String
    /// The attributes other than namespace declarations, in document order.
    var attributes: [Attribute]
    /// Where the `<` is.
    var offset: Int

    /// The value of the unprefixed attribute `name`, or of `prefix:name` in `namespace`.
    func attribute(_ name: String, namespace: String? = nil) -> String? {
      attributes.first { $0.localName == name && $0.namespace == namespace }?.value
    }
  }

  /// What comes next in the document.
  enum Event {
    /// A start tag.
    case start(StartTag)
    /// The end of the innermost open element.
    case end
    /// Character data, in ``text``: text, resolved references and CDATA sections, comments and
    /// processing instructions between them skipped.
    case text
    /// The end of the document, its root element closed.
    case endOfDocument
  }

  /// The namespace of the `xml:` prefix, bound in every document.
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

  /// The character data of the last ``Event/text`` event, as UTF-8.
  private(set) var text: [UInt8] = []
  /// Where the last event's markup or text starts.
  private(set) var eventOffset = 0

  private let bytes: UnsafeBufferPointer<UInt8>
  private var cursor = 0
  /// Open elements: where each one's name is in the text, and where its tag starts.
  private var openElements: [(nameStart: Int, nameEnd: Int, offset: Int)] = []
  /// The namespace each prefix is bound to now ("" for the default namespace).
  private var bindings: [String: String] = ["xml": xmlNamespace]
  /// What each binding replaced, with the depth of the element that made it, to undo on close.
  private var undoLog: [(depth: Int, prefix: String, previous: String?)] = []
  private var rootClosed = false
  private var sawRoot = false
  /// An empty-element tag was just reported: its end comes next.
  private var pendingEnd = false

  /// Creates a reader over valid UTF-8 text (``XMLTextDecoding``), which must outlive it.
  init(text: UnsafeBufferPointer<UInt8>) {
    bytes = text
  }

  /// Reads the next event.
  mutating func next() throws(SyntaxError) -> Event {
    if pendingEnd {
      pendingEnd = false
      closeElement()
      return .end
    }
    if cursor == 0 { try readDeclarationIfAny() }
    while true {
      guard cursor < bytes.count else {
        if let open = openElements.last {
          throw SyntaxError(
            message:
              "the file ends inside <\(name(open.nameStart, open.nameEnd))>, which is never closed: it is cut short",
            offset: bytes.count)
        }
        guard sawRoot else { throw SyntaxError(message: "the file holds no XML element", offset: bytes.count) }
        return .endOfDocument
      }
      eventOffset = cursor
      if bytes[cursor] == UInt8(ascii: "<") {
        guard cursor + 1 < bytes.count else {
          throw SyntaxError(message: "the file ends with '<': it is cut short", offset: cursor)
        }
        switch bytes[cursor + 1] {
        case UInt8(ascii: "/"):
          try readEndTag()
          return .end
        case UInt8(ascii: "?"):
          try skipProcessingInstruction()
          continue
        case UInt8(ascii: "!"):
          if startsWith("<!--") {
            try skipComment()
            continue
          }
          if openElements.isEmpty { try refuseMarkupDeclaration() }
          if startsWith("<![CDATA[") {
            text.removeAll(keepingCapacity: true)
            try readCharacterData()
            return .text
          }
          try refuseMarkupDeclaration()
        default:
          return .start(try readStartTag())
        }
      }
      if openElements.isEmpty {
        try skipSpaceOutsideRoot()
        continue
      }
      text.removeAll(keepingCapacity: true)
      try readCharacterData()
      return .text
    }
  }

  // MARK: - Private

  @inline(__always)
  private func startsWith(_ prefix: StaticString, at offset: Int? = nil) -> Bool {
    let start = offset ?? cursor
    let count = prefix.utf8CodeUnitCount
    guard start + count <= bytes.count else { return false }
    let pointer = prefix.utf8Start
    for index in 0..<count where bytes[start + index] != pointer[index] { return false }
    return true
  }

  private func name(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// What is at `offset`, quoted, for messages.
  private func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    var end = offset
    var scalars = 0
    while end < bytes.count, scalars < 12, bytes[end] != 0x0A, bytes[end] != 0x0D {
      end += 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      scalars += 1
    }
    return "'" + name(offset, end) + "'"
  }

  /// The scalar at `offset` and its length in bytes (the text is valid UTF-8).
  @inline(__always)
  private func scalar(at offset: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
    }
    return (
      (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
        | UInt32(bytes[offset + 3] & 0x3F), 4
    )
  }

  /// Refuses a character XML does not allow (a C0 control, U+FFFE, U+FFFF) at `offset`.
  private func refuseCharacter(at offset: Int) -> SyntaxError {
    let (value, _) = scalar(at: offset)
    return SyntaxError(
      message: "the character \(XMLCharacters.describe(value)) is not allowed in XML 1.0, not even as a reference",
      offset: offset)
  }

  /// Whether the bytes at `offset` begin U+FFFE or U+FFFF (EF BF BE, EF BF BF).
  @inline(__always)
  private func isNonCharacterFFFx(at offset: Int) -> Bool {
    bytes[offset] == 0xEF && offset + 2 < bytes.count && bytes[offset + 1] == 0xBF && bytes[offset + 2] >= 0xBE
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = cursor
    while cursor < bytes.count, XMLCharacters.isSpace(bytes[cursor]) { cursor += 1 }
    return cursor > start
  }

  /// Reads a name at the cursor; returns where it ends, or throws `problem` if none starts here.
  private mutating func readName(_ problem: @autoclosure () -> String) throws(SyntaxError) -> Int {
    guard cursor < bytes.count else { throw SyntaxError(message: problem(), offset: cursor) }
    var (value, length) = scalar(at: cursor)
    guard XMLCharacters.isNameStart(value) else { throw SyntaxError(message: problem(), offset: cursor) }
    cursor += length
    while cursor < bytes.count {
      (value, length) = scalar(at: cursor)
      guard XMLCharacters.isName(value) else { break }
      cursor += length
    }
    return cursor
  }

  /// `<?xml version="1.0" encoding="…" standalone="…"?>` at the very start: its syntax, and
  /// version 1.0 (XML 1.1 allows characters and line breaks 1.0 does not).
  private mutating func readDeclarationIfAny() throws(SyntaxError) {
    guard startsWith("<?xml"), cursor + 5 < bytes.count, XMLCharacters.isSpace(bytes[cursor + 5]) else { return }
    cursor += 5
    var seen: [String] = []
    while true {
      let spaced = skipSpace()
      if startsWith("?>") {
        cursor += 2
        break
      }
      let nameStart = cursor
      guard spaced, cursor < bytes.count, bytes[cursor] >= 0x61, bytes[cursor] <= 0x7A else {
        throw SyntaxError(message: "malformed XML declaration at \(describe(cursor))", offset: cursor)
      }
      while cursor < bytes.count, bytes[cursor] >= 0x61, bytes[cursor] <= 0x7A { cursor += 1 }
      let field = name(nameStart, cursor)
      let order = ["version", "encoding", "standalone"]
      guard let rank = order.firstIndex(of: field),
        seen.compactMap({ order.firstIndex(of: $0) }).allSatisfy({ $0 < rank }),
        rank == 0 || seen.first == "version"
      else {
        throw SyntaxError(
          message: "the XML declaration has '\(field)' where it takes version, then encoding, then standalone",
          offset: nameStart)
      }
      seen.append(field)
      skipSpace()
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
        throw SyntaxError(message: "expected '=' after '\(field)' in the XML declaration", offset: cursor)
      }
      cursor += 1
      skipSpace()
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
        throw SyntaxError(message: "expected a quoted value for '\(field)' in the XML declaration", offset: cursor)
      }
      let quote = bytes[cursor]
      let valueStart = cursor + 1
      cursor += 1
      while cursor < bytes.count, bytes[cursor] != quote, bytes[cursor] != UInt8(ascii: "?") { cursor += 1 }
      guard cursor < bytes.count, bytes[cursor] == quote else {
        throw SyntaxError(
          message: "the value of '\(field)' in the XML declaration is not closed", offset: valueStart - 1)
      }
      let value = name(valueStart, cursor)
      cursor += 1
      switch field {
      case "version" where value != "1.0":
        throw SyntaxError(message: "XML version \(value) is not supported: XLIFF files are XML 1.0", offset: valueStart)
      case "encoding" where !Self.isEncodingName(value):
        throw SyntaxError(message: "'\(value)' is not an encoding name", offset: valueStart)
      case "standalone" where value != "yes" && value != "no":
        throw SyntaxError(message: "standalone must be \"yes\" or \"no\", not \"\(value)\"", offset: valueStart)
      default:
        break
      }
    }
    guard seen.first == "version" else {
      throw SyntaxError(message: "the XML declaration has no version (write <?xml version=\"1.0\"?>)", offset: 0)
    }
  }

  /// `[A-Za-z] ([A-Za-z0-9._] | '-')*`.
  private static func isEncodingName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return false }
    return name.utf8.allSatisfy { byte in
      ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E
        || byte == 0x5F || byte == 0x2D
    }
  }

  /// White space before or after the root element; anything else there is an error.
  private mutating func skipSpaceOutsideRoot() throws(SyntaxError) {
    skipSpace()
    guard cursor < bytes.count, bytes[cursor] != UInt8(ascii: "<") else { return }
    let place = rootClosed ? "after the root element" : "before the root element"
    throw SyntaxError(
      message: "\(describe(cursor)) is text \(place); only one element may hold the document", offset: cursor)
  }

  /// `<!DOCTYPE`, `<!ENTITY` and any other `<!` markup: refused.
  private mutating func refuseMarkupDeclaration() throws(SyntaxError) -> Never {
    if startsWith("<!DOCTYPE") {
      throw SyntaxError(
        message: "a document type declaration (<!DOCTYPE>) is not allowed: XLIFF needs none, and one could declare "
          + "entities that read other files or expand without bound; remove it",
        offset: cursor, isDocumentType: true)
    }
    for keyword: StaticString in ["<!ENTITY", "<!ELEMENT", "<!ATTLIST", "<!NOTATION"] where startsWith(keyword) {
      throw SyntaxError(
        message: "a declaration (\(keyword)) is not allowed: XLIFF needs none, and entities could read other "
          + "files or expand without bound; remove it",
        offset: cursor, isDocumentType: true)
    }
    if startsWith("<![CDATA[") {
      throw SyntaxError(message: "a CDATA section outside the root element", offset: cursor)
    }
    throw SyntaxError(message: "malformed markup \(describe(cursor))", offset: cursor)
  }

  private mutating func skipComment() throws(SyntaxError) {
    let start = cursor
    cursor += 4
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "-"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "-") {
        guard cursor + 2 < bytes.count, bytes[cursor + 2] == UInt8(ascii: ">") else {
          throw SyntaxError(message: "'--' inside a comment (XML allows it only in the closing '-->')", offset: cursor)
        }
        cursor += 3
        return
      }
      if byte < 0x20 && !XMLCharacters.isSpace(byte) || isNonCharacterFFFx(at: cursor) {
        throw refuseCharacter(at: cursor)
      }
      cursor += 1
    }
    throw SyntaxError(message: "a comment that is never closed with '-->'", offset: start)
  }

  /// `<?target …?>`; the target `xml` (any case) is the declaration, allowed only at the start.
  private mutating func skipProcessingInstruction() throws(SyntaxError) {
    let start = cursor
    cursor += 2
    let targetStart = cursor
    let targetEnd = try readName("a processing instruction ('<?') needs a name: write '&lt;?' for text")
    let target = name(targetStart, targetEnd)
    if target.lowercased() == "xml" {
      throw SyntaxError(
        message: "an XML declaration ('<?xml') is allowed only at the very start of the file", offset: start)
    }
    if target.utf8.contains(UInt8(ascii: ":")) {
      throw SyntaxError(message: "a processing instruction's name may not contain ':'", offset: targetStart)
    }
    if startsWith("?>") {
      cursor += 2
      return
    }
    guard skipSpace() else {
      throw SyntaxError(message: "expected white space or '?>' after '<?\(target)'", offset: cursor)
    }
    while cursor < bytes.count {
      if startsWith("?>") {
        cursor += 2
        return
      }
      let byte = bytes[cursor]
      if byte < 0x20 && !XMLCharacters.isSpace(byte) || isNonCharacterFFFx(at: cursor) {
        throw refuseCharacter(at: cursor)
      }
      cursor += 1
    }
    throw SyntaxError(message: "a processing instruction that is never closed with '?>'", offset: start)
  }

  /// Text, references, CDATA sections, comments and processing instructions up to the next tag,
  /// into ``text``, line breaks read as line feeds.
  private mutating func readCharacterData() throws(SyntaxError) {
    while cursor < bytes.count {
      let byte = bytes[cursor]
      switch byte {
      case UInt8(ascii: "<"):
        if startsWith("<![CDATA[") {
          try readCDATASection()
        } else if startsWith("<!--") {
          try skipComment()
        } else if startsWith("<?") {
          try skipProcessingInstruction()
        } else if startsWith("<!") {
          try refuseMarkupDeclaration()
        } else {
          return
        }
      case UInt8(ascii: "&"):
        appendUTF8(try readReference(), to: &text)
      case 0x0D:
        text.append(0x0A)
        cursor += cursor + 1 < bytes.count && bytes[cursor + 1] == 0x0A ? 2 : 1
      case UInt8(ascii: "]"):
        if startsWith("]]>") {
          throw SyntaxError(message: "']]>' in text (write ']]&gt;')", offset: cursor)
        }
        text.append(byte)
        cursor += 1
      default:
        if byte < 0x20 && byte != 0x09 && byte != 0x0A || isNonCharacterFFFx(at: cursor) {
          throw refuseCharacter(at: cursor)
        }
        // Runs of plain bytes are copied whole.
        let runStart = cursor
        cursor += 1
        while cursor < bytes.count {
          let next = bytes[cursor]
          if next < 0x20 || next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || next == UInt8(ascii: "]")
            || next == 0xEF
          {
            break
          }
          cursor += 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor]))
      }
    }
  }

  private mutating func readCDATASection() throws(SyntaxError) {
    let start = cursor
    cursor += 9
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "]"), startsWith("]]>") {
        cursor += 3
        return
      }
      if byte == 0x0D {
        text.append(0x0A)
        cursor += cursor + 1 < bytes.count && bytes[cursor + 1] == 0x0A ? 2 : 1
        continue
      }
      if byte < 0x20 && byte != 0x09 && byte != 0x0A || isNonCharacterFFFx(at: cursor) {
        throw refuseCharacter(at: cursor)
      }
      text.append(byte)
      cursor += 1
    }
    throw SyntaxError(message: "a CDATA section that is never closed with ']]>'", offset: start)
  }

  /// The character of `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;` at the cursor.
  private mutating func readReference() throws(SyntaxError) -> UInt32 {
    let start = cursor
    cursor += 1
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
      cursor += 1
      let hex = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "x")
      if hex { cursor += 1 }
      let digitsStart = cursor
      var value: UInt32 = 0
      while cursor < bytes.count {
        let byte = bytes[cursor]
        let digit: UInt32
        switch byte {
        case 0x30...0x39: digit = UInt32(byte - 0x30)
        case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
        case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
        default: digit = 0xFF
        }
        if digit == 0xFF { break }
        // Saturate: leading zeros are allowed, and any value past U+10FFFF is refused alike.
        value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
        cursor += 1
      }
      guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
        throw SyntaxError(
          message: "malformed character reference (write &#NN; or &#xHH;, or '&amp;' for a '&')", offset: start)
      }
      cursor += 1
      guard XMLCharacters.isAllowed(value) else {
        let shown = value > 0x10FFFF ? "a value past U+10FFFF" : XMLCharacters.describe(value)
        throw SyntaxError(
          message: "the character reference \(name(start, cursor)) names \(shown), which XML 1.0 does not allow",
          offset: start)
      }
      return value
    }
    let nameStart = cursor
    let nameEnd: Int
    do {
      nameEnd = try readName("")
    } catch {
      throw SyntaxError(message: "a '&' that starts no reference: write '&amp;' for a '&'", offset: start)
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
      throw SyntaxError(message: "a reference without its ';' (write '&amp;' for a '&')", offset: start)
    }
    cursor += 1
    switch name(nameStart, nameEnd) {
    case "amp": return 0x26
    case "lt": return 0x3C
    case "gt": return 0x3E
    case "quot": return 0x22
    case "apos": return 0x27
    case let entity:
      throw SyntaxError(
        message: "the entity '&\(entity);' is not defined: XML knows only &amp; &lt; &gt; &quot; &apos; — write the "
          + "character itself or a numeric reference (&#160;)",
        offset: start)
    }
  }

  /// A start tag at the cursor, its attributes read and its names resolved.
  private mutating func readStartTag() throws(SyntaxError) -> StartTag {
    let offset = cursor
    if rootClosed {
      throw SyntaxError(message: "a second root element: only one element may hold the document", offset: offset)
    }
    cursor += 1
    let nameStart = cursor
    let nameEnd = try readName("'<' must start a tag: write '&lt;' for a '<' in text")
    var raw: [(nameStart: Int, nameEnd: Int, value: String)] = []
    var isEmpty = false
    while true {
      let spaced = skipSpace()
      guard cursor < bytes.count else {
        throw SyntaxError(message: "the file ends inside the tag <\(name(nameStart, nameEnd))>", offset: offset)
      }
      if bytes[cursor] == UInt8(ascii: ">") {
        cursor += 1
        break
      }
      if startsWith("/>") {
        cursor += 2
        isEmpty = true
        break
      }
      guard spaced else {
        throw SyntaxError(
          message: "expected white space, '>' or '/>' in a tag, found \(describe(cursor))", offset: cursor)
      }
      let attributeStart = cursor
      let attributeEnd: Int
      do {
        attributeEnd = try readName("")
      } catch {
        throw SyntaxError(
          message: "expected an attribute name, '>' or '/>' in a tag, found \(describe(cursor))", offset: cursor)
      }
      skipSpace()
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
        throw SyntaxError(
          message: "the attribute '\(name(attributeStart, attributeEnd))' has no '=' and value", offset: cursor)
      }
      cursor += 1
      skipSpace()
      raw.append((attributeStart, attributeEnd, try readAttributeValue()))
    }
    try refuseDuplicates(raw.map { ($0.nameStart, $0.nameEnd) }, what: "attribute")
    sawRoot = true
    openElements.append((nameStart, nameEnd, offset))
    let depth = openElements.count
    // Namespace declarations first: they apply to the element's own name and attributes.
    var declarations = 0
    for attribute in raw {
      guard let prefixStart = declaredPrefixStart(attribute.nameStart, attribute.nameEnd) else { continue }
      declarations += 1
      if prefixStart < attribute.nameEnd { try checkQualifiedName(attribute.nameStart, attribute.nameEnd) }
      try bind(name(prefixStart, attribute.nameEnd), to: attribute.value, depth: depth, at: attribute.nameStart)
    }
    let (namespace, localName) = try resolve(nameStart, nameEnd, isAttribute: false)
    var attributes: [Attribute] = []
    attributes.reserveCapacity(raw.count - declarations)
    for attribute in raw where declarations == 0 || declaredPrefixStart(attribute.nameStart, attribute.nameEnd) == nil {
      let (attributeNamespace, attributeName) = try resolve(attribute.nameStart, attribute.nameEnd, isAttribute: true)
      attributes.append(Attribute(namespace: attributeNamespace, localName: attributeName, value: attribute.value))
    }
    try refuseExpandedDuplicates(attributes, element: name(nameStart, nameEnd), at: offset)
    pendingEnd = isEmpty
    return StartTag(
      namespace: namespace, localName: localName, qualifiedName: name(nameStart, nameEnd), attributes: attributes,
      offset: offset)
  }

  /// Where the prefix of a namespace declaration's name starts (`xmlns:p` → at `p`; the end for
  /// `xmlns`, the default namespace), or `nil` for another attribute.
  @inline(__always)
  private func declaredPrefixStart(_ start: Int, _ end: Int) -> Int? {
    guard end - start >= 5, startsWith("xmlns", at: start) else { return nil }
    if end - start == 5 { return end }
    return bytes[start + 5] == UInt8(ascii: ":") ? start + 6 : nil
  }

  /// Refuses two prefixed attributes that name the same attribute once resolved (`a:x` and
  /// `b:x` with both prefixes bound to one namespace).
  private func refuseExpandedDuplicates(_ attributes: [Attribute], element: @autoclosure () -> String, at offset: Int)
    throws(SyntaxError)
  {
    var prefixed = 0
    for attribute in attributes where attribute.namespace != nil { prefixed += 1 }
    guard prefixed > 1 else { return }
    var seen = Set<String>()
    for attribute in attributes {
      guard let space = attribute.namespace, !seen.insert(space + "\u{0}" + attribute.localName).inserted else {
        continue
      }
      throw SyntaxError(
        message: "two attributes of <\(element())> have the same name once their prefixes are resolved "
          + "({\(space)}\(attribute.localName))",
        offset: offset)
    }
  }

  /// A quoted attribute value at the cursor: references resolved, white space characters read as
  /// spaces (XML's attribute-value normalization), `<` refused.
  private mutating func readAttributeValue() throws(SyntaxError) -> String {
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
      throw SyntaxError(message: "an attribute value must be in quotes, found \(describe(cursor))", offset: cursor)
    }
    let quote = bytes[cursor]
    let start = cursor
    cursor += 1
    var value: [UInt8] = []
    while cursor < bytes.count {
      let byte = bytes[cursor]
      switch byte {
      case quote:
        cursor += 1
        return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "<"):
        throw SyntaxError(message: "'<' in an attribute value (write '&lt;')", offset: cursor)
      case UInt8(ascii: "&"):
        appendUTF8(try readReference(), to: &value)
      case 0x0D:
        value.append(0x20)
        cursor += cursor + 1 < bytes.count && bytes[cursor + 1] == 0x0A ? 2 : 1
      case 0x09, 0x0A:
        value.append(0x20)
        cursor += 1
      default:
        if byte < 0x20 || isNonCharacterFFFx(at: cursor) { throw refuseCharacter(at: cursor) }
        value.append(byte)
        cursor += 1
      }
    }
    throw SyntaxError(message: "an attribute value that is never closed", offset: start)
  }

  /// Refuses a name given twice in one tag (a set when there are many, so a tag with thousands of
  /// attributes is still read in linear time).
  private func refuseDuplicates(_ names: [(Int, Int)], what: String) throws(SyntaxError) {
    guard names.count > 1 else { return }
    func equal(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
      a.1 - a.0 == b.1 - b.0 && bytes[a.0..<a.1].elementsEqual(bytes[b.0..<b.1])
    }
    if names.count <= 8 {
      for second in 1..<names.count {
        for first in 0..<second where equal(names[first], names[second]) {
          throw SyntaxError(
            message: "the \(what) '\(name(names[second].0, names[second].1))' is given twice", offset: names[second].0)
        }
      }
      return
    }
    var seen = Set<String>()
    for entry in names where !seen.insert(name(entry.0, entry.1)).inserted {
      throw SyntaxError(message: "the \(what) '\(name(entry.0, entry.1))' is given twice", offset: entry.0)
    }
  }

  /// A QName: at most one colon, with a name on each side.
  private func checkQualifiedName(_ start: Int, _ end: Int) throws(SyntaxError) {
    var colon: Int?
    for index in start..<end where bytes[index] == UInt8(ascii: ":") {
      guard colon == nil, index > start, index + 1 < end else {
        throw SyntaxError(
          message: "'\(name(start, end))' is not a name namespaces allow (one ':' between two names)", offset: start)
      }
      colon = index
    }
    if let colon {
      let (value, _) = scalar(at: colon + 1)
      guard XMLCharacters.isNameStart(value), value != 0x3A else {
        throw SyntaxError(message: "'\(name(start, end))' is not a name namespaces allow", offset: start)
      }
    }
  }

  /// The namespace and local name of `prefix:local` or `local` (checked as namespaces want it).
  private func resolve(_ start: Int, _ end: Int, isAttribute: Bool) throws(SyntaxError) -> (String?, String) {
    var colon = -1
    for index in start..<end where bytes[index] == UInt8(ascii: ":") {
      guard colon < 0 else { try checkQualifiedName(start, end); break }
      colon = index
    }
    guard colon >= 0 else {
      // An unprefixed attribute is in no namespace; an element is in the default one.
      let local = name(start, end)
      if isAttribute { return (nil, local) }
      let namespace = bindings[""]
      return (namespace.flatMap { $0.isEmpty ? nil : $0 }, local)
    }
    try checkQualifiedName(start, end)
    let prefix = name(start, colon)
    guard let namespace = bindings[prefix], !namespace.isEmpty else {
      throw SyntaxError(
        message: "the namespace prefix '\(prefix)' is not declared (add xmlns:\(prefix)=\"…\")", offset: start)
    }
    return (namespace, name(colon + 1, end))
  }

  /// Binds a prefix (or the default namespace, "") for the element at `depth` and its content.
  private mutating func bind(_ prefix: String, to namespace: String, depth: Int, at offset: Int) throws(SyntaxError) {
    if prefix == "xmlns" || namespace == Self.xmlnsNamespace {
      throw SyntaxError(message: "the prefix 'xmlns' and its namespace cannot be declared", offset: offset)
    }
    if (prefix == "xml") != (namespace == Self.xmlNamespace) {
      throw SyntaxError(
        message: "the prefix 'xml' is bound to \(Self.xmlNamespace) only, and no other prefix to it", offset: offset)
    }
    if !prefix.isEmpty && namespace.isEmpty {
      throw SyntaxError(message: "the prefix '\(prefix)' cannot be bound to an empty namespace", offset: offset)
    }
    undoLog.append((depth, prefix, bindings[prefix]))
    bindings[prefix] = namespace
  }

  /// `</name>` at the cursor, closing the innermost element.
  private mutating func readEndTag() throws(SyntaxError) {
    let offset = cursor
    cursor += 2
    let nameStart = cursor
    let nameEnd = try readName("'</' must start an end tag")
    skipSpace()
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ">") else {
      throw SyntaxError(message: "expected '>' to end </\(name(nameStart, nameEnd))>", offset: cursor)
    }
    cursor += 1
    guard let open = openElements.last else {
      throw SyntaxError(message: "</\(name(nameStart, nameEnd))> closes no element", offset: offset)
    }
    guard
      open.nameEnd - open.nameStart == nameEnd - nameStart,
      bytes[open.nameStart..<open.nameEnd].elementsEqual(bytes[nameStart..<nameEnd])
    else {
      throw SyntaxError(
        message: "</\(name(nameStart, nameEnd))> does not close <\(name(open.nameStart, open.nameEnd))>, the element "
          + "open here", offset: offset)
    }
    closeElement()
  }

  private mutating func closeElement() {
    let depth = openElements.count
    while let last = undoLog.last, last.depth == depth {
      undoLog.removeLast()
      bindings[last.prefix] = last.previous
    }
    openElements.removeLast()
    if openElements.isEmpty { rootClosed = true }
  }
}
