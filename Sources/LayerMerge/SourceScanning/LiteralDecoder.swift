/// The value of a string literal's text, as the compiler makes it.
///
/// Swift: escapes `\0 \\ \t \n \r \" \'` and `\u{…}` (behind as many `#` as the raw delimiter has),
/// and for a multi-line literal the closing line's indentation removed from every line, line
/// breaks as `\n` (CR LF too), the break after a line that ends in a backslash (and any spaces
/// after it) removed. C and Objective-C: the C escapes, octal and hex bytes, `\u` and `\U`, line
/// splices. Bytes that are not UTF-8 become U+FFFD. An escape the compiler would refuse is kept as
/// written.
struct LiteralDecoder {
  /// The file's buffers only: the matcher makes a decoder for each key it reads.
  private let view: TokenView
  private var p: UnsafeBufferPointer<UInt8> { view.p }

  init(bytes: UnsafeBufferPointer<UInt8>, tokens: SourceTokens) {
    view = TokenView(bytes: bytes, tokens: tokens)
  }

  init(_ view: TokenView) {
    self.view = view
  }

  /// Each segment's value: one more than the literal has interpolations.
  func pieces(of literal: Int32) -> [String] {
    var pieces: [String] = []
    pieces.reserveCapacity(Int(view.literals[Int(literal)].segmentCount))
    forEachPiece(of: literal) { pieces.append(String(decoding: $0, as: UTF8.self)) }
    return pieces
  }

  /// Gives each segment's value to `body`, in order, as bytes valid during the call (a C escape
  /// can make bytes that are not UTF-8).
  func forEachPiece(of literal: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let info = view.literals[Int(literal)]
    var buffer: [UInt8] = []
    var segment = info.firstSegment
    while segment >= 0 {
      let s = view.segments[Int(segment)]
      if let text = plainText(of: s, in: info) {
        body(text)
      } else {
        buffer.removeAll(keepingCapacity: true)
        decode(s, of: info, into: &buffer)
        buffer.withUnsafeBufferPointer(body)
      }
      segment = s.next
    }
  }

  /// A segment's text when it is its value as written: one line (not a multi-line literal, whose
  /// lines lose their indentation) without an escape. Most pieces of interpolated keys; decoding
  /// them a byte at a time into a buffer cost 2,700 instructions a key.
  private func plainText(of segment: LiteralSegment, in literal: SourceStringLiteral) -> UnsafeBufferPointer<UInt8>? {
    guard literal.style != .swiftMultiLine else { return nil }
    let start = Int(segment.start)
    let end = min(Int(segment.end), p.count)
    guard start <= end else { return nil }
    let text = UnsafeBufferPointer(rebasing: p[start..<end])
    return literal.style == .cRaw || !text.containsByte(SourceBytes.backslash) ? text : nil
  }

