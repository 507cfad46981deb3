/// The arguments a localized format expects, by 1-based position, and why it cannot be used.
///
/// Two formats are compatible when every argument position the override uses is one the base
/// supplies with the same type (FORMATS.md §5.3, the recommended rule): width, precision and
/// flags may differ, positions may be omitted or repeated. Numbered (`%1$@`) and plain specifiers
/// mixed are read as CoreFoundation reads them — the plain ones take arguments 1, 2, … on their
/// own count — so mixing crashes only where that reads an argument as the wrong kind; otherwise
/// it prints wrong text.
public struct FormatSignature: Hashable, Sendable {
  /// The argument types by position.
  public var arguments: [Int: FormatSpecifier.ArgumentType]
  /// What makes the format unusable on its own, if anything.
  public var problem: String? { flaw.map { FormatMismatch(reason: $0).description(reference: "") } }
  /// The same, as a reason a mismatch can carry.
  var flaw: FormatMismatch.Reason?
  /// Whether numbered and plain specifiers are mixed (the positions are CoreFoundation's).
  var mixesNumbering = false

  /// The signature of a plain format string.
  /// - Parameters:
  ///   - format: The format.
  ///   - variables: Types for `%#@name@` variables (from a stringsdict rule); unknown variables
  ///     are treated as objects, as CF's validator does.
  public init(format: String, variables: [String: FormatSpecifier.ArgumentType] = [:]) {
    let scanned = FormatSpecifier.scan(format)
    self.init(
      specifiers: scanned.specifiers,
      types: scanned.specifiers.map { $0.type ?? $0.variable.flatMap { variables[$0] } ?? .object },
      isComplete: scanned.isComplete)
  }

  /// The signature of specifiers already read, with the type of each (a variable's resolved).
  /// A `%` that started no specifier (`isComplete` false) and a second type for one argument are
  /// flaws that leave the other arguments in place, so that a mismatch that can crash is still
  /// found beside them.
  init(specifiers: [FormatSpecifier], types: [FormatSpecifier.ArgumentType], isComplete: Bool) {
    arguments = [:]
    flaw = isComplete ? nil : .invalidSpecifier
    let numbered = specifiers.filter { $0.argumentNumber != nil }.count
    mixesNumbering = numbered > 0 && numbered < specifiers.count
    // CoreFoundation counts the plain specifiers' arguments on their own, numbered ones aside.
    var next = 1
    for (specifier, type) in zip(specifiers, types) {
      if specifier.argumentNumber == nil {
        for _ in 0..<specifier.starArguments {
          place(.starInt, at: next)
          next += 1
        }
      }
      let position = specifier.argumentNumber ?? next
      if specifier.argumentNumber == nil { next += 1 }
      place(type, at: position)
    }
  }

  /// Gives an argument its type; a position given another type already is a conflict (the first,
  /// unless a later one can crash and it cannot), and keeps its first type.
  private mutating func place(_ type: FormatSpecifier.ArgumentType, at position: Int) {
    guard let existing = arguments[position] else {
      arguments[position] = type
      return
    }
    guard existing != type else { return }
    let conflict = FormatMismatch(reason: .conflictingTypes(position: position, existing, type))
    if flaw.map({ $0 == .invalidSpecifier || FormatMismatch(reason: $0).consequence < conflict.consequence }) ?? true {
      flaw = conflict.reason
    }
  }

  /// Why an override with this signature cannot replace `base`, or `nil` if it can.
  /// - Parameter base: The signature of the value replaced.
  /// - Returns: The reason, worded against "the value it replaces".
  public func incompatibility(replacing base: FormatSignature) -> String? {
    mismatch(against: base)?.description(reference: "the value it replaces")
  }

