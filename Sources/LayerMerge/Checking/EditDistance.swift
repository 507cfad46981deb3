/// Levenshtein distance, used for "did you mean" suggestions and near-miss keys.
public enum EditDistance {
  /// The number of single-character insertions, deletions and substitutions between two strings.
  /// - Parameters:
  ///   - lhs: The first string.
  ///   - rhs: The second string.
  ///   - limit: Stop early and return `limit + 1` once the distance is known to exceed this.
  public static func between(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if abs(a.count - b.count) > limit { return limit == .max ? limit : limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
