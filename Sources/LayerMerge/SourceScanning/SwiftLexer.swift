/// Splits Swift source into tokens in one pass, in time linear in the input whatever it holds.
///
/// ```swift
/// Text("Hello \(name)", tableName: "Greetings") // a comment
/// ```
/// gives `Text` `(` string `\(` `name` `)` `,` `tableName` `:` string `)`; the first literal has
/// the segments `Hello ` and ``, the comment no token.
///
/// What it knows of Swift's lexical grammar: comments (`/* */` nest), string literals with
/// escapes, raw delimiters (`#"…"#`, `\#(…)`), multi-line literals (`"""`, the closing
/// indentation kept for decoding), interpolations holding any code (strings, closures, comments;
/// a line break ends a single-line literal there as the compiler does), regex literals (`#/…/#`
/// always; a bare `/…/` only where a division cannot be: see ``bareRegexEnd(at:)``), `#if` and
/// its branches as ordinary tokens. Bad source never stops it: an unterminated literal or comment
/// ends at the end of its line or of the file.
struct SwiftLexer {
  private let p: UnsafeBufferPointer<UInt8>
  private let n: Int
  private var i = 0
  private var out: SourceTokens
  /// ``FormNames/lengths``, to mark candidates with (``SourceTokens/marksCandidates`` says
  /// whether the lexer was given them).
  private let formLengths: UnsafeBufferPointer<UInt64>

  /// Lexes `bytes` and gives the tokens to `body`; they are freed when it returns.
  /// - Parameter formLengths: The forms' names' ``FormNames/lengths``: each identifier whose first
  ///   byte and length a name has is marked (``SourceTokens/candidates``) while its bytes are at
  ///   hand, so that the matcher visits those, not every token of the file.
  static func withTokens<Result>(
    of bytes: UnsafeBufferPointer<UInt8>,
    formLengths: UnsafeBufferPointer<UInt64> = UnsafeBufferPointer(start: nil, count: 0),
    _ body: (SourceTokens) -> Result
  ) -> Result {
    var lexer = SwiftLexer(bytes, formLengths: formLengths)
    lexer.run()
    defer { lexer.out.deallocate() }
    return body(lexer.out)
  }

  private init(_ bytes: UnsafeBufferPointer<UInt8>, formLengths: UnsafeBufferPointer<UInt64>) {
    p = bytes
    n = bytes.count
    self.formLengths = formLengths
    out = SourceTokens(forBytes: bytes.count)
    out.marksCandidates = formLengths.count == 256
    // A byte-order mark is no token.
    if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
  }

  // MARK: - Private

  // Kept a function of its own: inlined into `withTokens`, it left `lexPunctuation` out of line.
  @inline(never)
  private mutating func run() {
    while i < n {
      let b = p[i]
      if SourceBytes.isHorizontalSpace(b) {
        // Indentation comes in runs: step over one without going round the whole dispatch.
        i += 1
        while i < n, p[i] == SourceBytes.space { i += 1 }
      } else if SourceBytes.isLineBreak(b) {
        i += 1
        // Most lines end outside any interpolation: no call for them.
        if out.innermostLiteral >= 0 { endSingleLineInterpolations() }
      } else if SourceBytes.isIdentifierStart(b) {
        let start = i
        i += 1
        while i < n, SourceBytes.isIdentifierContinue(p[i]) { i += 1 }
        out.append(.identifier, start, i)
        markIfCandidate(firstByte: b, length: i - start)
      } else if SourceBytes.isDigit(b) {
        lexNumber()
      } else {
        lexPunctuation(b)
      }
    }
    out.finish(at: n)
  }

