/// A run's source files, each path once, and each target's files as numbers into them.
///
/// Eighteen targets over one shared folder name its files eighteen times: made, hashed and
/// looked up as paths, that cost as much as a fifth of the scan. Numbered, a target's files are
/// places in one list.
package struct NumberedSourceFiles: Sendable {
  /// The paths; a file's number is its place here.
  package private(set) var paths: [String]
  /// Each target's files as numbers, in its order, or `nil` for a target whose code was not found.
  package var targets: [[Int]?]
  /// Each path's number, made once a path may come twice.
  private var numbers: [String: Int]?

  /// Numbered paths.
  /// - Parameters:
  ///   - paths: The paths.
  ///   - targets: Each target's files as places in `paths`.
  ///   - distinct: Whether no path is twice in `paths`; if one is, every target's numbers are
  ///     made the path's first.
  package init(paths: [String], targets: [[Int]?], distinct: Bool) {
    self.paths = paths
    self.targets = targets
    guard !distinct else { return }
    var first: [String: Int] = [:]
    var canonical = Array(paths.indices)
    for (number, path) in paths.enumerated() {
      if let earlier = first[path] { canonical[number] = earlier } else { first[path] = number }
    }
    self.targets = targets.map { $0.map { $0.map { canonical[$0] } } }
    numbers = first
  }

  /// Lists of paths, numbered: the same path in two lists has one number.
  package init(lists: [[String]?]) {
    self.init(paths: [], targets: [], distinct: true)
    targets = lists.map { $0.map { $0.map { number(of: $0) } } }
  }

  /// The number of `path`: its own, or a new one for a path not numbered yet.
  package mutating func number(of path: String) -> Int {
    if numbers == nil {
      numbers = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
    if let known = numbers?[path] { return known }
    paths.append(path)
    numbers?[path] = paths.count - 1
    return paths.count - 1
  }

  /// The files of some targets, each once, in the order the targets list them, and each of those
  /// targets' files as places in that list.
  /// - Parameter chosen: Places in ``targets``.
  /// - Returns: The files, and for each chosen target its files' places (`nil` for a target
  ///   whose code was not found).
  package func inOrder(of chosen: [Int]) -> (paths: [String], places: [[Int]?]) {
    var place = [Int](repeating: -1, count: paths.count)
    var files: [String] = []
    let places = chosen.map { target in
      targets[target].map { numbers in
        numbers.map { number in
          if place[number] < 0 {
            place[number] = files.count
            files.append(paths[number])
          }
          return place[number]
        }
      }
    }
    return (files, places)
  }
}
