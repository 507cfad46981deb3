@testable import LayerMerge

/// The scanner's self-consistency check, shared by the fuzz target (`.ci/fuzz source-scanner`) and
/// the tests: the same bytes with spaces and comments inserted between tokens (never inside a
/// literal, never a line break) have the same lookups — keys, tables, forms, bundles — with a
/// dynamic expression that differs only in its spaces.
enum SourceScanAgreement {
  /// What differs, or `nil` when the two scans agree.
  static func problem(_ bytes: [UInt8], _ language: SourceLanguage, helpers: [LookupHelper] = []) -> String? {
    let scanner = SourceScanner(helpers: helpers)
    let original = scanner.scan(bytes, language: language)
    for lookup in original where lookup.position.line < 1 || lookup.position.column < 1 {
      return "position \(lookup.position)"
    }
    if zip(original, original.dropFirst()).contains(where: { $0.0.position > $0.1.position }) {
      return "lookups out of order"
    }
    let spaced = withTrivia(bytes, language)
    let other = scanner.scan(spaced, language: language)
    guard original.count == other.count else {
      return "\(original.count) lookups, \(other.count) with trivia: \(original) / \(other)"
    }
    for (a, b) in zip(original, other) {
      guard a.form == b.form, sameKey(a.key, b.key), sameTable(a.table, b.table), sameText(a.bundle, b.bundle) else {
        return "\(a) / \(b)"
      }
    }
    return nil
  }

  /// `bytes` with a space or a comment after tokens outside literals, chosen by position.
  static func withTrivia(_ bytes: [UInt8], _ language: SourceLanguage) -> [UInt8] {
    // Where the tokens end, found while the lexer's tokens live.
    let insertions = bytes.withUnsafeBufferPointer { buffer in
      let find = { (tokens: SourceTokens) -> [Int] in
        var insertions: [Int] = []
        var insideUntil = -1
        var literalIndex = 0
        let literals = tokens.literals
        for (k, token) in tokens.tokens.enumerated() {
          // Literal spans begin in order; tokens inside one (its interpolations) are left alone.
          while literalIndex < literals.count,
            Int(tokens.tokens[Int(literals[literalIndex].firstToken)].start) < Int(token.start)
          {
            insideUntil = max(insideUntil, Int(tokens.tokens[Int(literals[literalIndex].firstToken)].end))
            literalIndex += 1
          }
          if Int(token.start) < insideUntil { continue }
          if token.kind == .string { insideUntil = max(insideUntil, Int(token.end)) }
          // A token that stopped at a line break (an unterminated literal) would take in what comes
          // before the break.
          if !endsItself(token, tokens, bytes) { continue }
          if k % 3 != 2 { insertions.append(Int(token.end)) }
        }
        return insertions
      }
      return language == .swift
        ? SwiftLexer.withTokens(of: buffer, find) : ObjectiveCLexer.withTokens(of: buffer, find)
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + insertions.count * 8)
    var last = 0
    for (n, offset) in insertions.enumerated() where offset >= last && offset <= bytes.count {
      result.append(contentsOf: bytes[last..<offset])
      result.append(contentsOf: n % 2 == 0 ? Array(" ".utf8) : Array(" /* c */ ".utf8))
      last = offset
    }
    result.append(contentsOf: bytes[last...])
    return result
  }

  private static func endsItself(_ token: SourceToken, _ tokens: SourceTokens, _ bytes: [UInt8]) -> Bool {
    let last = Int(token.end) - 1
    switch token.kind {
    case .string: return tokens.literals[Int(token.link)].isTerminated
    case .character: return last > Int(token.start) && bytes[last] == UInt8(ascii: "'")
    case .identifier where bytes[Int(token.start)] == UInt8(ascii: "`"):
      // An unclosed quoted identifier runs to the line break, taking in what is inserted there.
      return last > Int(token.start) && bytes[last] == UInt8(ascii: "`")
    case .regex:
      return last > Int(token.start) && (bytes[last] == UInt8(ascii: "/") || bytes[last] == UInt8(ascii: "#"))
    default: return true
    }
  }

  private static func sameKey(_ a: LookupKey, _ b: LookupKey) -> Bool {
    if case .dynamic(let x) = a, case .dynamic(let y) = b { return sameText(x, y) }
    return a == b
  }

  private static func sameTable(_ a: LookupTable, _ b: LookupTable) -> Bool {
    if case .dynamic(let x) = a, case .dynamic(let y) = b { return sameText(x, y) }
    return a == b
  }

  /// Equal but for spaces; a shortened text (`…`) only has to start the other.
  private static func sameText(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    let x = a.filter { $0 != " " }
    let y = b.filter { $0 != " " }
    if x.hasSuffix("…") || y.hasSuffix("…") {
      let p = x.hasSuffix("…") ? String(x.dropLast()) : x
      let q = y.hasSuffix("…") ? String(y.dropLast()) : y
      return p.hasPrefix(q) || q.hasPrefix(p)
    }
    return x == y
  }
}
