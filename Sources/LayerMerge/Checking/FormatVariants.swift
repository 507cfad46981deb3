/// The formats a value gives the runtime, read once: a plain string's, or a stringsdict rule's
/// format key and each plural or device form in the place of its variable (the runtime puts the
/// chosen form where `%#@name@` stands and formats the whole string, so a form's plain
/// specifiers take the arguments from that place on, and the key's specifiers after it move by
/// as many arguments as the form takes, less the one the variable took).
///
/// Comparing every form with a reference reuses the format key's reading instead of reading the
/// key again per form, which took quadratic time on a key that names many variables. The cost is
/// the value's length, plus, for each different number of plain arguments the forms take, one
/// pass over the key's arguments the reference supplies (in practice the forms take one or two
/// counts: "One file", "%d files").
///
/// Each form is read on its own, and a variable named several times in the key is checked in
/// its first place.
struct FormatVariants {
  /// The label of the whole value's own variant: `""` for a string, `NSStringLocalizedFormatKey`
  /// for a rule.
  private var wholeLabel = ""
  /// The whole value's format (a rule's format key, variables as their types); `nil` when the
  /// value has no format (not a string, or a rule without a format key).
  private var key: ReadFormat?
  private var forms: [Form] = []
  /// The format key's numbered arguments (a rule's; a plain string has no forms).
  private var numberedKey: NumberedKey

  /// A format read once: its specifiers, with each one's type and where its arguments go.
  struct ReadFormat {
    var specifiers: [FormatSpecifier]
    /// Each specifier's type, a variable's resolved (an object when unknown, as CF validates).
    var types: [FormatSpecifier.ArgumentType]
    var isComplete: Bool
    /// How many specifiers are numbered (`%1$@`).
    var numbered: Int
    /// The arguments the plain specifiers take, in order, a `*` width or precision included.
    var plainArguments: [FormatSpecifier.ArgumentType] = []
    /// For each specifier, how many plain arguments come before its own.
    var plainBefore: [Int] = []

    init(_ text: String, variables: [String: FormatSpecifier.ArgumentType]) {
      let scanned = FormatSpecifier.scan(text)
      specifiers = scanned.specifiers
      types = specifiers.map { $0.type ?? $0.variable.flatMap { variables[$0] } ?? .object }
      isComplete = scanned.isComplete
      numbered = specifiers.count { $0.argumentNumber != nil }
      for (specifier, type) in zip(specifiers, types) {
        guard specifier.argumentNumber == nil else {
          plainBefore.append(plainArguments.count)
          continue
        }
        plainArguments += repeatElement(.starInt, count: specifier.starArguments)
        plainBefore.append(plainArguments.count)
        plainArguments.append(type)
      }
    }

    /// The signature of the format alone.
    var signature: FormatSignature {
      FormatSignature(specifiers: specifiers, types: types, isComplete: isComplete)
    }
  }

  /// One form of a variable the format key names.
  struct Form {
    /// `name.category`: `count.one`.
    var label: String
    /// The variable's specifier in the format key.
    var placeholder: Int
    var format: ReadFormat
  }

  /// Reads a value's formats.
  /// - Parameter value: A plain string or a stringsdict rule; anything else has none.
  init(_ value: LocalizationValue) {
    numberedKey = NumberedKey(ReadFormat("", variables: [:]))
    switch value {
    case .string(let text):
      key = ReadFormat(text, variables: [:])
    case .dictionary(let rule):
      var variables: [String: FormatSpecifier.ArgumentType] = [:]
      for (name, value) in rule.pairs {
        guard case .dictionary(let variable) = value,
          let valueType = variable["NSStringFormatValueTypeKey"]?.stringValue,
          let type = FormatSpecifier.parse("%" + valueType)?.first?.type
        else { continue }
        variables[name] = type
      }
      guard let formatKey = rule["NSStringLocalizedFormatKey"]?.stringValue else { return }
      wholeLabel = "NSStringLocalizedFormatKey"
      let read = ReadFormat(formatKey, variables: variables)
      key = read
      numberedKey = NumberedKey(read)
      var seen: Set<String> = []
      for (index, specifier) in read.specifiers.enumerated() {
        guard let name = specifier.variable, seen.insert(name).inserted, case .dictionary(let variable)? = rule[name]
        else { continue }
        for (category, text) in variable.pairs where !category.hasPrefix("NSString") {
          guard let text = text.stringValue else { continue }
          forms.append(
            Form(label: "\(name).\(category)", placeholder: index, format: ReadFormat(text, variables: variables)))
        }
      }
    default:
      break
    }
  }

