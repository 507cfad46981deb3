/// The comparison of a value's variants with the arguments a reference supplies, sharing the work
/// on the format key between the forms (``FormatVariants``).
struct VariantComparison {
  let key: FormatVariants.ReadFormat
  let supplied: [Int: FormatSpecifier.ArgumentType]
  /// The largest position supplied: every key argument placed beyond it is unsupplied.
  let lastSupplied: Int
  /// For each index of the key's plain arguments, the first index from there whose type is
  /// dereferenced (`count` when none).
  let nextDereferenced: [Int]
  /// The first mismatch and the first that can crash from each index of the key's plain
  /// arguments, by shift; only indices whose shifted position is supplied are worked out.
  private var byShift: [Int: (mismatch: [Int], crash: [Int])] = [:]
  let numbered: NumberedArguments
  /// Whether the reference sets the arguments (its only flaw, if any, a stray `%`).
  let isComparable: Bool
  /// Whether the reference mixes numbered and plain specifiers (a value that mixes alike is read
  /// alike).
  let referenceMixesNumbering: Bool
  private var numberedMisfits: (mismatches: [Int], crashes: [Int])?
  private var crossings: Crossings

  init(key: FormatVariants.ReadFormat, numbered: NumberedArguments, reference: FormatSignature) {
    self.key = key
    self.numbered = numbered
    crossings = Crossings(key: key, numbered: numbered)
    supplied = reference.arguments
    isComparable = reference.flaw == nil || reference.flaw == .invalidSpecifier
    referenceMixesNumbering = reference.mixesNumbering
    lastSupplied = supplied.keys.max() ?? 0
    var next = [Int](repeating: key.plainArguments.count, count: key.plainArguments.count + 1)
    for index in key.plainArguments.indices.reversed() {
      next[index] = key.plainArguments[index].isDereferenced ? index : next[index + 1]
    }
    nextDereferenced = next
  }

  /// The form's problem when it stands in its variable's place: the first that can crash, else a
  /// flaw, else mixed numbering, else the first that prints wrong text.
  mutating func mismatch(of form: FormatVariants.Form, ignoringStrayPercents: Bool) -> FormatMismatch? {
    let layout = VariantLayout(key: key, form: form)
    var flaw = layout.conflict(of: form, key: key, numbered: numbered, crossings: &crossings).map {
      FormatMismatch(reason: $0)
    }
    if flaw == nil, !ignoringStrayPercents, !(key.isComplete && form.format.isComplete) {
      flaw = FormatMismatch(reason: .invalidSpecifier)
    }
    if let flaw, flaw.consequence == .crash { return flaw }
    // A reference that is a broken format says nothing about the arguments.
    guard isComparable else { return flaw }
    // Plain and numbered specifiers each take their own positions; the lower position goes first.
    let plain = plainMisfits(form, start: layout.start, resume: layout.resume, shift: layout.shift)
    let numbered: (crash: FormatMismatch?, first: FormatMismatch?) =
      layout.hasNumbered
      ? numberedMisfits(form, placeholder: form.placeholder, arguments: layout.numberedArguments(of: form))
      : (nil, nil)
    let crash = Self.earlier(plain.crash, numbered.crash)
    let mixed =
      layout.mixesNumbering && !referenceMixesNumbering ? FormatMismatch(reason: .mixedNumbering) : nil
    return crash ?? flaw ?? mixed ?? Self.earlier(plain.first, numbered.first)
  }

  /// Of two mismatches, the one at the lower argument position.
  private static func earlier(_ lhs: FormatMismatch?, _ rhs: FormatMismatch?) -> FormatMismatch? {
    guard let lhs, let rhs else { return lhs ?? rhs }
    return rhs.position < lhs.position ? rhs : lhs
  }

  // MARK: Plain formats

  /// Positions go in order: the key's arguments before the variable, the form's, the key's after.
  private mutating func plainMisfits(_ form: FormatVariants.Form, start: Int, resume: Int, shift: Int)
    -> (crash: FormatMismatch?, first: FormatMismatch?)
  {
    let unshifted = misfits(shift: 0)
    let count = key.plainArguments.count
    var crash: FormatMismatch?
    var first: FormatMismatch?
    func note(_ found: FormatMismatch?) {
      guard let found else { return }
      if crash == nil, found.consequence == .crash { crash = found }
      first = first ?? found
    }
    // Before the variable: the key's own places.
    if unshifted.mismatch < start { note(keyMisfit(unshifted.mismatch, shift: 0)) }
    if unshifted.crash < start { note(keyMisfit(unshifted.crash, shift: 0)) }
    if crash != nil { return (crash, first) }
    for (offset, type) in form.format.plainArguments.enumerated() {
      note(FormatSignature.misfit(type, at: start + offset + 1, in: supplied))
      if crash != nil { return (crash, first) }
    }
    guard resume < count else { return (crash, first) }
    let after = firstMisfits(from: resume, shift: shift)
    if after.mismatch < count { note(keyMisfit(after.mismatch, shift: shift)) }
    if after.crash < count { note(keyMisfit(after.crash, shift: shift)) }
    return (crash, first)
  }

