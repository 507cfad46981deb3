/// CoreFoundation's old-style property-list parser (`CFOldStylePList.c`), transcribed to work on
/// UTF-8 bytes and extended to remember where every top-level key starts.
///
/// Sample input, a `.strings` file (a dictionary without its braces):
///
///     /* Title of the login screen */
///     "login.title" = "Sign in";
///     greeting = 'Hello, "friend"';
///
/// Acceptance follows FORMATS.md Appendix C exactly, quirks included: whatever CF accepts we accept
/// with the same values, whatever it rejects we reject. Where CF stops silently (garbage after a
/// complete entry, an unterminated `/*`), the scanner records where, so the reader can report it.
struct OldStylePlistScanner {
  /// A syntax error: CF rejects the file.
  struct SyntaxError: Error {
    var message: String
    var offset: Int
  }

  /// What the whole text parsed to.
  enum Outcome {
    /// A dictionary (the normal `.strings` form, braced or not), with where each key starts.
    case dictionary([LocalizationEntry], keyOffsets: [Int])
    /// A single object that is not a dictionary; the runtime ignores such a file.
    case other(LocalizationValue)
  }

  /// A warning about content CF accepts but that is probably a mistake.
  struct Remark {
    var code: DiagnosticCode
    var message: String
    var offset: Int
  }

  private let text: UnsafeBufferPointer<UInt8>
  private let end: Int
  private var cur = 0
  /// The line at `cur` and where it starts, kept up to date in the same pass as the parse.
  private var line = 1
  private var lineStart = 0
  /// The last offset whose column was asked for, and that column.
  private var columnCache = (offset: 0, column: 1)
  private var containsSurrogates: Bool
  private(set) var remarks: [Remark] = []
  /// Where CF stopped reading a complete top-level dictionary before the end of the text.
  private(set) var stopOffset: Int?
  /// Why it stopped there, when the cause was a malformed key rather than a stray character.
  private(set) var stopReason: String?
  /// Where an unterminated `/*` that swallowed the rest of the text began.
  private(set) var unterminatedCommentOffset: Int?
  private var collectsRemarks = true
  /// Whether to record ``entryLayouts`` and ``closingBraceOffset`` (for an editor).
  var recordsLayout = false
  /// Where each top-level entry stands, when ``recordsLayout`` is set: one per entry returned.
  private(set) var entryLayouts: [OldStyleEntryLayout] = []
  /// Where the `}` of a braced top-level dictionary stands, when ``recordsLayout`` is set.
  private(set) var closingBraceOffset: Int?

  private static let maximumDepth = 512

  /// Creates a scanner over decoded text.
  /// - Parameters:
  ///   - text: Generalized UTF-8 (see ``DecodedText``).
  ///   - containsSurrogates: Whether the text may hold lone surrogates.
  ///   - source: The same text, kept by entries to decode their comments when read.
  ///   - spanLimit: Texts of this many bytes or more keep no spans (32-bit offsets); tests lower it.
  init(
    text: UnsafeBufferPointer<UInt8>, containsSurrogates: Bool, source: SourceText? = nil,
    spanLimit: Int = ByteSpan.addressableCount
  ) {
    self.text = text
    self.end = text.count
    self.containsSurrogates = containsSurrogates
    self.source = source
    // Spans are exact only where the text holds no surrogates to pair when a string is made.
    self.spansFit = text.count < spanLimit
    self.makesSpans = source != nil && !containsSurrogates && spansFit
  }

  private let source: SourceText?
  /// Whether keys and plain values are kept as spans of `source` instead of strings.
  private let makesSpans: Bool
  /// Whether offsets of the text fit in a ``ByteSpan`` at all (comments are spans even when the
  /// text holds surrogates).
  private let spansFit: Bool
  /// Where each key of the top-level dictionary starts.
  private var keyOffsets: [Int] = []

