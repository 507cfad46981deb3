/// Finds keys exactly one edit away from a given key: one insertion, deletion or substitution, or
/// two neighbouring characters swapped (`Titel` for `Title`), as ``EditDistance`` counts them.
///
/// Two kinds of one-edit pairs are deliberate siblings, not typos, and are left out (measured
/// on the five-app corpus, where they were 3 in 4 of all one-edit pairs): an edit of a digit
/// (`step1`, `step2`; `minutes_1`, `minutes_10`) and an `s` that makes a word plural
/// (`bookmark`, `bookmarks`; `hour_minutes`, `hours_minutes`; `AccountTitle`, `AccountsTitle`).
///
/// Keys are bucketed by length, so a lookup compares only with keys one character shorter, as
/// long, or one longer, each in a single pass without allocating.
struct NearMissIndex {
  private var keysByLength: [Int: [(key: String, scalars: [Unicode.Scalar])]] = [:]

  /// Keys shorter than this are not indexed: `ok` and `on` are too alike to mean a typo.
  static let minimumLength = 4

  /// How two keys one edit apart differ.
  enum Edit: Equatable {
    /// `longer` has one more character, at `index`.
    case insertion(index: Int, longer: [Unicode.Scalar])
    /// One character differs, at `index`.
    case substitution(Unicode.Scalar, Unicode.Scalar)
    /// Two neighbouring characters are swapped.
    case transposition
  }

  init<Keys: Sequence>(_ keys: Keys) where Keys.Element == String {
    for key in keys {
      let scalars = Array(key.unicodeScalars)
      guard scalars.count >= Self.minimumLength else { continue }
      keysByLength[scalars.count, default: []].append((key, scalars))
    }
  }

  /// The indexed key one edit away from `key`, if any, that is not a deliberate sibling; the
  /// smallest in sorted order, so the answer does not depend on the order keys were indexed in.
  func nearMiss(for key: String) -> String? {
    let query = Array(key.unicodeScalars)
    guard query.count >= Self.minimumLength else { return nil }
    var best: String?
    for length in [query.count - 1, query.count, query.count + 1] {
      for candidate in keysByLength[length] ?? [] where candidate.key != key {
        guard best.map({ candidate.key < $0 }) ?? true, let edit = Self.edit(query, candidate.scalars),
          !edit.isDeliberate
        else { continue }
        best = candidate.key
      }
    }
    return best
  }

  /// Whether two different sequences are exactly one insertion, deletion, substitution or swap
  /// of neighbours apart.
  static func oneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    edit(a, b) != nil
  }

  /// The one edit between two different sequences, or `nil` if they are not one edit apart.
  static func edit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Edit? {
    if a.count == b.count {
      var first: Int?
      for index in a.indices where a[index] != b[index] {
        guard let earlier = first else {
          first = index
          continue
        }
        // A second difference is allowed only as the other half of a swap of neighbours, and
        // the rest must match.
        guard index == earlier + 1, a[earlier] == b[index], a[index] == b[earlier],
          a[(index + 1)...] == b[(index + 1)...]
        else { return nil }
        return .transposition
      }
      return first.map { .substitution(a[$0], b[$0]) }
    }
    let (short, long) = a.count < b.count ? (a, b) : (b, a)
    guard long.count == short.count + 1 else { return nil }
    var i = 0
    while i < short.count, short[i] == long[i] { i += 1 }
    let inserted = i
    // Skip one character of the longer sequence; the rest must match.
    while i < short.count {
      if short[i] != long[i + 1] { return nil }
      i += 1
    }
    return .insertion(index: inserted, longer: long)
  }
}

extension NearMissIndex.Edit {
  /// A digit edit (numbered siblings) or a plural `s` at the end of a word.
  var isDeliberate: Bool {
    switch self {
    case .substitution(let a, let b):
      return a.properties.numericType != nil || b.properties.numericType != nil
    case .transposition:
      return false
    case .insertion(var index, let longer):
      let inserted = longer[index]
      if inserted.properties.numericType != nil { return true }
      // In a run of equal characters the insertion may be counted at any of them; an `s` is
      // plural when it ends a word: after a letter, before the end, a separator or a capital.
      guard inserted == "s" else { return false }
      while index + 1 < longer.count, longer[index + 1] == "s" { index += 1 }
      let before = index > 0 ? longer[index - 1] : nil
      let after = index + 1 < longer.count ? longer[index + 1] : nil
      guard let before, before.properties.isAlphabetic else { return false }
      guard let after else { return true }
      return !after.properties.isAlphabetic || after.properties.isUppercase
    }
  }
}
