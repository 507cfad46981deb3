/// The text of a table key between its format specifiers: `"Hello %@, %lld new"` →
/// `["Hello ", ", ", " new"]`, the pieces an interpolated lookup (`"Hello \(name), \(n) new"`)
/// has. Keys and lookups with the same pieces are the only candidates to match, so matching
/// interpolated lookups is a hash look-up per lookup, not a comparison with every key.
///
/// A key whose text holds a `%` that starts no specifier (`"100%% of %@"`) keeps it in its pieces;
/// a lookup whose pieces hold a `%` is compared with every such key of its table instead
/// (``LookupKey/matches(_:)`` decides how a literal `%` is spelled).
enum KeySkeleton {
  /// The pieces of a table key between its specifiers, or `nil` for a key without `%` (it can
  /// only be a literal lookup's).
  static func pieces(of key: String) -> [String]? {
    guard key.utf8.contains(UInt8(ascii: "%")) else { return nil }
    let scanned = FormatSpecifier.scan(key, keepingRanges: true)
    guard !scanned.ranges.isEmpty else { return nil }
    let scalars = Array(key.unicodeScalars)
    var pieces: [String] = []
    var start = 0
    for range in scanned.ranges {
      pieces.append(String(String.UnicodeScalarView(scalars[start..<range.lowerBound])))
      start = range.upperBound
    }
    pieces.append(String(String.UnicodeScalarView(scalars[start...])))
    return pieces
  }

  /// Whether an interpolated lookup's pieces can be found by their skeleton: none holds a `%`.
  static func isPlain(_ pieces: [String]) -> Bool {
    !pieces.contains { $0.utf8.contains(UInt8(ascii: "%")) }
  }

  /// A lookup key as the code spells it, for messages and reports: a literal as it is, an
  /// interpolation as `\(…)`.
  static func display(_ key: LookupKey) -> String {
    switch key {
    case .literal(let text): return text
    case .interpolated(let pieces): return pieces.joined(separator: "\\(…)")
    case .dynamic(let expression): return expression
    }
  }

  /// Whether a lookup asks for text a person translates: a key with no letter at all (`"\(n)"`,
  /// `"%@"`, `"•"`) shows the same text found or not, so it is never reported.
  static func hasText(_ key: LookupKey) -> Bool {
    let texts: [String]
    switch key {
    case .literal(let text): texts = [text]
    case .interpolated(let pieces): texts = pieces
    case .dynamic: return false
    }
    return texts.contains { text in text.unicodeScalars.contains { $0.properties.isAlphabetic } }
  }
}
