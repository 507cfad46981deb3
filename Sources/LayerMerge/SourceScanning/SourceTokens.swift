/// The tokens of one source file, its string literals and their segments, as a lexer builds them.
///
/// Brackets are linked as they come, on an explicit stack (no recursion depends on the input):
/// each closing bracket pops the openers above its match, so a stray or mismatched bracket costs
/// nothing later. Each interpolation of a Swift literal is a scope of its own: its brackets cannot
/// close anything outside it.
struct SourceTokens {
  private(set) var tokens: [SourceToken] = []
  private(set) var literals: [SourceStringLiteral] = []
  private(set) var segments: [LiteralSegment] = []

  /// Opening tokens not closed yet, innermost last.
  private var openers: [Int32] = []
  /// The file, then each interpolation being lexed, innermost last.
  private var scopes: [Scope] = [Scope(base: 0, literal: -1, openToken: -1)]

  private struct Scope {
    /// How many openers were on the stack when the scope began.
    var base: Int
    /// The literal whose interpolation this is, or `-1` for the file.
    var literal: Int32
    var openToken: Int32
    /// Openers of each kind above `base`.
    var parens: Int32 = 0
    var brackets: Int32 = 0
    var braces: Int32 = 0
  }

  init(capacity: Int) {
    tokens.reserveCapacity(capacity)
  }

  /// The literal whose interpolation is being lexed, or `-1` outside any.
  var innermostLiteral: Int32 { scopes[scopes.count - 1].literal }
  /// Parentheses open in the innermost scope.
  var openParentheses: Int32 { scopes[scopes.count - 1].parens }
  var lastKind: SourceToken.Kind? { tokens.last?.kind }

  @inline(__always)
  mutating func append(_ kind: SourceToken.Kind, _ start: Int, _ end: Int) {
    tokens.append(
      SourceToken(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), link: -1))
  }

  mutating func open(_ kind: SourceToken.Kind, _ start: Int) {
    openers.append(Int32(tokens.count))
    append(kind, start, start + 1)
    adjustCount(of: kind, by: 1)
  }

  /// Appends a closing bracket and links it to its opener, if the innermost scope has one.
  mutating func close(_ kind: SourceToken.Kind, _ start: Int) {
    let index = Int32(tokens.count)
    append(kind, start, start + 1)
    let opening: SourceToken.Kind = kind == .closeParen ? .openParen : kind == .closeBracket ? .openBracket : .openBrace
    guard count(of: opening) > 0 else { return }
    while let top = openers.popLast() {
      let topKind = tokens[Int(top)].kind
      adjustCount(of: topKind, by: -1)
      tokens[Int(top)].link = index
      if topKind == opening {
        tokens[Int(index)].link = top
        return
      }
    }
  }

  /// Starts a string literal token at `start`; its end is set by ``endLiteral(_:at:terminated:)``.
  mutating func beginLiteral(_ style: SourceStringLiteral.Style, hashes: Int, at start: Int) -> Int32 {
    let literal = Int32(literals.count)
    let token = Int32(tokens.count)
    tokens.append(
      SourceToken(
        kind: .string, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start), link: literal))
    literals.append(
      SourceStringLiteral(
        style: style, hashes: Int32(truncatingIfNeeded: hashes), firstToken: token, lastToken: token, firstSegment: -1,
        lastSegment: -1, segmentCount: 0, indentationStart: 0, indentationEnd: 0, isTerminated: false))
    return literal
  }

  mutating func addSegment(to literal: Int32, _ start: Int, _ end: Int, startsLine: Bool = false) {
    let index = Int32(segments.count)
    segments.append(
      LiteralSegment(
        start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: max(start, end)), next: -1,
        startsLine: startsLine))
    let l = Int(literal)
    if literals[l].lastSegment >= 0 {
      segments[Int(literals[l].lastSegment)].next = index
    } else {
      literals[l].firstSegment = index
    }
    literals[l].lastSegment = index
    literals[l].segmentCount += 1
  }

  mutating func setIndentation(of literal: Int32, _ start: Int, _ end: Int) {
    literals[Int(literal)].indentationStart = Int32(truncatingIfNeeded: start)
    literals[Int(literal)].indentationEnd = Int32(truncatingIfNeeded: end)
  }

  mutating func endLiteral(_ literal: Int32, at end: Int, terminated: Bool) {
    let l = Int(literal)
    literals[l].lastToken = Int32(tokens.count - 1)
    literals[l].isTerminated = terminated
    tokens[Int(literals[l].firstToken)].end = Int32(truncatingIfNeeded: end)
  }

  /// Appends `\(` and enters the interpolation's scope.
  mutating func openInterpolation(of literal: Int32, _ start: Int, _ end: Int) {
    let token = Int32(tokens.count)
    append(.interpolationOpen, start, end)
    scopes.append(Scope(base: openers.count, literal: literal, openToken: token))
  }

  /// Appends the `)` that ends the innermost interpolation and leaves its scope.
  /// - Returns: The literal the interpolation belongs to.
  mutating func closeInterpolation(_ start: Int) -> Int32 {
    let index = Int32(tokens.count)
    let scope = leaveScope(endingAt: index)
    tokens.append(
      SourceToken(
        kind: .interpolationClose, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start + 1),
        link: scope.literal))
    return scope.literal
  }

  /// Leaves the innermost interpolation where it stops without its `)` (a line break in a
  /// single-line literal, the end of the file).
  /// - Returns: The literal the interpolation belongs to.
  mutating func abandonInterpolation() -> Int32 {
    leaveScope(endingAt: Int32(tokens.count - 1)).literal
  }

  /// Ends every open scope and group at the end of the file.
  mutating func finish(at end: Int) {
    while scopes.count > 1 {
      let literal = abandonInterpolation()
      endLiteral(literal, at: end, terminated: false)
    }
    let last = Int32(tokens.count - 1)
    while let top = openers.popLast() { tokens[Int(top)].link = last }
  }

  // MARK: - Private

  private mutating func leaveScope(endingAt end: Int32) -> Scope {
    let scope = scopes.removeLast()
    while openers.count > scope.base, let top = openers.popLast() { tokens[Int(top)].link = end }
    tokens[Int(scope.openToken)].link = max(end, scope.openToken)
    return scope
  }

  private func count(of kind: SourceToken.Kind) -> Int32 {
    let scope = scopes[scopes.count - 1]
    switch kind {
    case .openParen: return scope.parens
    case .openBracket: return scope.brackets
    default: return scope.braces
    }
  }

  private mutating func adjustCount(of kind: SourceToken.Kind, by delta: Int32) {
    let last = scopes.count - 1
    switch kind {
    case .openParen: scopes[last].parens += delta
    case .openBracket: scopes[last].brackets += delta
    case .openBrace: scopes[last].braces += delta
    default: break
    }
  }
}
