/// Splits Objective-C (and C, C++) source into tokens in one pass, in linear time.
///
/// ```objc
/// label.text = NSLocalizedString(@"Hello", @"greeting"); // a comment
/// ```
/// gives `label` `.` `text` `=` `NSLocalizedString` `(` string `,` string `)` `;`.
///
/// What it knows: `//` comments (continued by a backslash at the end of the line) and `/* */`
/// comments (they do not nest), string literals `"…"` and `@"…"` with C escapes and line splices,
/// prefixed literals (`L"…"`, `u8"…"`), C++ raw literals `R"d(…)d"`, character literals (and
/// `1'000` digit separators, which are not), preprocessor lines as ordinary tokens. An unterminated
/// literal ends at the end of its line, an unterminated comment at the end of the file.
struct ObjectiveCLexer {
  private let p: UnsafeBufferPointer<UInt8>
  private let n: Int
  private var i = 0
  private var out: SourceTokens

  /// Lexes `bytes` and gives the tokens to `body`; they are freed when it returns.
  static func withTokens<Result>(of bytes: UnsafeBufferPointer<UInt8>, _ body: (SourceTokens) -> Result) -> Result {
    var lexer = ObjectiveCLexer(bytes)
    lexer.run()
    defer { lexer.out.deallocate() }
    return body(lexer.out)
  }

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    p = bytes
    n = bytes.count
    out = SourceTokens(forBytes: bytes.count)
    if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
  }

  // MARK: - Private

  private mutating func run() {
    while i < n {
      let b = p[i]
      let start = i
      if SourceBytes.isHorizontalSpace(b) || SourceBytes.isLineBreak(b) {
        i += 1
      } else if SourceBytes.isIdentifierStart(b) {
        i += 1
        while i < n, SourceBytes.isIdentifierContinue(p[i]) { i += 1 }
        if i < n, p[i] == SourceBytes.quote, let raw = rawPrefixKind(start, i) {
          if raw {
            lexRawString(from: start)
          } else {
            lexString(from: start)
          }
        } else {
          out.append(.identifier, start, i)
        }
      } else if SourceBytes.isDigit(b) {
        lexNumber()
      } else {
        lexPunctuation(b)
      }
    }
    out.finish(at: n)
  }

  private mutating func lexPunctuation(_ b: UInt8) {
    let start = i
    switch b {
    case SourceBytes.quote:
      lexString(from: start)
    case UInt8(ascii: "@") where i + 1 < n && p[i + 1] == SourceBytes.quote:
      i += 1
      lexString(from: start)
    case SourceBytes.apostrophe:
      lexCharacter()
    case SourceBytes.slash:
      if i + 1 < n, p[i + 1] == SourceBytes.slash {
        skipLineComment()
      } else if i + 1 < n, p[i + 1] == SourceBytes.star {
        skipBlockComment()
      } else {
        lexOperator()
      }
    case SourceBytes.openParen: open(.openParen)
    case SourceBytes.closeParen: close(.closeParen)
    case UInt8(ascii: "["): open(.openBracket)
    case UInt8(ascii: "]"): close(.closeBracket)
    case UInt8(ascii: "{"): open(.openBrace)
    case UInt8(ascii: "}"): close(.closeBrace)
    case UInt8(ascii: ","): punctuation(.comma)
    case UInt8(ascii: ":"): punctuation(.colon)
    case UInt8(ascii: ";"): punctuation(.semicolon)
    case UInt8(ascii: "."): punctuation(.dot)
    case UInt8(ascii: "?"): punctuation(.question)
    case UInt8(ascii: "!"): punctuation(.exclamation)
    case UInt8(ascii: "@"): punctuation(.at)
    case SourceBytes.hash: punctuation(.pound)
    case SourceBytes.backslash: punctuation(.backslash)
    default:
      if SourceBytes.isOperatorCharacter(b) {
        lexOperator()
      } else {
        punctuation(.other)
      }
    }
  }

  private mutating func open(_ kind: SourceToken.Kind) {
    out.open(kind, i)
    i += 1
  }

  private mutating func close(_ kind: SourceToken.Kind) {
    out.close(kind, i)
    i += 1
  }

  @inline(__always)
  private mutating func punctuation(_ kind: SourceToken.Kind) {
    out.append(kind, i, i + 1)
    i += 1
  }

  /// Whether the identifier `start..<end` right before a quote prefixes a string: `true` for a raw
  /// string (`R`, `LR`, `uR`, `UR`, `u8R`), `false` for an encoding prefix (`L`, `u`, `U`, `u8`),
  /// `nil` for any other identifier (a macro name before a literal, such as `CFSTR"…"`, is not a
  /// prefix).
  private func rawPrefixKind(_ start: Int, _ end: Int) -> Bool? {
    var j = start
    if j < end, p[j] == UInt8(ascii: "u"), j + 1 < end, p[j + 1] == UInt8(ascii: "8") {
      j += 2
    } else if j < end, p[j] == UInt8(ascii: "L") || p[j] == UInt8(ascii: "u") || p[j] == UInt8(ascii: "U") {
      j += 1
    }
    if j == end { return j > start ? false : nil }
    return j + 1 == end && p[j] == UInt8(ascii: "R") ? true : nil
  }

  /// Digits and letters, `.`, an exponent's sign, and `'` between digits (C++14 separators).
  private mutating func lexNumber() {
    let start = i
    i += 1
    while i < n {
      let b = p[i]
      if SourceBytes.isIdentifierContinue(b) || b == UInt8(ascii: ".") {
        i += 1
      } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-"),
        p[i - 1] | 0x20 == UInt8(ascii: "e") || p[i - 1] | 0x20 == UInt8(ascii: "p")
      {
        i += 1
      } else if b == SourceBytes.apostrophe, i + 1 < n, SourceBytes.isIdentifierContinue(p[i + 1]) {
        i += 2
      } else {
        break
      }
    }
    out.append(.number, start, i)
  }

  private mutating func lexOperator() {
    let start = i
    i += 1
    while i < n, SourceBytes.isOperatorCharacter(p[i]) {
      if p[i] == SourceBytes.slash, i + 1 < n, p[i + 1] == SourceBytes.slash || p[i + 1] == SourceBytes.star { break }
      i += 1
    }
    out.append(.operator, start, i)
  }

  /// To the end of the line; a backslash right before the line break continues the comment.
  private mutating func skipLineComment() {
    while i < n {
      let b = p[i]
      if SourceBytes.isLineBreak(b) {
        guard i > 0, p[i - 1] == SourceBytes.backslash else { return }
        i += b == SourceBytes.carriageReturn && i + 1 < n && p[i + 1] == SourceBytes.lineFeed ? 2 : 1
      } else {
        i += 1
      }
    }
  }

  private mutating func skipBlockComment() {
    i += 2
    while i < n {
      if p[i] == SourceBytes.star, i + 1 < n, p[i + 1] == SourceBytes.slash {
        i += 2
        return
      }
      i += 1
    }
  }

  /// `'a'`, `'\''`: one token, to the closing quote or the end of the line.
  private mutating func lexCharacter() {
    let start = i
    i += 1
    while i < n {
      let b = p[i]
      if b == SourceBytes.apostrophe {
        i += 1
        break
      }
      if SourceBytes.isLineBreak(b) { break }
      i += b == SourceBytes.backslash && i + 1 < n && !SourceBytes.isLineBreak(p[i + 1]) ? 2 : 1
    }
    out.append(.character, start, i)
  }

  /// A literal whose prefix (`@`, `L`…) starts at `start`, its quote at `i`.
  private mutating func lexString(from start: Int) {
    let literal = out.beginLiteral(.c, hashes: 0, at: start)
    i += 1
    let contentStart = i
    while i < n {
      let b = p[i]
      if b == SourceBytes.quote {
        out.addSegment(to: literal, contentStart, i)
        i += 1
        out.endLiteral(literal, at: i, terminated: true)
        return
      }
      if b == SourceBytes.backslash {
        // An escape, or a line splice (backslash, line break) that the literal goes on after.
        i += 1
        if i < n, p[i] == SourceBytes.carriageReturn, i + 1 < n, p[i + 1] == SourceBytes.lineFeed { i += 1 }
        i += 1
        continue
      }
      if SourceBytes.isLineBreak(b) { break }
      i += 1
    }
    i = min(i, n)
    out.addSegment(to: literal, contentStart, i)
    out.endLiteral(literal, at: i, terminated: false)
  }

  /// `R"delim(…)delim"`: no escapes, line breaks allowed. A delimiter that is not one (longer than
  /// 16 characters, or holding a space, parenthesis or backslash) leaves an ordinary literal.
  private mutating func lexRawString(from start: Int) {
    let quote = i
    var j = quote + 1
    while j < n, j - quote <= 17, p[j] != SourceBytes.openParen {
      let b = p[j]
      if b == SourceBytes.space || b == SourceBytes.closeParen || b == SourceBytes.backslash || b == SourceBytes.quote
        || SourceBytes.isLineBreak(b) || b == SourceBytes.tab
      {
        break
      }
      j += 1
    }
    guard j < n, p[j] == SourceBytes.openParen, j - quote - 1 <= 16 else {
      lexString(from: start)
      return
    }
    let delimiter = (quote + 1)..<j
    let contentStart = j + 1
    var k = contentStart
    while k < n {
      if p[k] == SourceBytes.closeParen, matchesDelimiter(after: k, delimiter) {
        let literal = out.beginLiteral(.cRaw, hashes: 0, at: start)
        out.addSegment(to: literal, contentStart, k)
        i = k + delimiter.count + 2
        out.endLiteral(literal, at: i, terminated: true)
        return
      }
      k += 1
    }
    let literal = out.beginLiteral(.cRaw, hashes: 0, at: start)
    out.addSegment(to: literal, contentStart, n)
    i = n
    out.endLiteral(literal, at: n, terminated: false)
  }

  private func matchesDelimiter(after close: Int, _ delimiter: Range<Int>) -> Bool {
    var k = close + 1
    for d in delimiter {
      guard k < n, p[k] == p[d] else { return false }
      k += 1
    }
    return k < n && p[k] == SourceBytes.quote
  }
}
