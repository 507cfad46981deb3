/// One file's bytes and tokens as the matcher reads them: where a group or literal ends, what an
/// expression spells, whether a token is a given name.
///
/// Only buffers, nothing counted: the matcher asks these questions many times per candidate, and
/// asked of the matcher itself (a struct of arrays, 300 bytes), each call copied the whole matcher
/// first, a seventh of the match's work.
struct TokenView {
  let p: UnsafeBufferPointer<UInt8>
  let tokens: UnsafeBufferPointer<SourceToken>
  let literals: UnsafeBufferPointer<SourceStringLiteral>
  let segments: UnsafeBufferPointer<LiteralSegment>

  /// How many bytes of an expression a dynamic key or table shows.
  static let expressionLimit = 80

  init(bytes: UnsafeBufferPointer<UInt8>, tokens: SourceTokens) {
    p = bytes
    self.tokens = tokens.tokens
    literals = tokens.literals
    segments = tokens.segments
  }

  /// The bytes of token `j`.
  @inline(__always)
  func text(_ j: Int) -> UnsafeBufferPointer<UInt8> {
    let token = tokens[j]
    return UnsafeBufferPointer(rebasing: p[Int(token.start)..<min(Int(token.end), p.count)])
  }

  // MARK: - Groups and literals

  /// The token after the group opening at `open`: its closing token, or the end of its scope.
  func groupEnd(_ open: Int) -> Int {
    let link = Int(tokens[open].link)
    guard link > open else { return open + 1 }
    switch tokens[link].kind {
    case .closeParen, .closeBracket, .closeBrace, .interpolationClose: return link
    default: return min(link + 1, tokens.count)
    }
  }

  /// The token after token `j` and everything it opens: a group, a literal with its
  /// interpolations.
  @inline(__always)
  func next(_ j: Int) -> Int {
    let token = tokens[j]
    switch token.kind {
    case .string:
      return max(j + 1, Int(literals[Int(token.link)].lastToken) + 1)
    case .openParen, .openBracket, .openBrace, .interpolationOpen:
      return max(j + 1, Int(token.link) + 1)
    default:
      return j + 1
    }
  }

  /// The first of the literals making up `start..<end` and how many there are, when it holds
  /// nothing else.
  func wholeLiterals(_ start: Int, _ end: Int) -> (first: Int32, count: Int)? {
    var count = 0
    var j = start
    while j < end {
      guard tokens[j].kind == .string else { return nil }
      count += 1
      j = next(j)
    }
    return j == end && count > 0 ? (tokens[start].link, count) : nil
  }

  /// The literal whose last token is `j`, if any.
  func literalEnding(at j: Int) -> Int? {
    guard j >= 0 else { return nil }
    let token = tokens[j]
    guard token.kind == .string || token.kind == .interpolationClose else { return nil }
    let literal = Int(token.link)
    return Int(literals[literal].lastToken) == j ? literal : nil
  }

  /// When `start..<end` is a call or property, perhaps on a receiver (`bundle.localizedString(…)`,
  /// `"key".localized`, `L10n.tr(…)`), the token of its name; else `-1`.
  func callName(_ start: Int, _ end: Int) -> Int {
    let last = end - 1
    var nameIndex = last
    if tokens[last].kind == .closeParen {
      let open = Int(tokens[last].link)
      guard open > start else { return -1 }
      nameIndex = open - 1
    }
    guard tokens[nameIndex].kind == .identifier else { return -1 }
    var j = start
    while j < nameIndex {
      switch tokens[j].kind {
      case .identifier, .dot, .string, .question, .exclamation, .openParen, .openBracket: j = next(j)
      default: return -1
      }
    }
    return j == nameIndex ? nameIndex : -1
  }

  // MARK: - Receivers and names

  /// Where the postfix expression ending just before `dot` starts: names, calls, subscripts, `?`
  /// and `!`, literals, joined by dots (`Bundle(for: X.self).main`, `foo.bar[0]?`). Looks back a
  /// bounded number of steps, so that a long chain of lookups stays linear.
  func receiverStart(before dot: Int) -> Int? {
    var j = dot - 1
    var start: Int?
    var steps = 0
    while j >= 0, steps < 32 {
      steps += 1
      let token = tokens[j]
      switch token.kind {
      case .closeParen, .closeBracket:
        guard token.link >= 0, Int(token.link) < j else { return start }
        start = Int(token.link)
        j = Int(token.link) - 1
        continue
      case .question, .exclamation:
        start = j
        j -= 1
        continue
      case .identifier, .number, .string, .interpolationClose:
        let first = literalEnding(at: j).map { Int(literals[$0].firstToken) } ?? j
        if token.kind == .interpolationClose && first == j { return start }
        start = first
        j = first - 1
        if j >= 0, tokens[j].kind == .dot {
          j -= 1
          continue
        }
        return start
      default:
        return start
      }
    }
    return start
  }

  /// Whether token `j` can end an expression that a `.member` then applies to.
  func isOperandEnd(_ j: Int) -> Bool {
    switch tokens[j].kind {
    case .closeParen, .closeBracket, .closeBrace, .question, .exclamation, .string, .interpolationClose, .number:
      return true
    case .identifier:
      // Keywords after which `.name` is an implicit member (`case .localized`), not a property of
      // what precedes.
      return !isIdentifier(
        j, oneOf: " case return in else where if guard while switch throw try await is as let var repeat defer do ")
    default:
      return false
    }
  }