  /// The key's plain argument at `index`, placed with `shift`, against what is supplied.
  private func keyMisfit(_ index: Int, shift: Int) -> FormatMismatch? {
    FormatSignature.misfit(key.plainArguments[index], at: index + 1 + shift, in: supplied)
  }

  /// The first index from `index` on with a mismatch and with one that can crash (`count` when none).
  private mutating func firstMisfits(from index: Int, shift: Int) -> (mismatch: Int, crash: Int) {
    let count = key.plainArguments.count
    // Placed beyond the last supplied position, every argument is a mismatch and a dereferenced
    // one a crash, whatever the shift.
    let limit = max(0, min(count, lastSupplied - shift))
    guard index < limit else { return (index, nextDereferenced[index]) }
    let table = misfitTable(shift: shift)
    return (table.mismatch[index], table.crash[index])
  }

  private mutating func misfits(shift: Int) -> (mismatch: Int, crash: Int) {
    key.plainArguments.isEmpty ? (0, 0) : firstMisfits(from: 0, shift: shift)
  }

  /// One backward pass over the key's plain arguments whose shifted position is supplied.
  private mutating func misfitTable(shift: Int) -> (mismatch: [Int], crash: [Int]) {
    if let table = byShift[shift] { return table }
    let count = key.plainArguments.count
    let limit = max(0, min(count, lastSupplied - shift))
    var mismatch = [Int](repeating: 0, count: limit + 1)
    var crash = [Int](repeating: 0, count: limit + 1)
    mismatch[limit] = limit
    crash[limit] = nextDereferenced[limit]
    for index in stride(from: limit - 1, through: 0, by: -1) {
      let found = keyMisfit(index, shift: shift)
      mismatch[index] = found == nil ? mismatch[index + 1] : index
      crash[index] = found?.consequence == .crash ? index : crash[index + 1]
    }
    byShift[shift] = (mismatch, crash)
    return (mismatch, crash)
  }

  // MARK: Numbered formats

  /// The first misfits among the key's arguments, the variable's left out, and the form's.
  private mutating func numberedMisfits(
    _ form: FormatVariants.Form, placeholder: Int, arguments: [(Int, FormatSpecifier.ArgumentType)]
  ) -> (crash: FormatMismatch?, first: FormatMismatch?) {
    let numbered = self.numbered
    let sorted = numberedMisfits ?? Self.misfitPositions(of: numbered, supplied: supplied)
    numberedMisfits = sorted
    // The key's positions as the key types them; the variable's own is looked at again.
    let own = key.specifiers[placeholder].argumentNumber
    var candidates: [(Int, FormatSpecifier.ArgumentType)] = []
    for positions in [sorted.crashes, sorted.mismatches] {
      for position in positions.prefix(2) where position != own {
        if let type = numbered.typesAt[position]?.first?.type { candidates.append((position, type)) }
      }
    }
    if let own, let type = numbered.types(at: own, leaving: placeholder).first { candidates.append((own, type)) }
    candidates += arguments
    var crash: (Int, FormatMismatch)?
    var first: (Int, FormatMismatch)?
    for (position, type) in candidates {
      guard let found = FormatSignature.misfit(type, at: position, in: supplied) else { continue }
      if found.consequence == .crash, crash.map({ position < $0.0 }) ?? true { crash = (position, found) }
      if first.map({ position < $0.0 }) ?? true { first = (position, found) }
    }
    return (crash?.1, first?.1)
  }

  /// The key's numbered positions (each with its first type) that do not fit, and those that can
  /// crash, in order.
  private static func misfitPositions(of key: NumberedArguments, supplied: [Int: FormatSpecifier.ArgumentType])
    -> (mismatches: [Int], crashes: [Int])
  {
    var mismatches: [Int] = []
    var crashes: [Int] = []
    for position in key.typesAt.keys.sorted() {
      guard let type = key.typesAt[position]?.first?.type,
        let found = FormatSignature.misfit(type, at: position, in: supplied)
      else { continue }
      mismatches.append(position)
      if found.consequence == .crash { crashes.append(position) }
    }
    return (mismatches, crashes)
  }
}

extension FormatMismatch {
  /// The argument position a mismatch is at (0 for one that is not about one argument).
  fileprivate var position: Int {
    switch reason {
    case .unsuppliedArgument(let position, _), .typeMismatch(let position, _, _), .conflictingTypes(let position, _, _):
      return position
    case .invalidSpecifier, .mixedNumbering:
      return 0
    }
  }
}