  /// Every variant's signature, made whole (``LocalizationValue/formatSignatures``).
  var signatures: [(variant: String, signature: FormatSignature)] {
    guard let key else { return [] }
    return [(wholeLabel, key.signature)]
      + forms.map { form in
        let j = form.placeholder
        let specifiers = key.specifiers[..<j] + form.format.specifiers + key.specifiers[(j + 1)...]
        let types = key.types[..<j] + form.format.types + key.types[(j + 1)...]
        return (
          form.label,
          FormatSignature(
            specifiers: Array(specifiers), types: Array(types),
            isComplete: key.isComplete && form.format.isComplete)
        )
      }
  }

  /// The arguments of every variant together: the format key's, and each form's where it stands.
  /// A flaw of any variant other than a stray `%` makes the union's flaw; so does a position two
  /// variants use as different types.
  var union: FormatSignature? {
    guard let key else { return nil }
    var result = key.signature
    if let flaw = result.flaw, flaw != .invalidSpecifier { return result }
    var complete = result.flaw == nil
    for form in forms {
      let layout = Layout(key: key, form: form)
      if let flaw = layout.flaw(of: form, numberedKey: numberedKey) {
        result.flaw = flaw
        return result
      }
      complete = complete && form.format.isComplete
      guard result.take(layout.formArguments(form)) else { return result }
    }
    if !complete { result.flaw = .invalidSpecifier }
    return result
  }

  /// The variant to report when the value is given the arguments `reference` takes: the first
  /// (the whole value's, then the forms' in order) that can crash, else the first with any
  /// problem; `nil` when every variant fits.
  /// - Parameters:
  ///   - reference: What the caller supplies; a stray `%` in it does not matter.
  ///   - ignoringStrayPercents: Whether a `%` that starts no specifier is no problem (nothing is
  ///     formatted when no argument is passed).
  func worstMismatch(against reference: FormatSignature, ignoringStrayPercents: Bool)
    -> (variant: String, mismatch: FormatMismatch)?
  {
    guard let key else { return nil }
    var comparison = Comparison(key: key, numberedKey: numberedKey, reference: reference)
    var first: (variant: String, mismatch: FormatMismatch)?
    func consider(_ label: String, _ found: FormatMismatch?) -> Bool {
      guard let found else { return false }
      if found.consequence == .crash {
        first = (label, found)
        return true
      }
      first = first ?? (label, found)
      return false
    }
    var whole = key.signature
    if ignoringStrayPercents, whole.flaw == .invalidSpecifier { whole.flaw = nil }
    if consider(wholeLabel, whole.mismatch(against: reference)) { return first }
    for form in forms {
      let found = comparison.mismatch(of: form, ignoringStrayPercents: ignoringStrayPercents)
      if consider(form.label, found) { return first }
    }
    return first
  }
}

// MARK: - Private

/// Where a form's arguments stand when it takes its variable's place in the format key.
private struct Layout {
  enum Mode {
    /// Every specifier is plain: the form's arguments start at `start` (0-based), and the key's
    /// arguments after the variable move by `shift`.
    case plain(start: Int, resume: Int, shift: Int)
    /// Every specifier is numbered.
    case numbered
    /// Numbered and plain specifiers are mixed.
    case mixed
  }

  var mode: Mode

  init(key: FormatVariants.ReadFormat, form: FormatVariants.Form) {
    let placeholder = key.specifiers[form.placeholder]
    let placeholderIsPlain = placeholder.argumentNumber == nil
    let numbered = key.numbered - (placeholderIsPlain ? 0 : 1) + form.format.numbered
    let total = key.specifiers.count - 1 + form.format.specifiers.count
    if numbered > 0 && numbered < total {
      mode = .mixed
    } else if numbered == 0 {
      let start = key.plainBefore[form.placeholder]
      let skipped = placeholderIsPlain ? 1 : 0
      mode = .plain(start: start, resume: start + skipped, shift: form.format.plainArguments.count - skipped)
    } else {
      mode = .numbered
    }
  }

  /// The form's arguments by 1-based position, in its order.
  func formArguments(_ form: FormatVariants.Form) -> [(Int, FormatSpecifier.ArgumentType)] {
    switch mode {
    case .plain(let start, _, _):
      return form.format.plainArguments.enumerated().map { (start + $0.offset + 1, $0.element) }
    case .numbered:
      return zip(form.format.specifiers, form.format.types).compactMap { specifier, type in
        specifier.argumentNumber.map { ($0, type) }
      }
    case .mixed:
      return []
    }
  }