  /// Whether token `j` is the identifier `name`.
  func isIdentifier(_ j: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let token = tokens[j]
    guard token.kind == .identifier, Int(token.end - token.start) == name.count else { return false }
    // Compared in place: `elementsEqual` iterated the two generically, 240 instructions a label.
    return bytesEqual(name, text(j))
  }

  /// Whether token `j` is the identifier `name`.
  func isIdentifier(_ j: Int, _ name: StaticString) -> Bool {
    isIdentifier(j, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }

  /// Whether token `j` is an identifier among `words`, each between spaces (a static string, not an
  /// array of arrays: each of those was retained by both threads at every candidate).
  func isIdentifier(_ j: Int, oneOf words: StaticString) -> Bool {
    tokens[j].kind == .identifier && TokenView.spells(text(j), oneOf: words)
  }

  /// Whether `text` is one of `words`, separated by spaces.
  static func spells(_ text: UnsafeBufferPointer<UInt8>, oneOf words: StaticString) -> Bool {
    let list = UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount)
    var start = 0
    while start < list.count {
      var end = start
      while end < list.count, list[end] != SourceBytes.space { end += 1 }
      // An empty word (two spaces in a row, a space at either end) spells nothing.
      if end > start, end - start == text.count, bytesEqual(UnsafeBufferPointer(rebasing: list[start..<end]), text) {
        return true
      }
      start = end + 1
    }
    return false
  }

  /// `func` (a declaration, not a call) in Swift, `define` (a macro's definition) in C.
  func isDeclarationKeyword(_ j: Int, _ language: SourceLanguage) -> Bool {
    language == .swift ? isIdentifier(j, "func") : isIdentifier(j, "define")
  }

  func isModuleName(_ j: Int) -> Bool {
    isIdentifier(j, oneOf: " SwiftUI Foundation Swift ")
  }

  func isNull(_ j: Int) -> Bool {
    isIdentifier(j, oneOf: " nil NULL Nil ")
  }

  // MARK: - Bundles

  /// The source text of the bundle that tokens `start..<end` name (``expressionText(_:_:)``), or
  /// `nil` for the main bundle however it is spelled.
  func bundleText(_ start: Int, _ end: Int) -> String? {
    isMainBundle(start, end) ? nil : expressionText(start, end)
  }

  /// Whether tokens `start..<end`, without the trivia between them (spaces, line breaks,
  /// comments), spell one of the main bundle's spellings: compared in the source's bytes, no string
  /// made (most lookups that name a bundle name the main one). Only a literal token holds a space.
  private func isMainBundle(_ start: Int, _ end: Int) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TokenView.longestMainBundle) { spelled in
      var count = 0
      for j in start..<end {
        // No spelling of the main bundle holds a literal.
        if tokens[j].kind == .string { return false }
        for byte in text(j) {
          guard count < spelled.count else { return false }
          spelled[count] = byte
          count += 1
        }
      }
      return TokenView.spells(UnsafeBufferPointer(rebasing: spelled[..<count]), oneOf: TokenView.mainBundles)
    }
  }

  private static let mainBundles: StaticString =
    " nil NULL Nil .main Bundle.main Foundation.Bundle.main [NSBundlemainBundle] NSBundle.mainBundle [NSBundle.mainBundle] "
  private static let longestMainBundle = {
    var longest = 0
    var length = 0
    for byte in UnsafeBufferPointer(start: mainBundles.utf8Start, count: mainBundles.utf8CodeUnitCount) {
      length = byte == SourceBytes.space ? 0 : length + 1
      longest = max(longest, length)
    }
    return longest
  }()

  // MARK: - Expression text

  /// The source text of tokens `start..<end`, for listing: a space wherever trivia separated two
  /// tokens (so comments and line breaks do not show), cut after ``expressionLimit`` bytes with
  /// `…`.
  func expressionText(_ start: Int, _ end: Int) -> String {
    var out: [UInt8] = []
    // Room for the longest shown at once: grown from empty a byte at a time, it was reallocated
    // half a dozen times per expression.
    out.reserveCapacity(TokenView.expressionLimit + 4)
    var j = start
    var lastEnd = -1
    var truncated = false
    // Whitespace shows as one space: bound the bytes read too, not only those shown.
    var budget = 16 * TokenView.expressionLimit
    while j < end {
      let token = tokens[j]
      if lastEnd >= 0, Int(token.start) > lastEnd { out.append(SourceBytes.space) }
      var k = Int(token.start)
      let tokenEnd = min(Int(token.end), p.count)
      var spaced = false
      while k < tokenEnd {
        let b = p[k]
        k += 1
        budget -= 1
        if budget == 0 { break }
        if SourceBytes.isHorizontalSpace(b) || SourceBytes.isLineBreak(b) {
          if !spaced { out.append(SourceBytes.space) }
          spaced = true
          continue
        }
        spaced = false
        out.append(b)
        if out.count >= TokenView.expressionLimit || budget <= 0 { break }
      }
      lastEnd = tokenEnd
      if out.count >= TokenView.expressionLimit || budget <= 0 {
        truncated = k < tokenEnd || (token.kind == .string ? next(j) : j + 1) < end
        break
      }
      // A literal's text includes its interpolations: go on after the literal.
      j = token.kind == .string ? next(j) : j + 1
    }
    if truncated {
      while let last = out.last, last & 0xC0 == 0x80 { out.removeLast() }
      if let last = out.last, last >= 0xC0 { out.removeLast() }
      return String(decoding: out, as: UTF8.self) + "…"
    }
    return String(decoding: out, as: UTF8.self)
  }
}
