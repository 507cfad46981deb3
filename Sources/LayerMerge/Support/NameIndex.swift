/// Where each name first stands in a list: the index behind `target(named:)` of ``ProjectFile``
/// and ``XcodeProject``, which looked through every target per call (`xcode install` asked once per
/// target: time in targets²).
///
/// It is derived from the list it indexes, so it takes no part in equality or hashing: two values
/// with equal lists have equal indexes.
struct NameIndex: Hashable, Sendable {
  private var positions: [String: Int] = [:]

  /// Indexes the names, each at its first position.
  init(_ names: some Sequence<String>) {
    for (position, name) in names.enumerated() where positions[name] == nil { positions[name] = position }
  }

  /// The first position of `name`, if the list has it.
  func position(of name: String) -> Int? {
    positions[name]
  }

  static func == (lhs: NameIndex, rhs: NameIndex) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