  /// What makes the variant unusable whatever it is given, a stray `%` aside: mixed numbering,
  /// or one argument used as two types (numbered formats only; plain ones use each position once).
  func flaw(of form: FormatVariants.Form, numberedKey: NumberedKey) -> FormatMismatch.Reason? {
    switch mode {
    case .mixed: return .mixedNumbering
    case .plain: return nil
    case .numbered: return numberedKey.conflict(leaving: form.placeholder, adding: formArguments(form))
    }
  }
}

/// The numbered arguments of a format key, each position with the types its specifiers give it.
struct NumberedKey {
  /// Per position, the distinct types in the order they appear, each with how many specifiers
  /// give it.
  var typesAt: [Int: [(type: FormatSpecifier.ArgumentType, count: Int)]] = [:]
  /// Positions given two types, in the order the second type appears, and those of them where
  /// one of the types is dereferenced (a conflict that can crash).
  var conflicts: (all: [Int], crashing: [Int]) = ([], [])
  let key: FormatVariants.ReadFormat

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
  /// `added` arguments: the first that can crash, else the first.
  func conflict(leaving placeholder: Int, adding added: [(Int, FormatSpecifier.ArgumentType)])
    -> FormatMismatch.Reason?
  {
    var first: FormatMismatch?
    func note(_ position: Int, _ types: [FormatSpecifier.ArgumentType]) -> Bool {
      guard types.count > 1 else { return false }
      // Name a dereferenced type if there is one: that is what can crash.
      let other = types.dropFirst().first(where: \.isDereferenced) ?? types[1]
      let found = FormatMismatch(reason: .conflictingTypes(position: position, types[0], other))
      if found.consequence == .crash {
        first = found
        return true
      }
      first = first ?? found
      return false
    }
    // Only the variable's own position changes: the first two of each list tell.
    for position in conflicts.crashing.prefix(2) + conflicts.all.prefix(2) {
      if note(position, types(at: position, leaving: placeholder)) { return first?.reason }
    }
    var formTypes: [Int: [FormatSpecifier.ArgumentType]] = [:]
    for (position, type) in added where !(formTypes[position]?.contains(type) ?? false) {
      formTypes[position, default: []].append(type)
    }
    for (position, added) in formTypes.sorted(by: { $0.key < $1.key }) {
      var all = types(at: position, leaving: placeholder)
      for type in added where !all.contains(type) { all.append(type) }
      if note(position, all) { return first?.reason }
    }
    return first?.reason
  }
}

/// The comparison of a value's variants with the arguments a reference supplies, sharing the work
/// on the format key between the forms.
private struct Comparison {
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
  let numberedKey: NumberedKey
  /// Whether the reference sets the arguments (its only flaw, if any, a stray `%`).
  let isComparable: Bool
  private var numberedMisfits: (mismatches: [Int], crashes: [Int])?

  init(key: FormatVariants.ReadFormat, numberedKey: NumberedKey, reference: FormatSignature) {
    self.key = key
    self.numberedKey = numberedKey
    supplied = reference.arguments
    isComparable = reference.flaw == nil || reference.flaw == .invalidSpecifier
    lastSupplied = supplied.keys.max() ?? 0
    var next = [Int](repeating: key.plainArguments.count, count: key.plainArguments.count + 1)
    for index in key.plainArguments.indices.reversed() {
      next[index] = key.plainArguments[index].isDereferenced ? index : next[index + 1]
    }
    nextDereferenced = next
  }

  /// The form's problem when it stands in its variable's place: the first that can crash, else
  /// a flaw, else the first that prints wrong text.
  mutating func mismatch(of form: FormatVariants.Form, ignoringStrayPercents: Bool) -> FormatMismatch? {
    let layout = Layout(key: key, form: form)
    var flaw = layout.flaw(of: form, numberedKey: numberedKey).map { FormatMismatch(reason: $0) }
    if flaw == nil, !ignoringStrayPercents, !(key.isComplete && form.format.isComplete) {
      flaw = FormatMismatch(reason: .invalidSpecifier)
    }
    if let flaw, flaw.consequence == .crash { return flaw }
    // A reference that is a broken format says nothing about the arguments.
    guard isComparable else { return flaw }
    let found: (crash: FormatMismatch?, first: FormatMismatch?)
    switch layout.mode {
    case .mixed: return flaw
    case .plain(let start, let resume, let shift):
      found = plainMisfits(form, start: start, resume: resume, shift: shift)
    case .numbered: found = numberedMisfits(form, placeholder: form.placeholder, arguments: layout.formArguments(form))
    }
    return found.crash ?? flaw ?? found.first
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
    let numbered = numberedKey
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
  private static func misfitPositions(of key: NumberedKey, supplied: [Int: FormatSpecifier.ArgumentType])
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