  // Inlined into the loop: a call per bracket, comma and quote cost 25 million instructions at
  // apps' density.
  @inline(__always)
  private mutating func lexPunctuation(_ b: UInt8) {
    let start = i
    switch b {
    case SourceBytes.quote:
      lexString(from: start, hashes: 0)
    case SourceBytes.hash:
      var j = i
      while j < n, p[j] == SourceBytes.hash { j += 1 }
      if j < n, p[j] == SourceBytes.quote {
        i = j
        lexString(from: start, hashes: j - start)
      } else if j < n, p[j] == SourceBytes.slash {
        lexExtendedRegex(from: start, hashes: j - start)
      } else if j == start + 1, j < n, SourceBytes.isIdentifierStart(p[j]) {
        i = j + 1
        while i < n, SourceBytes.isIdentifierContinue(p[i]) { i += 1 }
        out.append(.poundKeyword, start, i)
      } else {
        i = j
        out.append(.pound, start, j)
      }
    case SourceBytes.slash:
      if i + 1 < n, p[i + 1] == SourceBytes.slash {
        skipLineComment()
      } else if i + 1 < n, p[i + 1] == SourceBytes.star {
        skipBlockComment()
      } else if let end = bareRegexEnd(at: i) {
        out.append(.regex, start, end)
        i = end
      } else {
        lexOperator()
      }
    case SourceBytes.openParen: single { $0.open(.openParen, start) }
    case SourceBytes.closeParen:
      if out.innermostLiteral >= 0 && out.openParentheses == 0 {
        let literal = out.closeInterpolation(start)
        i += 1
        lexStringBody(literal, startsLine: false)
      } else {
        single { $0.close(.closeParen, start) }
      }
    case UInt8(ascii: "["): single { $0.open(.openBracket, start) }
    case UInt8(ascii: "]"): single { $0.close(.closeBracket, start) }
    case UInt8(ascii: "{"): single { $0.open(.openBrace, start) }
    case UInt8(ascii: "}"): single { $0.close(.closeBrace, start) }
    case UInt8(ascii: ","): punctuation(.comma)
    case UInt8(ascii: ":"): punctuation(.colon)
    case UInt8(ascii: ";"): punctuation(.semicolon)
    case UInt8(ascii: "."): punctuation(.dot)
    case UInt8(ascii: "?"): punctuation(.question)
    case UInt8(ascii: "!"): punctuation(.exclamation)
    case UInt8(ascii: "@"): punctuation(.at)
    case SourceBytes.backslash: punctuation(.backslash)
    case UInt8(ascii: "`"):
      // A quoted identifier: up to the next backtick on the line.
      var j = i + 1
      while j < n, p[j] != UInt8(ascii: "`"), !SourceBytes.isLineBreak(p[j]) { j += 1 }
      if j < n, p[j] == UInt8(ascii: "`") { j += 1 }
      out.append(.identifier, start, j)
      // A form named with its backticks (a declared helper) is matched as written.
      markIfCandidate(firstByte: b, length: j - start)
      i = j
    default:
      if SourceBytes.isOperatorCharacter(b) {
        lexOperator()
      } else {
        punctuation(.other)
      }
    }
  }

  /// Marks the identifier just appended as a candidate when some form's name starts with its first
  /// byte and has its length.
  @inline(__always)
  private mutating func markIfCandidate(firstByte: UInt8, length: Int) {
    if out.marksCandidates, formLengths[Int(firstByte)] & FormNames.lengthBit(length) != 0 { out.markCandidate() }
  }

  @inline(__always)
  private mutating func single(_ body: (inout SourceTokens) -> Void) {
    body(&out)
    i += 1
  }

  @inline(__always)
  private mutating func punctuation(_ kind: SourceToken.Kind) {
    out.append(kind, i, i + 1)
    i += 1
  }

