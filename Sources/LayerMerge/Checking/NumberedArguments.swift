/// The numbered arguments of a format key (`%1$@`, `%2$#@count@`), each position with the types
/// its specifiers give it, read once for all the forms that take a variable's place in it.
struct NumberedArguments {
  /// Per position, the distinct types in the order they appear, each with how many specifiers
  /// give it.
  var typesAt: [Int: [(type: FormatSpecifier.ArgumentType, count: Int)]] = [:]
  /// Positions given two types, in the order the second type appears, and those of them where
  /// one of the types is dereferenced (a conflict that can crash).
  var conflicts: (all: [Int], crashing: [Int]) = ([], [])
  let key: FormatVariants.ReadFormat

  /// Reads the numbered specifiers of a format.
  init(_ key: FormatVariants.ReadFormat) {
    self.key = key
    for (specifier, type) in zip(key.specifiers, key.types) {
      guard let position = specifier.argumentNumber else { continue }
      var types = typesAt[position, default: []]
      if let index = types.firstIndex(where: { $0.type == type }) {
        types[index].count += 1
      } else {
        let crashedBefore = types.count > 1 && types.contains(where: \.type.isDereferenced)
        types.append((type, 1))
        if types.count == 2 { conflicts.all.append(position) }
        if types.count > 1, !crashedBefore, types.contains(where: \.type.isDereferenced) {
          conflicts.crashing.append(position)
        }
      }
      typesAt[position] = types
    }
  }

  /// The types at a position once the specifier at `placeholder` is taken out, first seen first.
  /// - Parameters:
  ///   - position: A 1-based argument position.
  ///   - placeholder: The variable's specifier, by its index in the key.
  func types(at position: Int, leaving placeholder: Int) -> [FormatSpecifier.ArgumentType] {
    var types = typesAt[position] ?? []
    if key.specifiers[placeholder].argumentNumber == position,
      let index = types.firstIndex(where: { $0.type == key.types[placeholder] })
    {
      types[index].count -= 1
    }
    return types.filter { $0.count > 0 }.map(\.type)
  }

  /// A position given two types once the variable at `placeholder` is replaced by a form with
  /// `added` numbered arguments: the first that can crash, else the first.
  func conflict(leaving placeholder: Int, adding added: [(Int, FormatSpecifier.ArgumentType)])
    -> FormatMismatch.Reason?
  {
    var first = ConflictFinder()
    func note(_ position: Int, _ types: [FormatSpecifier.ArgumentType]) -> Bool {
      first.note(position, types)
    }
    // Only the variable's own position changes: the first two of each list tell.
    for position in conflicts.crashing.prefix(2) + conflicts.all.prefix(2) {
      if note(position, types(at: position, leaving: placeholder)) { return first.found?.reason }
    }
    var formTypes: [Int: [FormatSpecifier.ArgumentType]] = [:]
    for (position, type) in added where !(formTypes[position]?.contains(type) ?? false) {
      formTypes[position, default: []].append(type)
    }
    for (position, added) in formTypes.sorted(by: { $0.key < $1.key }) {
      var all = types(at: position, leaving: placeholder)
      for type in added where !all.contains(type) { all.append(type) }
      if note(position, all) { return first.found?.reason }
    }
    return first.found?.reason
  }
}

/// The conflict to report among several: the first that can crash, else the first.
struct ConflictFinder {
  private(set) var found: FormatMismatch?

  /// Notes the types one position is given; returns whether a conflict that can crash is found.
  mutating func note(_ position: Int, _ types: [FormatSpecifier.ArgumentType]) -> Bool {
    guard types.count > 1 else { return false }
    // Name a dereferenced type if there is one: that is what can crash.
    let other = types.dropFirst().first(where: \.isDereferenced) ?? types[1]
    let conflict = FormatMismatch(reason: .conflictingTypes(position: position, types[0], other))
    if conflict.consequence == .crash {
      found = conflict
      return true
    }
    found = found ?? conflict
    return false
  }
}