  /// Parses the whole text as CF's `__CFCreateOldStylePropertyListOrStringsFile` does.
  mutating func parseTopLevel() throws(SyntaxError) -> Outcome {
    guard advanceToNonSpace() else { return .dictionary([], keyOffsets: []) }
    topLevelBracedEntries = nil
    let first = try parseObject(required: true, depth: 0, key: nil) ?? .string("")
    guard advanceToNonSpace() else {
      // The whole file is one object.
      if case .dictionary = first, let entries = topLevelBracedEntries {
        return .dictionary(entries, keyOffsets: topLevelBracedOffsets)
      }
      return .other(first)
    }
    guard case .string = first else {
      throw SyntaxError(
        message: "unexpected \(describeCharacter(at: cur)) after the \(kind(of: first)) that makes up the file",
        offset: cur)
    }
    // The first object was a string followed by more text: this is a strings file. Start over.
    cur = 0
    line = 1
    lineStart = 0
    unterminatedCommentOffset = nil
    remarks = []
    stopOffset = nil
    stopReason = nil
    keyOffsets = []
    entryLayouts = []
    closingBraceOffset = nil
    let entries = try parseDictionaryContent(depth: 0)
    if stopOffset == nil, advanceToNonSpace() { stopOffset = cur }
    return .dictionary(entries, keyOffsets: keyOffsets)
  }

  /// Counts the entries that can be read from `offset` on, skipping whatever cannot be parsed.
  /// Used to say how much a silent stop loses.
  mutating func countRecoverableEntries(from offset: Int) -> Int {
    // Counting re-parses on this scanner: what the real parse found must survive it.
    let saved = (cur, line, lineStart, stopOffset, stopReason, unterminatedCommentOffset, keyOffsets)
    let savedLayout = (recordsLayout, entryLayouts)
    collectsRemarks = false
    recordsLayout = false
    defer {
      collectsRemarks = true
      (cur, line, lineStart, stopOffset, stopReason, unterminatedCommentOffset, keyOffsets) = saved
      (recordsLayout, entryLayouts) = savedLayout
    }
    var count = 0
    var position = offset
    while position < end {
      cur = position
      unterminatedCommentOffset = nil
      do {
        count += try parseDictionaryContent(depth: 0).count
        if let comment = unterminatedCommentOffset {
          position = comment + 2
          continue
        }
        guard advanceToNonSpace() else { break }
        position = cur + GeneralizedUTF8.sequenceLength(lead: text[cur])
      } catch {
        position = nextLineStart(after: max(error.offset, position))
      }
    }
    return count
  }

  // MARK: - Private

  /// The entries of a braced top-level dictionary, kept for their positions.
  private var topLevelBracedEntries: [LocalizationEntry]?
  private var topLevelBracedOffsets: [Int] = []

  private mutating func parseObject(required: Bool, depth: Int, key: String?) throws(SyntaxError)
    -> LocalizationValue?
  {
    if depth > Self.maximumDepth {
      throw SyntaxError(message: "too many nested arrays or dictionaries (more than 512)", offset: cur)
    }
    guard advanceToNonSpace() else {
      if required {
        let what = key.map { "a value for key \(quoted($0))" } ?? "a value"
        throw SyntaxError(message: "expected \(what), found the end of the file", offset: cur)
      }
      return nil
    }
    let byte = text[cur]
    switch byte {
    case UInt8(ascii: "{"):
      let open = cur
      cur += 1
      let offsetsBefore = keyOffsets.count
      let entries = try parseDictionaryContent(depth: depth)
      guard advanceToNonSpace(), text[cur] == UInt8(ascii: "}") else {
        throw SyntaxError(
          message: "expected '}' to close the dictionary opened here, found \(describeCharacter(at: cur))",
          offset: open)
      }
      if recordsLayout && depth == 0 { closingBraceOffset = cur }
      cur += 1
      if depth == 0 {
        topLevelBracedEntries = entries
        topLevelBracedOffsets = Array(keyOffsets[offsetsBefore...])
      }
      return .dictionary(OrderedDictionary(entries.map { ($0.key, $0.value) }))
    case UInt8(ascii: "("):
      return try parseArray(depth: depth)
    case UInt8(ascii: "<"):
      return try parseData()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      cur += 1
      return .string(string(of: try parseQuoted(quote: byte)))
    default:
      if OldStyleSyntax.isUnquotedCharacter(byte) { return .string(string(of: parseUnquoted())) }
      if required {
        let what = key.map { "a value for key \(quoted($0))" } ?? "a key or a value"
        throw SyntaxError(message: "expected \(what), found \(describeCharacter(at: cur))", offset: cur)
      }
      return nil
    }
  }

