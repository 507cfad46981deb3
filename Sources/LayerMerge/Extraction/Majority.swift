/// The choice rule every shared layer uses, for table values and catalog fields alike: the value
/// most members use; on a tie the preferred member's, else the earliest member's; nothing when
/// every member (two or more) has its own value.
enum Majority {
  /// Members grouped by `same`, each group in ascending member order, groups in the order of
  /// their first member.
  static func classes(_ members: [Int], same: (Int, Int) -> Bool) -> [[Int]] {
    var classes: [[Int]] = []
    for member in members {
      if let found = classes.firstIndex(where: { same($0[0], member) }) {
        classes[found].append(member)
      } else {
        classes.append([member])
      }
    }
    return classes
  }

  /// The class a shared layer takes, or `nil` when every member has its own value.
  static func chosen(_ classes: [[Int]], preferring preferred: Int?) -> [Int]? {
    guard let top = classes.map(\.count).max() else { return nil }
    let tied = classes.filter { $0.count == top }
    if tied.count == 1 { return tied[0] }
    if let preferred, let class_ = tied.first(where: { $0.contains(preferred) }) { return class_ }
    if top == 1 { return nil }
    return tied[0]
  }
}
