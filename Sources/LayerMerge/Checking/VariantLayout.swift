/// Where a form's arguments stand when it takes its variable's place in a format key, as
/// CoreFoundation reads the result: plain specifiers take arguments 1, 2, … on their own count
/// (the key's before the variable, then the form's, then the key's after it, moved by as many
/// arguments as the form takes less the one the variable took); numbered ones take their number.
struct VariantLayout {
  /// The form's first plain argument is at this index (position `start + 1`).
  let start: Int
  /// The key's plain arguments after the variable start at this index of the key's…
  let resume: Int
  /// …and stand `shift` positions further than in the key.
  let shift: Int
  /// Whether the variant mixes numbered and plain specifiers.
  let mixesNumbering: Bool
  /// Whether it has numbered specifiers.
  let hasNumbered: Bool

  init(key: FormatVariants.ReadFormat, form: FormatVariants.Form) {
    let placeholderIsPlain = key.specifiers[form.placeholder].argumentNumber == nil
    let numbered = key.numbered - (placeholderIsPlain ? 0 : 1) + form.format.numbered
    let total = key.specifiers.count - 1 + form.format.specifiers.count
    mixesNumbering = numbered > 0 && numbered < total
    hasNumbered = numbered > 0
    start = key.plainBefore[form.placeholder]
    let skipped = placeholderIsPlain ? 1 : 0
    resume = start + skipped
    shift = form.format.plainArguments.count - skipped
  }

  /// The form's plain arguments by 1-based position.
  func plainArguments(of form: FormatVariants.Form) -> [(Int, FormatSpecifier.ArgumentType)] {
    form.format.plainArguments.enumerated().map { (start + $0.offset + 1, $0.element) }
  }

  /// The form's numbered arguments by position, in its order.
  func numberedArguments(of form: FormatVariants.Form) -> [(Int, FormatSpecifier.ArgumentType)] {
    zip(form.format.specifiers, form.format.types).compactMap { specifier, type in
      specifier.argumentNumber.map { ($0, type) }
    }
  }

  /// The plain argument the variant has at a 1-based position, if any.
  func plainArgument(at position: Int, key: FormatVariants.ReadFormat, form: FormatVariants.Form)
    -> FormatSpecifier.ArgumentType?
  {
    let formCount = form.format.plainArguments.count
    if position >= 1 && position <= start { return key.plainArguments[position - 1] }
    if position > start && position <= start + formCount { return form.format.plainArguments[position - start - 1] }
    let index = position - 1 - shift
    return index >= resume && index < key.plainArguments.count ? key.plainArguments[index] : nil
  }

  /// One argument given two types in the variant, a stray `%` aside: among numbered specifiers,
  /// or between a numbered specifier and the plain one that takes the same argument; one that can
  /// crash first.
  func conflict(
    of form: FormatVariants.Form, key: FormatVariants.ReadFormat, numbered: NumberedArguments,
    crossings: inout Crossings
  ) -> FormatMismatch.Reason? {
    guard hasNumbered else { return nil }
    var finder = ConflictFinder()
    let own = key.specifiers[form.placeholder].argumentNumber
    if let reason = numbered.conflict(leaving: form.placeholder, adding: numberedArguments(of: form)) {
      if FormatMismatch(reason: reason).consequence == .crash { return reason }
      if case .conflictingTypes(let position, let first, let second) = reason {
        _ = finder.note(position, [first, second])
      }
    }
    guard mixesNumbering else { return finder.found?.reason }
    // The form's numbered arguments against the plain ones at their positions.
    for (position, type) in numberedArguments(of: form) {
      guard let plain = plainArgument(at: position, key: key, form: form), plain != type else { continue }
      if finder.note(position, [plain, type]) { return finder.found?.reason }
    }
    // The key's numbered arguments (the variable's own aside) against the plain ones: before the
    // variable as in the key, in the form's place against the form's, after it moved.
    let formCount = form.format.plainArguments.count
    func keyType(at position: Int) -> FormatSpecifier.ArgumentType? {
      position == own
        ? numbered.types(at: position, leaving: form.placeholder).first : numbered.typesAt[position]?.first?.type
    }
    let before = crossings.positions(shift: 0).filter { $0 <= start }
    let after = crossings.positions(shift: shift, after: start + formCount)
    for position in before + after {
      guard let type = keyType(at: position), let plain = plainArgument(at: position, key: key, form: form),
        plain != type
      else { continue }
      if finder.note(position, [plain, type]) { return finder.found?.reason }
    }
    for position in (start + 1)..<(start + formCount + 1) {
      guard let type = keyType(at: position), let plain = plainArgument(at: position, key: key, form: form),
        plain != type
      else { continue }
      if finder.note(position, [plain, type]) { return finder.found?.reason }
    }
    return finder.found?.reason
  }
}

/// The key's numbered arguments that a plain argument of the key meets with another type, by how
/// far the plain ones are moved: worked out once per distinct move, for every form that moves
/// them so far.
struct Crossings {
  let key: FormatVariants.ReadFormat
  let numbered: NumberedArguments
  /// The numbered positions, in order.
  private let positions: [Int]
  /// By move: the first few positions whose plain argument has another type, those that can
  /// crash first, in order of position.
  private var byShift: [Int: (all: [Int], crashing: [Int])] = [:]

  init(key: FormatVariants.ReadFormat, numbered: NumberedArguments) {
    self.key = key
    self.numbered = numbered
    positions = numbered.typesAt.keys.sorted()
  }

  /// Positions where the key's numbered and (moved) plain arguments may differ: a few after
  /// `bound` (exclusive), those that can crash among them first; enough for a caller that skips
  /// one position (a variable's own).
  mutating func positions(shift: Int, after bound: Int = 0) -> [Int] {
    let table = self.table(shift: shift)
    return Array(Self.after(bound, in: table.crashing).prefix(2)) + Array(Self.after(bound, in: table.all).prefix(2))
  }

  private mutating func table(shift: Int) -> (all: [Int], crashing: [Int]) {
    if let table = byShift[shift] { return table }
    var table: (all: [Int], crashing: [Int]) = ([], [])
    // Without numbered positions in a plain argument's reach there is nothing to work out.
    if !key.plainArguments.isEmpty {
      for position in positions {
        let index = position - 1 - shift
        guard index >= 0, index < key.plainArguments.count, let type = numbered.typesAt[position]?.first?.type
        else { continue }
        let plain = key.plainArguments[index]
        guard plain != type else { continue }
        table.all.append(position)
        if plain.isDereferenced || type.isDereferenced { table.crashing.append(position) }
      }
    }
    byShift[shift] = table
    return table
  }

  private static func after(_ bound: Int, in sorted: [Int]) -> ArraySlice<Int> {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] <= bound { low = middle + 1 } else { high = middle }
    }
    return sorted[low...]
  }
}