  /// Digits, letters, `_`, and a `.` or an exponent's sign inside: `1_000`, `0x1p-3`, `1.5e+3`.
  private mutating func lexNumber() {
    let start = i
    i += 1
    while i < n {
      let b = p[i]
      if SourceBytes.isIdentifierContinue(b) {
        i += 1
      } else if b == UInt8(ascii: "."), i + 1 < n, SourceBytes.isDigit(p[i + 1]) {
        i += 1
      } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-"), isExponentMark(p[i - 1]) {
        i += 1
      } else {
        break
      }
    }
    out.append(.number, start, i)
  }

  @inline(__always)
  private func isExponentMark(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "p") || b == UInt8(ascii: "P")
  }

  /// A run of operator characters, stopping before a comment.
  private mutating func lexOperator() {
    let start = i
    i += 1
    while i < n, SourceBytes.isOperatorCharacter(p[i]) {
      if p[i] == SourceBytes.slash, i + 1 < n, p[i + 1] == SourceBytes.slash || p[i + 1] == SourceBytes.star { break }
      i += 1
    }
    out.append(.operator, start, i)
  }

  private mutating func skipLineComment() {
    i = SourceBytes.lineEnd(in: p, from: i)
  }

  /// A block comment; they nest in Swift. One that never ends runs to the end of the file.
  private mutating func skipBlockComment() {
    var depth = 0
    while i < n {
      if p[i] == SourceBytes.slash, i + 1 < n, p[i + 1] == SourceBytes.star {
        depth += 1
        i += 2
      } else if p[i] == SourceBytes.star, i + 1 < n, p[i + 1] == SourceBytes.slash {
        depth -= 1
        i += 2
        if depth == 0 { return }
      } else {
        i += 1
      }
    }
  }

  /// A line break inside the interpolation of a single-line literal ends the literal there, as
  /// the compiler does; and the literal it sits in, if that is single-line too.
  private mutating func endSingleLineInterpolations() {
    while out.innermostLiteral >= 0, out.literals[Int(out.innermostLiteral)].style == .swiftSingleLine {
      let literal = out.abandonInterpolation()
      out.endLiteral(literal, at: i - 1, terminated: false)
    }
  }

  // MARK: - String literals

  /// A literal whose opening `#`s (if any) start at `start` and whose first quote is at `i`.
  private mutating func lexString(from start: Int, hashes: Int) {
    var multiLine = i + 2 < n && p[i + 1] == SourceBytes.quote && p[i + 2] == SourceBytes.quote
    if multiLine && hashes > 0 {
      // `#"""#`, `#"""a"#`: a raw literal closed on its line is single-line, as the compiler has
      // it. (The scan costs the line once: the literal then runs at least that far.)
      var j = i + 3
      while j < n, !SourceBytes.isLineBreak(p[j]) {
        if p[j - 1] == SourceBytes.quote, hashesFollow(j, hashes) {
          multiLine = false
          break
        }
        j += 1
      }
    }
    if !multiLine && hashes == 0 {
      // Most literals are plain text up to their closing quote: made in one step.
      var j = i + 1
      while j < n, !SourceBytes.isStringSpecial(p[j]) { j += 1 }
      if j < n, p[j] == SourceBytes.quote {
        out.appendPlainLiteral(start: start, textStart: i + 1, textEnd: j)
        i = j + 1
        return
      }
    }
    let literal = out.beginLiteral(multiLine ? .swiftMultiLine : .swiftSingleLine, hashes: hashes, at: start)
    if multiLine {
      i += 3
      // The text starts on the next line; anything else on this one (an error) is kept as text.
      var j = i
      while j < n, SourceBytes.isHorizontalSpace(p[j]) { j += 1 }
      if j < n, SourceBytes.isLineBreak(p[j]) {
        i = j + (p[j] == SourceBytes.carriageReturn && j + 1 < n && p[j + 1] == SourceBytes.lineFeed ? 2 : 1)
      }
    } else {
      i += 1
    }
    lexStringBody(literal, startsLine: multiLine)
  }

  /// Reads a literal's text from `i` up to its end or its next interpolation (whose code the main
  /// loop then reads, coming back here at its `)`).
  private mutating func lexStringBody(_ literal: Int32, startsLine: Bool) {
    let info = out.literals[Int(literal)]
    let hashes = Int(info.hashes)
    let multiLine = info.style == .swiftMultiLine
    let segmentStart = i
    while i < n {
      // Plain text in a loop of its own, one test a byte: most of a literal's bytes.
      while i < n, !SourceBytes.isStringSpecial(p[i]) { i += 1 }
      guard i < n else { break }
      let b = p[i]
      if b == SourceBytes.quote {
        if multiLine {
          if i + 2 < n, p[i + 1] == SourceBytes.quote, p[i + 2] == SourceBytes.quote, hashesFollow(i + 3, hashes) {
            closeMultiLine(literal, segmentStart: segmentStart, startsLine: startsLine, quote: i)
            i += 3 + hashes
            out.endLiteral(literal, at: i, terminated: true)
            return
          }
        } else if hashesFollow(i + 1, hashes) {
          out.addSegment(to: literal, segmentStart, i)
          i += 1 + hashes
          out.endLiteral(literal, at: i, terminated: true)
          return
        }
        i += 1
      } else if b == SourceBytes.backslash {
        guard hashesFollow(i + 1, hashes) else {
          i += 1
          continue
        }
        let k = i + 1 + hashes
        if k < n, p[k] == SourceBytes.openParen {
          out.addSegment(to: literal, segmentStart, i, startsLine: startsLine)
          out.openInterpolation(of: literal, i, k + 1)
          i = k + 1
          return
        }
        // An escape: the character after it cannot end the literal. A line break is not skipped
        // in a single-line literal (it ends the literal).
        i = k < n && (multiLine || !SourceBytes.isLineBreak(p[k])) ? k + 1 : k
      } else if SourceBytes.isLineBreak(b) && !multiLine {
        out.addSegment(to: literal, segmentStart, i)
        out.endLiteral(literal, at: i, terminated: false)
        return
      } else {
        i += 1
      }
    }
    out.addSegment(to: literal, segmentStart, n, startsLine: startsLine)
    out.endLiteral(literal, at: n, terminated: false)
  }

  /// Records the last segment of a multi-line literal closed by the `"""` at `quote`: its text
  /// stops before the line break that precedes the closing line, whose indentation every line
  /// loses.
  private mutating func closeMultiLine(_ literal: Int32, segmentStart: Int, startsLine: Bool, quote: Int) {
    var j = quote
    while j > segmentStart, SourceBytes.isHorizontalSpace(p[j - 1]) { j -= 1 }
    let contentEnd: Int
    if j > segmentStart, SourceBytes.isLineBreak(p[j - 1]) {
      contentEnd =
        j - 1
        - (p[j - 1] == SourceBytes.lineFeed && j - 2 >= segmentStart && p[j - 2] == SourceBytes.carriageReturn ? 1 : 0)
      out.setIndentation(of: literal, j, quote)
    } else if j == segmentStart && startsLine {
      // Nothing but the closing line: an empty literal.
      contentEnd = segmentStart
      out.setIndentation(of: literal, j, quote)
    } else {
      contentEnd = quote
    }
    out.addSegment(to: literal, segmentStart, contentEnd, startsLine: startsLine)
  }

  @inline(__always)
  private func hashesFollow(_ at: Int, _ count: Int) -> Bool {
    if count == 0 { return true }
    guard at + count <= n else { return false }
    for k in at..<(at + count) where p[k] != SourceBytes.hash { return false }
    return true
  }

  // MARK: - Regex literals

  /// `#/…/#` (with any number of `#`): always a regex. Multi-line when a line break follows the
  /// opening delimiter; then it runs to `/#` or the end of the file, else to the end of the line.
  private mutating func lexExtendedRegex(from start: Int, hashes: Int) {
    var j = start + hashes + 1
    var k = j
    while k < n, SourceBytes.isHorizontalSpace(p[k]) { k += 1 }
    let multiLine = k < n && SourceBytes.isLineBreak(p[k])
    while j < n {
      let b = p[j]
      if b == SourceBytes.backslash {
        j += 2
      } else if b == SourceBytes.slash, hashesFollow(j + 1, hashes) {
        j += 1 + hashes
        break
      } else if !multiLine && SourceBytes.isLineBreak(b) {
        break
      } else {
        j += 1
      }
    }
    i = min(j, n)
    out.append(.regex, start, i)
  }

  /// The end of a bare `/…/` regex literal starting at `start`, or `nil` when the `/` is an
  /// operator. Conservative, so that a division is never taken for a regex: the `/` must come where
  /// an operand starts (after `(`, `[`, `{`, `,`, `:`, `;`, `=` or another operator separated by
  /// space, `return` and a few keywords, or at the start of a file or an interpolation) and not
  /// before a space; the literal must end on the same line at a `/` that follows no space and starts
  /// no comment, with no unbalanced `)` before (the rules of the Swift 6 lexer, SE-0354).
  private func bareRegexEnd(at start: Int) -> Int? {
    guard start + 1 < n else { return nil }
    let next = p[start + 1]
    if SourceBytes.isHorizontalSpace(next) || SourceBytes.isLineBreak(next) { return nil }
    if let last = out.lastToken {
      switch last.kind {
      case .openParen, .openBracket, .openBrace, .comma, .colon, .semicolon, .interpolationOpen, .operator:
        break
      case .identifier:
        guard isKeywordBeforeOperand(last) else { return nil }
      default:
        return nil
      }
    }
    var j = start + 1
    var groups = 0
    var classes = 0
    while j < n {
      let b = p[j]
      switch b {
      case SourceBytes.backslash:
        guard j + 1 < n, !SourceBytes.isLineBreak(p[j + 1]) else { return nil }
        j += 2
        continue
      case SourceBytes.slash:
        if SourceBytes.isHorizontalSpace(p[j - 1]) { return nil }
        if j + 1 < n, p[j + 1] == SourceBytes.slash || p[j + 1] == SourceBytes.star { return nil }
        return j + 1
      case SourceBytes.lineFeed, SourceBytes.carriageReturn:
        return nil
      case SourceBytes.openParen where classes == 0:
        groups += 1
      case SourceBytes.closeParen where classes == 0:
        if groups == 0 { return nil }
        groups -= 1
      case UInt8(ascii: "["):
        classes += 1
      case UInt8(ascii: "]"):
        if classes > 0 { classes -= 1 }
      default:
        break
      }
      j += 1
    }
    return nil
  }

  private func isKeywordBeforeOperand(_ token: SourceToken) -> Bool {
    let length = Int(token.end - token.start)
    guard length >= 2, length <= 6 else { return false }
    let word = UnsafeBufferPointer(rebasing: p[Int(token.start)..<Int(token.end)])
    for keyword in SwiftLexer.keywordsBeforeOperand where keyword.count == length {
      if keyword.elementsEqual(word) { return true }
    }
    return false
  }

  private static let keywordsBeforeOperand: [[UInt8]] = ["return", "case", "in", "throw", "try", "await"].map {
    Array($0.utf8)
  }
}