  private mutating func parseDictionaryContent(depth: Int) throws(SyntaxError) -> [LocalizationEntry] {
    var entries: [LocalizationEntry] = []
    // Entries of real files take 60 bytes and more; room reserved but not used is never touched.
    if depth == 0 { entries.reserveCapacity((end - cur) / 48) }
    while true {
      let triviaStart = cur
      guard advanceToNonSpace() else { break }
      let keyOffset = cur
      let keyPosition = TextPosition(line: line, column: column(of: keyOffset))
      let byte = text[cur]
      let key: Token
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        cur += 1
        do {
          key = try parseQuoted(quote: byte)
        } catch {
          // CF clears a failed key's error and ends the dictionary as if nothing followed.
          if depth == 0 {
            stopOffset = keyOffset
            stopReason = error.message
          }
          break
        }
      } else if OldStyleSyntax.isUnquotedCharacter(byte) {
        key = parseUnquoted()
      } else {
        break  // CF ends the dictionary here without an error.
      }
      let keyEnd = cur
      guard advanceToNonSpace() else {
        throw SyntaxError(
          message: "expected '=' or ';' after key \(quoted(string(of: key))), found the end of the file",
          offset: keyEnd)
      }
      let value: LocalizationEntry.ValueStorage
      var valueStart: Int?
      switch text[cur] {
      case UInt8(ascii: ";"):
        value = valueStorage(of: key)
      case UInt8(ascii: "="):
        cur += 1
        // Skipping to the value is idempotent: the value's parse starts where this stops.
        if recordsLayout && depth == 0 && advanceToNonSpace() { valueStart = cur }
        value = try parseEntryValue(depth: depth + 1, key: key)
      default:
        throw SyntaxError(
          message: "expected '=' or ';' after key \(quoted(string(of: key))), found \(describeCharacter(at: cur))",
          offset: cur)
      }
      let valueEnd = cur
      entries.append(
        makeEntry(
          key: key, value: value, trivia: triviaStart..<keyOffset, followsEntry: !entries.isEmpty,
          position: keyPosition))
      if depth == 0 { keyOffsets.append(keyOffset) }
      guard advanceToNonSpace(), text[cur] == UInt8(ascii: ";") else {
        // A value that runs over lines usually means its closing quote is missing, and the
        // quote of the next line closed it.
        let valueText = entries[entries.count - 1].value.stringValue
        if line > keyPosition.line && (valueText?.contains(where: \.isNewline) ?? false) {
          throw SyntaxError(
            message: "missing ';' after the entry for key \(quoted(string(of: key))): its value runs over "
              + "\(line - keyPosition.line + 1) lines; is its closing quote missing?", offset: keyOffset)
        }
        throw SyntaxError(message: "missing ';' after the entry for key \(quoted(string(of: key)))", offset: valueEnd)
      }
      cur += 1
      if recordsLayout && depth == 0 {
        entryLayouts.append(
          OldStyleEntryLayout(key: keyOffset..<keyEnd, value: valueStart.map { $0..<valueEnd }, end: cur))
      }
    }
    return entries
  }

  /// Parses the value after `=`: a plain string stays a token, anything else goes through
  /// ``parseObject(required:depth:key:)``.
  private mutating func parseEntryValue(depth: Int, key: Token) throws(SyntaxError) -> LocalizationEntry.ValueStorage {
    if makesSpans, depth <= Self.maximumDepth, advanceToNonSpace() {
      let byte = text[cur]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        cur += 1
        return valueStorage(of: try parseQuoted(quote: byte))
      }
      if OldStyleSyntax.isUnquotedCharacter(byte) { return valueStorage(of: parseUnquoted()) }
    }
    // A required object never comes back nil; the fallback only satisfies the type checker.
    return .value(try parseObject(required: true, depth: depth, key: string(of: key)) ?? .string(""))
  }

  /// An entry whose parts are spans of `source` where they can be: a text too large for 32-bit
  /// offsets, or a scanner without a source, gets strings (and its comment found now).
  private func makeEntry(
    key: Token, value: LocalizationEntry.ValueStorage, trivia: Range<Int>, followsEntry: Bool, position: TextPosition
  ) -> LocalizationEntry {
    if let source, spansFit {
      let keyStorage: LocalizationEntry.TextStorage
      switch key {
      case .span(let range): keyStorage = .span(ByteSpan(range))
      case .string(let text): keyStorage = .string(text)
      }
      return LocalizationEntry(
        source: source, key: keyStorage, value: value,
        comment: .trivia(ByteSpan(trivia), followsEntry: followsEntry), position: position)
    }
    let comment =
      source == nil
      ? nil
      : TriviaComments.comment(
        in: text, range: trivia, followsEntry: followsEntry, containsSurrogates: containsSurrogates)
    let plainValue: LocalizationValue
    switch value {
    case .value(let value): plainValue = value
    case .span(let span): plainValue = .string(string(of: .span(Int(span.start)..<Int(span.end))))
    }
    return LocalizationEntry(key: string(of: key), value: plainValue, comment: comment, position: position)
  }

  private func valueStorage(of token: Token) -> LocalizationEntry.ValueStorage {
    switch token {
    case .span(let range): return .span(ByteSpan(range))
    case .string(let text): return .value(.string(text))
    }
  }

  /// A quoted or unquoted string: a span of the text when it holds no escapes and spans are made,
  /// otherwise the string.
  private enum Token {
    case span(Range<Int>)
    case string(String)
  }

  private func string(of token: Token) -> String {
    switch token {
    case .string(let text):
      return text
    case .span(let range):
      return GeneralizedUTF8.string(
        UnsafeBufferPointer(rebasing: text[range]), mayContainSurrogates: containsSurrogates)
    }
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> LocalizationValue {
    let open = cur
    cur += 1
    var elements: [LocalizationValue] = []
    // CF checks for the closing parenthesis even after an element failed, and that check's
    // error replaces the element's; a failed element right before ')' is simply dropped.
    do {
      var element = try parseObject(required: false, depth: depth + 1, key: nil)
      while let value = element {
        elements.append(value)
        guard advanceToNonSpace() else {
          throw SyntaxError(message: "expected ',' or ')' in the array opened here", offset: open)
        }
        guard text[cur] == UInt8(ascii: ",") else { break }
        cur += 1
        element = try parseObject(required: false, depth: depth + 1, key: nil)
      }
    } catch {
      // Fall through to the terminator check, as CF does.
    }
    guard advanceToNonSpace(), text[cur] == UInt8(ascii: ")") else {
      throw SyntaxError(message: "expected ')' to close the array opened here", offset: open)
    }
    cur += 1
    return .array(elements)
  }

  private mutating func parseData() throws(SyntaxError) -> LocalizationValue {
    let open = cur
    cur += 1
    var bytes: [UInt8] = []
    var pendingLowSurrogate: UInt16?
    // CF looks at UTF-16 units and keeps only their low byte before checking for hex digits.
    func nextUnit() -> UInt16? {
      if let low = pendingLowSurrogate {
        pendingLowSurrogate = nil
        cur += 4
        return low
      }
      guard cur < end else { return nil }
      let scalar = GeneralizedUTF8.scalar(text, at: cur)
      if scalar > 0xFFFF {
        let value = scalar - 0x10000
        pendingLowSurrogate = UInt16(0xDC00 | value & 0x3FF)
        return UInt16(0xD800 | value >> 10)
      }
      cur += GeneralizedUTF8.sequenceLength(lead: text[cur])
      return UInt16(scalar)
    }
    func isDataWhitespace(_ unit: UInt16) -> Bool {
      unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0x2028 || unit == 0x2029
    }
    // CF checks only the low byte of each UTF-16 unit: `Ł` (U+0141) counts as the digit `A`.
    func hexValue(_ unit: UInt16) -> UInt8? { OldStyleSyntax.hexDigitValue(UInt8(truncatingIfNeeded: unit)) }
    while true {
      let unitStart = cur
      guard let first = nextUnit() else {
        throw SyntaxError(message: "expected '>' to close the data opened here", offset: open)
      }
      if first == UInt16(UInt8(ascii: ">")) { break }
      if isDataWhitespace(first) {
        if first == 0x0A || first == 0x0D { noteLineBreak(at: unitStart) }
        continue
      }
      // CF leaves the cursor on the first unit that is not a hex digit; an enclosing array
      // checks for its ')' there.
      guard hexValue(first) != nil else {
        cur = unitStart
        throw SyntaxError(
          message: "malformed data: \(describeCharacter(at: unitStart)) is not a hex digit",
          offset: unitStart)
      }
      let secondStart = cur
      guard let second = nextUnit() else {
        throw SyntaxError(message: "expected '>' to close the data opened here", offset: open)
      }
      if second == UInt16(UInt8(ascii: ">")) || isDataWhitespace(second) {
        cur = secondStart
        throw SyntaxError(message: "malformed data: an odd number of hex digits", offset: unitStart)
      }
      guard let high = hexValue(first), let low = hexValue(second) else {
        cur = secondStart
        throw SyntaxError(
          message: "malformed data: \(describeCharacter(at: secondStart)) is not a hex digit",
          offset: secondStart)
      }
      bytes.append(high << 4 | low)
    }
    return .data(bytes)
  }

  private mutating func parseUnquoted() -> Token {
    let start = cur
    while cur < end, OldStyleSyntax.isUnquotedCharacter(text[cur]) { cur += 1 }
    if makesSpans { return .span(start..<cur) }
    return .string(String(decoding: UnsafeBufferPointer(rebasing: text[start..<cur]), as: UTF8.self))
  }

  /// Parses a quoted string; `cur` is just past the opening quote.
  private mutating func parseQuoted(quote: UInt8) throws(SyntaxError) -> Token {
    let start = cur
    let (startLine, startLineStart) = (line, lineStart)
    var i = cur
    // Fast path: no escapes. Skip sixteen bytes at a time while none is the quote, a backslash or
    // a line break (which the line count needs); in the chunk that holds one, find it by words.
    scan: while i < end {
      if let base = text.baseAddress {
        let quotes = SIMD16<UInt8>(repeating: quote)
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        let returns = SIMD16<UInt8>(repeating: 0x0D)
        while i + 16 <= end {
          let chunk = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
          if any((chunk .== quotes) .| (chunk .== backslashes) .| (chunk .== lineFeeds) .| (chunk .== returns)) {
            let low = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let lowHits = stopBytes(in: low, quote: quote)
            if lowHits != 0 {
              i += lowHits.trailingZeroBitCount >> 3
            } else {
              let high = UnsafeRawPointer(base + i + 8).loadUnaligned(as: UInt64.self)
              i += 8 + stopBytes(in: high, quote: quote).trailingZeroBitCount >> 3
            }
            break
          }
          i += 16
        }
      }
      while i < end {
        let byte = text[i]
        if byte == quote || byte == UInt8(ascii: "\\") { break scan }
        if byte == 0x0A || byte == 0x0D {
          noteLineBreak(at: i)
          i += 1
          continue scan
        }
        i += 1
      }
    }
    guard i < end else {
      (line, lineStart) = (startLine, startLineStart)
      cur = start
      throw SyntaxError(
        message: "unterminated string: no closing \(quoteName(quote)) for the quote opened here",
        offset: start - 1)
    }
    if text[i] == quote {
      cur = i + 1
      if makesSpans { return .span(start..<i) }
      return .string(
        GeneralizedUTF8.string(UnsafeBufferPointer(rebasing: text[start..<i]), mayContainSurrogates: containsSurrogates)
      )
    }
    var buffer = Array(text[start..<i])
    var producedSurrogate = false
    while true {
      guard i < end else {
        (line, lineStart) = (startLine, startLineStart)
        cur = start
        throw SyntaxError(
          message: "unterminated string: no closing \(quoteName(quote)) for the quote opened here", offset: start - 1)
      }
      let byte = text[i]
      if byte == quote {
        cur = i + 1
        break
      }
      if byte != UInt8(ascii: "\\") {
        if byte == 0x0A || byte == 0x0D { noteLineBreak(at: i) }
        buffer.append(byte)
        i += 1
        continue
      }
      let escapeOffset = i
      i += 1
      guard i < end else {
        cur = i
        throw SyntaxError(
          message: "the file ends inside an escape sequence (a '\\' with nothing after it)",
          offset: escapeOffset)
      }
      let escaped = text[i]
      i += 1
      switch escaped {
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        appendUTF8(OldStyleSyntax.octalEscape(first: escaped, in: text, at: &i, end: end), to: &buffer)
      case UInt8(ascii: "U"):
        let (value, digits) = OldStyleSyntax.unicodeEscape(in: text, at: &i, end: end)
        if digits == 0 {
          remark(
            .emptyUnicodeEscape,
            "'\\U' without hex digits: Apple reads it as U+0000 (and newer Foundation rejects it); write \\U0000 "
              + "if that is meant", at: escapeOffset)
        }
        if value & 0xF800 == 0xD800 { producedSurrogate = true }
        appendUTF8(value, to: &buffer)
      case let letter where OldStyleSyntax.controlEscape(letter) != nil:
        buffer.append(OldStyleSyntax.controlEscape(letter) ?? letter)
      case UInt8(ascii: "u"):
        let digits = text[i..<min(end, i + 4)].prefix { OldStyleSyntax.hexDigitValue($0) != nil }
        let shown = String(decoding: digits, as: UTF8.self)
        remark(
          .lowercaseUnicodeEscape,
          "'\\u\(shown)' is not an escape in .strings files: Apple keeps it literally as 'u\(shown)'; "
            + "write '\\U\(shown)' or the character itself", at: escapeOffset)
        buffer.append(escaped)
      default:
        // Any other character stands for itself (including a line break after the backslash).
        if escaped == 0x0A || escaped == 0x0D { noteLineBreak(at: i - 1) }
        buffer.append(escaped)
        let length = GeneralizedUTF8.sequenceLength(lead: escaped)
        if length > 1 {
          let stop = min(end, i + length - 1)
          buffer.append(contentsOf: text[i..<stop])
          i = stop
        }
      }
    }
    return .string(GeneralizedUTF8.string(buffer, mayContainSurrogates: containsSurrogates || producedSurrogate))
  }

  /// The high bit of each byte of `word` (little-endian) that is `quote`, a backslash, LF or CR;
  /// the lowest one set is exact (higher ones may be false positives, which callers never use).
  @inline(__always)
  private func stopBytes(in word: UInt64, quote: UInt8) -> UInt64 {
    @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 {
      (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }
    let ones: UInt64 = 0x0101_0101_0101_0101
    return zeroBytes(word ^ (UInt64(quote) &* ones)) | zeroBytes(word ^ (0x5C &* ones))
      | zeroBytes(word ^ (0x0A &* ones)) | zeroBytes(word ^ (0x0D &* ones))
  }

  /// CF's `advanceToNonSpace`: skips whitespace and comments; `false` at the end of the text.
  private mutating func advanceToNonSpace() -> Bool {
    while cur < end {
      let byte = text[cur]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        if byte == 0x0A || byte == 0x0D { noteLineBreak(at: cur) }
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
        while cur < end {
          let b = text[cur]
          if b == 0x0A || b == 0x0D || (b == 0xE2 && OldStyleSyntax.isLineSeparator(text, at: cur)) { break }
          cur += 1
        }
      } else if next == UInt8(ascii: "*") {
        let open = cur
        cur += 2
        var closed = false
        let stars = SIMD16<UInt8>(repeating: UInt8(ascii: "*"))
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        let returns = SIMD16<UInt8>(repeating: 0x0D)
        while cur < end {
          // Skip sixteen bytes at a time while none can end the comment or start a line.
          if let base = text.baseAddress {
            while cur + 16 <= end {
              let chunk = UnsafeRawPointer(base + cur).loadUnaligned(as: SIMD16<UInt8>.self)
              if any((chunk .== stars) .| (chunk .== lineFeeds) .| (chunk .== returns)) { break }
              cur += 16
            }
          }
          guard cur < end else { break }
          let b = text[cur]
          if b == 0x0A || b == 0x0D { noteLineBreak(at: cur) }
          cur += 1
          if b == UInt8(ascii: "*"), cur < end, text[cur] == UInt8(ascii: "/") {
            cur += 1
            closed = true
            break
          }
        }
        if !closed { unterminatedCommentOffset = open }
      } else {
        return true
      }
    }
    return false
  }

  /// Counts the line break at `offset` (a CR, or an LF not preceded by CR) and starts a new line.
  @inline(__always)
  private mutating func noteLineBreak(at offset: Int) {
    if text[offset] == 0x0D || offset == 0 || text[offset - 1] != 0x0D { line += 1 }
    lineStart = offset + 1
  }

  /// The 1-based column of `offset` on the current line, in Unicode scalars. Counting goes on
  /// from the last column asked for on the same line, so the keys of a one-line file cost one
  /// pass over it, not one pass each.
  @inline(__always)
  private mutating func column(of offset: Int) -> Int {
    let resumes = columnCache.offset >= lineStart && columnCache.offset <= offset
    var column = resumes ? columnCache.column : 1
    var k = resumes ? columnCache.offset : lineStart
    while k < offset {
      if text[k] & 0xC0 != 0x80 { column += 1 }
      k += 1
    }
    columnCache = (offset, column)
    return column
  }

  private mutating func remark(_ code: DiagnosticCode, _ message: String, at offset: Int) {
    guard collectsRemarks else { return }
    remarks.append(Remark(code: code, message: message, offset: offset))
  }

  private func nextLineStart(after offset: Int) -> Int {
    var i = offset
    while i < end, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
    return i + 1
  }

  private func quoteName(_ quote: UInt8) -> String {
    quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""
  }

  private func kind(of value: LocalizationValue?) -> String {
    switch value {
    case .dictionary?: return "dictionary"
    case .array?: return "array"
    case .data?: return "data"
    default: return "value"
    }
  }

  /// Describes the character at `offset` for a message: `'x'`, `U+00A0`, or "the end of the file".
  func describeCharacter(at offset: Int) -> String {
    guard offset < end else { return "the end of the file" }
    let scalar = GeneralizedUTF8.scalar(text, at: offset)
    return Self.describe(scalar: scalar)
  }

  /// Describes a code point for a message.
  static func describe(scalar: UInt32) -> String {
    if scalar >= 0x21 && scalar < 0x7F { return "'\(Character(Unicode.Scalar(UInt8(scalar))))'" }
    let digits = String(scalar, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    var name = ""
    switch scalar {
    case 0x00A0: name = " (no-break space)"
    case 0xFEFF: name = " (byte-order mark)"
    case 0x0085: name = " (next line)"
    case 0x0000: name = " (NUL)"
    case 0x0020: name = " (space)"
    default: break
    }
    return "U+\(padded)\(name)"
  }
}

/// Quotes a key or value for a message (``DisplayText/quoted(_:)``: escaped, long text cut).
func quoted(_ text: String) -> String {
  DisplayText.quoted(text)
}