  /// The value of the literals without interpolations that are the tokens `range`, written one
  /// after the other (`@"a" @"b"`, as C joins them).
  func joinedValue(ofLiteralTokens range: Range<Int>) -> String {
    withJoinedBytes(ofLiteralTokens: range) { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes of that value, read in place when they are the literal's text as written.
  func withJoinedBytes<Result>(ofLiteralTokens range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let first = view.tokens[range.lowerBound].link
    if Int(view.literals[Int(first)].lastToken) + 1 >= range.upperBound, let text = plainText(of: first) {
      return body(text)
    }
    return joinedBytes(ofLiteralTokens: range).withUnsafeBufferPointer(body)
  }

  /// The bytes of that value: a C escape can make bytes that are not UTF-8.
  func joinedBytes(ofLiteralTokens range: Range<Int>) -> [UInt8] {
    var buffer: [UInt8] = []
    var j = range.lowerBound
    while j < range.upperBound {
      let info = view.literals[Int(view.tokens[j].link)]
      var segment = info.firstSegment
      while segment >= 0 {
        let s = view.segments[Int(segment)]
        decode(s, of: info, into: &buffer)
        segment = s.next
      }
      j = max(j + 1, Int(info.lastToken) + 1)
    }
    return buffer
  }

  /// The text of a one-line literal without interpolations or escapes, which is its value as
  /// written: most keys, read without decoding byte by byte.
  private func plainText(of literal: Int32) -> UnsafeBufferPointer<UInt8>? {
    let info = view.literals[Int(literal)]
    guard info.firstSegment >= 0 else { return nil }
    let segment = view.segments[Int(info.firstSegment)]
    guard segment.next < 0 else { return nil }
    return plainText(of: segment, in: info)
  }

  // MARK: - Private

  private func decode(_ segment: LiteralSegment, of literal: SourceStringLiteral, into out: inout [UInt8]) {
    let start = Int(segment.start)
    let end = min(Int(segment.end), p.count)
    guard start < end else { return }
    switch literal.style {
    case .swiftSingleLine, .swiftMultiLine:
      decodeSwift(start, end, literal, startsLine: segment.startsLine, into: &out)
    case .c:
      decodeC(start, end, into: &out)
    case .cRaw:
      out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<end]))
    }
  }

  private func decodeSwift(
    _ start: Int, _ end: Int, _ literal: SourceStringLiteral, startsLine: Bool, into out: inout [UInt8]
  ) {
    let hashes = Int(literal.hashes)
    let multiLine = literal.style == .swiftMultiLine
    let indentation = Int(literal.indentationStart)..<Int(literal.indentationEnd)
    var atLineStart = multiLine && startsLine
    var j = start
    while j < end {
      if atLineStart {
        atLineStart = false
        var k = indentation.lowerBound
        while k < indentation.upperBound, j < end, p[j] == p[k] {
          j += 1
          k += 1
        }
        continue
      }
      let b = p[j]
      if multiLine && SourceBytes.isLineBreak(b) {
        out.append(SourceBytes.lineFeed)
        j += b == SourceBytes.carriageReturn && j + 1 < end && p[j + 1] == SourceBytes.lineFeed ? 2 : 1
        atLineStart = true
        continue
      }
      guard b == SourceBytes.backslash, hashesFollow(j + 1, hashes, end) else {
        out.append(b)
        j += 1
        continue
      }
      let k = j + 1 + hashes
      if k == end {
        // The last line continued (its break is not text anyway); else a lone escape.
        if !multiLine { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[j..<end])) }
        return
      }
      let escaped = p[k]
      switch escaped {
      case UInt8(ascii: "n"): out.append(SourceBytes.lineFeed)
      case UInt8(ascii: "t"): out.append(SourceBytes.tab)
      case UInt8(ascii: "r"): out.append(SourceBytes.carriageReturn)
      case UInt8(ascii: "0"): out.append(0)
      case SourceBytes.backslash, SourceBytes.quote, SourceBytes.apostrophe: out.append(escaped)
      case UInt8(ascii: "u"):
        if let (scalar, after) = bracedScalar(from: k + 1, end) {
          appendUTF8(scalar, to: &out)
          j = after
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[j...k]))
      default:
        if multiLine, SourceBytes.isHorizontalSpace(escaped) || SourceBytes.isLineBreak(escaped) {
          // A line continuation: the break, and the spaces before it, go.
          var m = k
          while m < end, SourceBytes.isHorizontalSpace(p[m]) { m += 1 }
          if m < end, SourceBytes.isLineBreak(p[m]) {
            j = m + (p[m] == SourceBytes.carriageReturn && m + 1 < end && p[m + 1] == SourceBytes.lineFeed ? 2 : 1)
            atLineStart = true
            continue
          }
          if m == end {
            j = end
            continue
          }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[j...k]))
      }
      j = k + 1
    }
  }

  /// `{1F600}` at `start`: the scalar and the offset after the brace, or `nil`.
  private func bracedScalar(from start: Int, _ end: Int) -> (UInt32, Int)? {
    guard start < end, p[start] == UInt8(ascii: "{") else { return nil }
    var value: UInt32 = 0
    var k = start + 1
    while k < end, k - start <= 8, let digit = OldStyleSyntax.hexDigitValue(p[k]) {
      value = value << 4 | UInt32(digit)
      k += 1
    }
    guard k > start + 1, k < end, p[k] == UInt8(ascii: "}") else { return nil }
    return (Unicode.Scalar(value) == nil ? 0xFFFD : value, k + 1)
  }

  private func decodeC(_ start: Int, _ end: Int, into out: inout [UInt8]) {
    var j = start
    while j < end {
      let b = p[j]
      guard b == SourceBytes.backslash, j + 1 < end else {
        out.append(b)
        j += 1
        continue
      }
      let escaped = p[j + 1]
      j += 2
      switch escaped {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "a"): out.append(0x07)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "v"): out.append(0x0B)
      case UInt8(ascii: "e"), UInt8(ascii: "E"): out.append(0x1B)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, j < end, p[j] >= UInt8(ascii: "0"), p[j] <= UInt8(ascii: "7") {
          value = value << 3 | UInt32(p[j] - UInt8(ascii: "0"))
          j += 1
          digits += 1
        }
        out.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "x"):
        var value: UInt32 = 0
        while j < end, let digit = OldStyleSyntax.hexDigitValue(p[j]) {
          value = value << 4 | UInt32(digit)
          j += 1
        }
        out.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "u"), UInt8(ascii: "U"):
        let count = escaped == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        var k = j
        while k < end, k - j < count, let digit = OldStyleSyntax.hexDigitValue(p[k]) {
          value = value << 4 | UInt32(digit)
          k += 1
        }
        guard k - j == count else {
          out.append(escaped)
          continue
        }
        appendUTF8(Unicode.Scalar(value) == nil ? 0xFFFD : value, to: &out)
        j = k
      case SourceBytes.lineFeed:
        break
      case SourceBytes.carriageReturn:
        if j < end, p[j] == SourceBytes.lineFeed { j += 1 }
      default:
        out.append(escaped)
      }
    }
  }

  private func hashesFollow(_ at: Int, _ count: Int, _ end: Int) -> Bool {
    guard at + count <= end else { return false }
    for k in at..<(at + count) where p[k] != SourceBytes.hash { return false }
    return true
  }
}