  /// Why this format cannot be given the arguments `reference` is given, or `nil` if it can;
  /// when several arguments do not fit, the one that can crash comes first, then a flaw of the
  /// format that cannot crash (a stray `%`, which never hides one that can), then mixed numbering.
  /// - Parameter reference: The signature whose arguments the caller supplies (the value an
  ///   override replaces, or the development language's value). A stray `%` in it does not
  ///   stop the comparison: its other specifiers still say what the caller supplies.
  /// - Returns: The first mismatch that can crash, else the flaw, else the first that prints
  ///   wrong text.
  public func mismatch(against reference: FormatSignature) -> FormatMismatch? {
    let flawed = flaw.map { FormatMismatch(reason: $0) }
    if let flawed, flawed.consequence == .crash { return flawed }
    guard reference.flaw == nil || reference.flaw == .invalidSpecifier else { return flawed }
    var first: FormatMismatch?
    for position in arguments.keys.sorted() {
      guard let type = arguments[position], let found = Self.misfit(type, at: position, in: reference.arguments)
      else { continue }
      if found.consequence == .crash { return found }
      first = first ?? found
    }
    // A reference that mixes alike is read alike: only the positions can differ.
    let mixed = mixesNumbering && !reference.mixesNumbering ? FormatMismatch(reason: .mixedNumbering) : nil
    return flawed ?? mixed ?? first
  }

  /// Why an argument of `type` at `position` does not fit what the caller supplies, or `nil`.
  static func misfit(
    _ type: FormatSpecifier.ArgumentType, at position: Int, in supplied: [Int: FormatSpecifier.ArgumentType]
  ) -> FormatMismatch? {
    guard let expected = supplied[position] else {
      return FormatMismatch(reason: .unsuppliedArgument(position: position, type))
    }
    guard expected != type else { return nil }
    return FormatMismatch(reason: .typeMismatch(position: position, found: type, expected: expected))
  }
}

extension FormatSignature {
  /// The arguments of several formats of one value together (the forms of a stringsdict rule,
  /// which the caller gives the same arguments): a position any of them uses, with its type.
  /// - Parameter signatures: The signatures of the forms.
  /// - Returns: Their union; it has a problem if one of them does, or if two disagree on a type.
  static func union(_ signatures: [FormatSignature]) -> FormatSignature {
    var result = FormatSignature(format: "")
    var complete = true
    for signature in signatures {
      if let flaw = signature.flaw, flaw != .invalidSpecifier {
        result.flaw = flaw
        return result
      }
      complete = complete && signature.flaw == nil
      result.mixesNumbering = result.mixesNumbering || signature.mixesNumbering
      // In order of position, so that the conflict named does not depend on a dictionary's order.
      guard result.take(signature.arguments.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) else {
        return result
      }
    }
    if !complete { result.flaw = .invalidSpecifier }
    return result
  }

  /// Adds arguments to these; a position already given another type is a conflict, which
  /// becomes the flaw and stops.
  /// - Returns: Whether every argument was taken.
  mutating func take(_ added: [(Int, FormatSpecifier.ArgumentType)]) -> Bool {
    for (position, type) in added {
      if let existing = arguments[position], existing != type {
        flaw = .conflictingTypes(position: position, existing, type)
        return false
      }
      arguments[position] = type
    }
    return true
  }
}

extension LocalizationValue {
  /// The arguments the value takes: for a stringsdict rule, those of the format key and of every
  /// form in the place of its variable (a form may use an argument the format key does not name,
  /// such as `%2$@` beside `%#@count@`).
  public var argumentSignature: FormatSignature? {
    FormatVariants(self).union
  }

  /// The format signatures a value offers at run time: one for a plain string; for a
  /// stringsdict rule, one for the format key (`%#@var@` read as the variable's
  /// `NSStringFormatValueTypeKey`) and one per form of each variable it names (each plural or
  /// device form in the place of the variable's first `%#@var@`).
  ///
  /// Every signature is made whole, so this takes time in proportion to the number of forms
  /// times the length of the format key; the checks compare the same forms without making them
  /// (``FormatFit``).
  public var formatSignatures: [(variant: String, signature: FormatSignature)] {
    FormatVariants(self).signatures
  }
}
