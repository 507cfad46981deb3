/// The copies of one key, grouped by value, and the rules that pick the value a shared layer takes.
///
/// Rules (docs/migrating.md): the value most targets use wins. On a tie, the preferred target's
/// value wins if it is among the tied ones; otherwise the value of the earliest target, in the
/// order the copies were given. When every target has its own value (no two share one) and no
/// preferred target settles it, nothing is chosen: the key stays in every overlay, because a base
/// value would only be one target's value in disguise.
struct ValueClasses {
  /// Members grouped by equal value, in the order of their first member; members ascending.
  private(set) var classes: [[Int]] = []

  /// Groups `members` (ascending target indexes) by the value of their entries.
  init(_ members: [Int], entries: [LocalizationEntry?]) {
    for member in members {
      guard let entry = entries[member] else { continue }
      if let found = classes.firstIndex(where: { entries[$0[0]].unsafelyUnwrapped.hasSameValue(as: entry) }) {
        classes[found].append(member)
      } else {
        classes.append([member])
      }
    }
  }

  /// The class whose value a shared layer takes, or `nil` when every member has its own value.
  /// - Parameter preferred: The target that wins ties, if any.
  func chosen(preferring preferred: Int?) -> [Int]? {
    Majority.chosen(classes, preferring: preferred)
  }

  /// The one class more members share than any other, if there is one and it has two members or more.
  var clearMajority: [Int]? {
    guard let top = classes.map(\.count).max(), top >= 2 else { return nil }
    let tied = classes.filter { $0.count == top }
    return tied.count == 1 ? tied[0] : nil
  }

  /// The member whose comment a shared layer takes among `members` (who share its value): the
  /// most common comment; on a tie the preferred target's, then a comment over none, then the
  /// earliest target's.
  static func commentSource(_ members: [Int], entries: [LocalizationEntry?], preferring preferred: Int?) -> Int {
    var groups: [[Int]] = []
    for member in members {
      guard let entry = entries[member] else { continue }
      if let found = groups.firstIndex(where: { sameComment(entries[$0[0]].unsafelyUnwrapped, entry) }) {
        groups[found].append(member)
      } else {
        groups.append([member])
      }
    }
    guard let top = groups.map(\.count).max() else { return members[0] }
    let tied = groups.filter { $0.count == top }
    if let preferred, let group = tied.first(where: { $0.contains(preferred) }) { return group[0] }
    if let commented = tied.first(where: { entries[$0[0]]?.comment != nil }) { return commented[0] }
    return tied[0][0]
  }

  /// Whether two entries have the same comment (both none counts as the same).
  static func sameComment(_ a: LocalizationEntry, _ b: LocalizationEntry) -> Bool {
    if !a.mayHaveComment && !b.mayHaveComment { return true }
    let compared: Bool?? = a.withCommentBytes { mine in b.withCommentBytes { theirs in bytesEqual(mine, theirs) } }
    switch compared {
    case .none: return b.withCommentBytes { _ in true } == nil
    case .some(.none): return false
    case .some(.some(let equal)): return equal
    }
  }
}
