/// Finds keys exactly one edit away from a given key: one insertion, deletion or substitution, or
/// two neighbouring characters swapped (`Titel` for `Title`), as ``EditDistance`` counts them.
///
/// Keys are bucketed by length, so a lookup compares only with keys one character shorter, as
/// long, or one longer, each in a single pass without allocating.
struct NearMissIndex {
  private var keysByLength: [Int: [(key: String, scalars: [Unicode.Scalar])]] = [:]

  /// Keys shorter than this are not indexed: `ok` and `on` are too alike to mean a typo.
  static let minimumLength = 4

  init<Keys: Sequence>(_ keys: Keys) where Keys.Element == String {
    for key in keys {
      let scalars = Array(key.unicodeScalars)
      guard scalars.count >= Self.minimumLength else { continue }
      keysByLength[scalars.count, default: []].append((key, scalars))
    }
  }

  /// The indexed key one edit away from `key`, if any; the smallest in sorted order, so the
  /// answer does not depend on the order keys were indexed in.
  func nearMiss(for key: String) -> String? {
    let query = Array(key.unicodeScalars)
    guard query.count >= Self.minimumLength else { return nil }
    var best: String?
    for length in [query.count - 1, query.count, query.count + 1] {
      for candidate in keysByLength[length] ?? [] where candidate.key != key {
        if Self.oneEditApart(query, candidate.scalars), best.map({ candidate.key < $0 }) ?? true {
          best = candidate.key
        }
      }
    }
    return best
  }

  /// Whether two different sequences are exactly one insertion, deletion, substitution or swap
  /// of neighbours apart.
  static func oneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    if a.count == b.count {
      var first: Int?
      for index in a.indices where a[index] != b[index] {
        guard let earlier = first else {
          first = index
          continue
        }
        // A second difference is allowed only as the other half of a swap of neighbours, and
        // the rest must match.
        guard index == earlier + 1, a[earlier] == b[index], a[index] == b[earlier] else { return false }
        return a[(index + 1)...] == b[(index + 1)...]
      }
      return first != nil
    }
    let (short, long) = a.count < b.count ? (a, b) : (b, a)
    guard long.count == short.count + 1 else { return false }
    var i = 0
    while i < short.count, short[i] == long[i] { i += 1 }
    // Skip one character of the longer sequence; the rest must match.
    while i < short.count {
      if short[i] != long[i + 1] { return false }
      i += 1
    }
    return true
  }
}
