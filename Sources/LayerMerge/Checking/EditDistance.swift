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
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
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
