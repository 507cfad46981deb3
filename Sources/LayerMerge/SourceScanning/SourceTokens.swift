/// The tokens of one source file, its string literals and their segments, as a lexer builds them.
///
/// Brackets are linked as they come, on an explicit stack (no recursion depends on the input):
/// each closing bracket pops the openers above its match, so a stray or mismatched bracket costs
/// nothing later. Each interpolation of a Swift literal is a scope of its own: its brackets cannot
/// close anything outside it.
struct SourceTokens {
  /// The tokens, in the lexer's buffer: valid until ``deallocate()``, which the lexers'
  /// `withTokens(of:_:)` calls once its body returns.
  var tokens: UnsafeBufferPointer<SourceToken> { building.elements }
  /// The string literals, valid as ``tokens`` are.
  var literals: UnsafeBufferPointer<SourceStringLiteral> { literalBuffer.elements }
  /// The literals' segments, valid as ``tokens`` are.
  var segments: UnsafeBufferPointer<LiteralSegment> { segmentBuffer.elements }
  /// The identifiers that may name a lookup form, by token index in order, when the lexer was
  /// given the forms' names (``FormNames/lengths``), valid as ``tokens`` are.
  var candidates: UnsafeBufferPointer<Int32> { candidateBuffer.elements }
  /// Whether the lexer marked ``candidates``; without, any identifier may be one.
  var marksCandidates = false

  /// The tokens, as the lexer appends and links them.
  private var building: UncheckedBuffer<SourceToken>
  // Literals, their segments and the open brackets change at every quote and bracket: arrays
  // checked their uniqueness each time, and grew from empty in every file.
  private var literalBuffer: UncheckedBuffer<SourceStringLiteral>
  private var segmentBuffer: UncheckedBuffer<LiteralSegment>
  private var candidateBuffer: UncheckedBuffer<Int32>
  /// Opening tokens not closed yet, innermost last.
  private var openers: UncheckedBuffer<Int32>
  /// The innermost scope: the file, or the interpolation being lexed. Kept apart from the stack
  /// of the enclosing ones: every bracket counts in it, and counting in an array's last element
  /// checked the array's uniqueness and bounds each time (a third of the cost of a bracket).
  private var current = Scope(base: 0, literal: -1, openToken: -1)
  /// The scopes enclosing ``current``, outermost first.
  private var enclosing: [Scope] = []

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

  /// Tokens for a file of `count` bytes: room for most files' tokens (one every 3 bytes; growing
  /// copies them all), at most a million to begin with (a file of 256 MB would ask for 1.4 GB).
  init(forBytes count: Int) {
    building = UncheckedBuffer(capacity: min(count / 3 + 16, 1 << 20))
    // Code has a literal every 50 bytes or so, each of one or two segments.
    literalBuffer = UncheckedBuffer(capacity: min(count / 48, 1 << 16))
    segmentBuffer = UncheckedBuffer(capacity: min(count / 32, 1 << 16))
    // Dense code names a form every 30 bytes or so.
    candidateBuffer = UncheckedBuffer(capacity: min(count / 32 + 16, 1 << 16))
    openers = UncheckedBuffer(capacity: 64)
  }

  /// The literal whose interpolation is being lexed, or `-1` outside any.
  var innermostLiteral: Int32 { current.literal }
  /// Parentheses open in the innermost scope.
  var openParentheses: Int32 { current.parens }
  /// The last token appended so far.
  var lastToken: SourceToken? { building.last }

  /// Marks the last token appended as a candidate (see ``candidates``).
  @inline(__always)
  mutating func markCandidate() {
    candidateBuffer.append(Int32(truncatingIfNeeded: building.count - 1))
  }

