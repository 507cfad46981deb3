/// The key a lookup asks for.
public enum LookupKey: Hashable, Sendable, CustomStringConvertible {
  /// A plain literal, escapes resolved: `"Hello"`.
  case literal(String)
  /// A literal with interpolations that the lookup turns into a format: `"Hello \(name), \(n) new"`
  /// gives the pieces `["Hello ", ", ", " new"]` (one more piece than holes). It matches a table key
  /// with a format specifier in each hole.
  case interpolated(pieces: [String])
  /// Not a literal (a variable, a call, a concatenation, a string the code builds by
  /// interpolation): never guessed; `expression` is the source text, shortened, for listing.
  case dynamic(expression: String)

  /// Whether `tableKey` is what this lookup asks for.
  ///
  /// A literal matches exactly. An interpolated key matches a table key with any format specifier
  /// in each hole (`%@`, `%lld`, `%lf`, `%1$@`, `%.2f`…, by ``FormatSpecifier``'s grammar) and the
  /// pieces between: the types of the interpolated values are not known, so `Text("\(n) items")`
  /// matches `%lld items` and `%@ items` alike. A `%` in a piece matches `%%` (as Xcode writes it),
  /// or a lone `%` where that starts no specifier.
  /// A dynamic key matches nothing.
  /// - Parameter tableKey: A key of a strings table.
  /// - Returns: Whether the lookup finds that key.
  public func matches(_ tableKey: String) -> Bool {
    switch self {
    case .literal(let key): return key == tableKey
    case .interpolated(let pieces): return LookupKey.pieces(ofTableKey: tableKey) == pieces
    case .dynamic: return false
    }
  }

  /// The text around a table key's format specifiers, with `%%` read as `%`: what an
  /// ``interpolated(pieces:)`` key must have to match it. `"%1$@ of %lld"` gives `["", " of ", ""]`;
  /// a key without specifiers gives one piece. Index a table's keys by it to match many interpolated
  /// lookups in one pass: `key.matches(k)` is `pieces(ofTableKey: k) == pieces` for them.
  /// - Parameter tableKey: A key of a strings table.
  /// - Returns: One more piece than the key has specifiers.
  public static func pieces(ofTableKey tableKey: String) -> [String] {
    guard tableKey.utf8.contains(UInt8(ascii: "%")) else { return [tableKey] }
    let scalars = Array(tableKey.unicodeScalars)
    let ranges = FormatSpecifier.scan(tableKey, keepingRanges: true).ranges
    var pieces: [String] = []
    var start = 0
    for range in ranges + [scalars.count..<scalars.count] {
      var piece = String.UnicodeScalarView()
      var i = start
      while i < range.lowerBound {
        piece.append(scalars[i])
        // `%%` is one `%`; a `%` that starts no specifier is itself.
        i += scalars[i] == "%" && i + 1 < range.lowerBound && scalars[i + 1] == "%" ? 2 : 1
      }
      pieces.append(String(piece))
      start = range.upperBound
    }
    return pieces
  }

  /// The key as listed: a literal as is, an interpolated key with `\(…)` in each hole, a dynamic
  /// key as its expression.
  public var description: String {
    switch self {
    case .literal(let key): return key
    case .interpolated(let pieces): return pieces.joined(separator: "\\(…)")
    case .dynamic(let expression): return expression
    }
  }
}
