/// Damerau–Levenshtein distance, used for "did you mean" suggestions and near-miss keys.
///
/// This is the optimal-string-alignment form: an insertion, a deletion, a substitution or a swap
/// of two neighbouring characters (`Titel` for `Title`) each count as one edit, and no part of
/// the string is edited twice. Typos are mostly one of those four.
package enum EditDistance {
  /// The number of single-character insertions, deletions, substitutions and swaps of
  /// neighbouring characters between two strings, compared by Unicode scalar.
  /// - Parameters:
  ///   - lhs: The first string.
  ///   - rhs: The second string.
  ///   - limit: Stop early and return `limit + 1` once the distance is known to exceed this.
  /// - Returns: The distance, or `limit + 1` when it is larger than `limit`.
  package static func between(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    between(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars), limit: limit)
  }

  /// The word among `candidates` nearest to `word`, if it is near enough to be a typo of it: at
  /// most `max(2, n / 3)` edits for a word of `n` characters; the first of several as near. A
  /// word longer than ``longestSuggested`` gets no suggestion (no typo that long is worth one),
  /// so the time stays in proportion to the words.
  /// - Parameters:
  ///   - word: The unknown word.
  ///   - candidates: The known words.
  ///   - ignoringCase: Compare lowercased words.
  /// - Returns: The candidate to suggest, or `nil`.
  package static func suggestion(for word: String, among candidates: [String], ignoringCase: Bool = false)
    -> String?
  {
    let scalars = { (text: String) in Array((ignoringCase ? text.lowercased() : text).unicodeScalars) }
    let query = scalars(word)
    guard query.count <= longestSuggested else { return nil }
    var best: (candidate: String, distance: Int)?
    let limit = max(2, query.count / 3)
    for candidate in candidates {
      let distance = between(query, scalars(candidate), limit: min(limit, (best?.distance ?? limit + 1) - 1))
      if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// The longest word ``suggestion(for:among:ignoringCase:)`` looks at, in characters.
  package static let longestSuggested = 256

  // MARK: - Private

  private static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if limit < 0 { return 0 }
    if abs(a.count - b.count) > limit { return limit == .max ? limit : limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows: a swap looks two rows back.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, twoBack[j - 2] + 1)
        }
        current[j] = distance
        rowMinimum = min(rowMinimum, distance)
      }
      if rowMinimum > limit { return limit + 1 }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