  @inline(__always)
  mutating func append(_ kind: SourceToken.Kind, _ start: Int, _ end: Int) {
    building.append(
      SourceToken(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), link: -1))
  }

  // Brackets are about a third of code's tokens: both calls are inlined into the lexers' loops.
  @inline(__always)
  mutating func open(_ kind: SourceToken.Kind, _ start: Int) {
    openers.append(Int32(building.count))
    append(kind, start, start + 1)
    adjustCount(of: kind, by: 1)
  }

  /// Appends a closing bracket and links it to its opener, if the innermost scope has one.
  @inline(__always)
  mutating func close(_ kind: SourceToken.Kind, _ start: Int) {
    let index = Int32(building.count)
    append(kind, start, start + 1)
    let opening: SourceToken.Kind = kind == .closeParen ? .openParen : kind == .closeBracket ? .openBracket : .openBrace
    guard count(of: opening) > 0 else { return }
    while let top = openers.popLast() {
      let topKind = building[Int(top)].kind
      adjustCount(of: topKind, by: -1)
      building[Int(top)].link = index
      if topKind == opening {
        building[Int(index)].link = top
        return
      }
    }
  }

  /// Starts a string literal token at `start`; its end is set by ``endLiteral(_:at:terminated:)``.
  mutating func beginLiteral(_ style: SourceStringLiteral.Style, hashes: Int, at start: Int) -> Int32 {
    let literal = Int32(literalBuffer.count)
    let token = Int32(building.count)
    building.append(
      SourceToken(
        kind: .string, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start), link: literal))
    literalBuffer.append(
      SourceStringLiteral(
        style: style, hashes: Int32(truncatingIfNeeded: hashes), firstToken: token, lastToken: token, firstSegment: -1,
        lastSegment: -1, segmentCount: 0, indentationStart: 0, indentationEnd: 0, isTerminated: false))
    return literal
  }

  /// Appends a whole one-line literal without `#`, escapes or interpolations, `"` at `start`, its
  /// text `textStart..<textEnd` and its closing `"` at `textEnd`: the token, the literal and its one
  /// segment at once, as ``beginLiteral(_:hashes:at:)``, ``addSegment(to:_:_:startsLine:)`` and
  /// ``endLiteral(_:at:terminated:)`` make them (most literals of code are keys like these).
  @inline(__always)
  mutating func appendPlainLiteral(start: Int, textStart: Int, textEnd: Int) {
    let literal = Int32(literalBuffer.count)
    let token = Int32(building.count)
    let segment = Int32(segmentBuffer.count)
    building.append(
      SourceToken(
        kind: .string, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: textEnd + 1),
        link: literal))
    segmentBuffer.append(
      LiteralSegment(
        start: Int32(truncatingIfNeeded: textStart), end: Int32(truncatingIfNeeded: textEnd), next: -1,
        startsLine: false))
    literalBuffer.append(
      SourceStringLiteral(
        style: .swiftSingleLine, hashes: 0, firstToken: token, lastToken: token, firstSegment: segment,
        lastSegment: segment, segmentCount: 1, indentationStart: 0, indentationEnd: 0, isTerminated: true))
  }

  mutating func addSegment(to literal: Int32, _ start: Int, _ end: Int, startsLine: Bool = false) {
    let index = Int32(segmentBuffer.count)
    segmentBuffer.append(
      LiteralSegment(
        start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: max(start, end)), next: -1,
        startsLine: startsLine))
    let l = Int(literal)
    if literalBuffer[l].lastSegment >= 0 {
      segmentBuffer[Int(literalBuffer[l].lastSegment)].next = index
    } else {
      literalBuffer[l].firstSegment = index
    }
    literalBuffer[l].lastSegment = index
    literalBuffer[l].segmentCount += 1
  }

  mutating func setIndentation(of literal: Int32, _ start: Int, _ end: Int) {
    literalBuffer[Int(literal)].indentationStart = Int32(truncatingIfNeeded: start)
    literalBuffer[Int(literal)].indentationEnd = Int32(truncatingIfNeeded: end)
  }

  mutating func endLiteral(_ literal: Int32, at end: Int, terminated: Bool) {
    let l = Int(literal)
    literalBuffer[l].lastToken = Int32(building.count - 1)
    literalBuffer[l].isTerminated = terminated
    building[Int(literalBuffer[l].firstToken)].end = Int32(truncatingIfNeeded: end)
  }

  /// Appends `\(` and enters the interpolation's scope.
  mutating func openInterpolation(of literal: Int32, _ start: Int, _ end: Int) {
    let token = Int32(building.count)
    append(.interpolationOpen, start, end)
    enclosing.append(current)
    current = Scope(base: openers.count, literal: literal, openToken: token)
  }

  /// Appends the `)` that ends the innermost interpolation and leaves its scope.
  /// - Returns: The literal the interpolation belongs to.
  mutating func closeInterpolation(_ start: Int) -> Int32 {
    let index = Int32(building.count)
    let scope = leaveScope(endingAt: index)
    building.append(
      SourceToken(
        kind: .interpolationClose, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start + 1),
        link: scope.literal))
    return scope.literal
  }

  /// Leaves the innermost interpolation where it stops without its `)` (a line break in a
  /// single-line literal, the end of the file).
  /// - Returns: The literal the interpolation belongs to.
  mutating func abandonInterpolation() -> Int32 {
    leaveScope(endingAt: Int32(building.count - 1)).literal
  }

  /// Ends every open scope and group at the end of the file.
  mutating func finish(at end: Int) {
    while !enclosing.isEmpty {
      let literal = abandonInterpolation()
      endLiteral(literal, at: end, terminated: false)
    }
    let last = Int32(building.count - 1)
    while let top = openers.popLast() { building[Int(top)].link = last }
  }

  /// Frees the tokens' buffers.
  func deallocate() {
    building.deallocate()
    literalBuffer.deallocate()
    segmentBuffer.deallocate()
    candidateBuffer.deallocate()
    openers.deallocate()
  }

  // MARK: - Private

  private mutating func leaveScope(endingAt end: Int32) -> Scope {
    let scope = current
    current = enclosing.removeLast()
    while openers.count > scope.base, let top = openers.popLast() { building[Int(top)].link = end }
    building[Int(scope.openToken)].link = max(end, scope.openToken)
    return scope
  }

  private func count(of kind: SourceToken.Kind) -> Int32 {
    switch kind {
    case .openParen: return current.parens
    case .openBracket: return current.brackets
    default: return current.braces
    }
  }

  private mutating func adjustCount(of kind: SourceToken.Kind, by delta: Int32) {
    switch kind {
    case .openParen: current.parens += delta
    case .openBracket: current.brackets += delta
    case .openBrace: current.braces += delta
    default: break
    }
  }
}
