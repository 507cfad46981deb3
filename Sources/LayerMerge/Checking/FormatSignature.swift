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
    arguments = [:]
    flaw = nil
    guard let specifiers = FormatSpecifier.parse(format) else {
      flaw = .invalidSpecifier
      return
    }
    let numbered = specifiers.filter { $0.argumentNumber != nil }.count
    mixesNumbering = numbered > 0 && numbered < specifiers.count
    // CoreFoundation counts the plain specifiers' arguments on their own, numbered ones aside.
    var next = 1
    for specifier in specifiers {
      if specifier.argumentNumber == nil {
        for _ in 0..<specifier.starArguments {
          arguments[next] = .starInt
          next += 1
        }
      }
      let position = specifier.argumentNumber ?? next
      if specifier.argumentNumber == nil { next += 1 }
      let type = specifier.type ?? specifier.variable.flatMap { variables[$0] } ?? .object
      if let existing = arguments[position], existing != type {
        flaw = .conflictingTypes(position: position, existing, type)
        return
      }
      arguments[position] = type
    }
  }

  /// Why an override with this signature cannot replace `base`, or `nil` if it can.
  /// - Parameter base: The signature of the value replaced.
  /// - Returns: The reason, worded against "the value it replaces".
  public func incompatibility(replacing base: FormatSignature) -> String? {
    mismatch(against: base)?.description(reference: "the value it replaces")
  }

  /// Why this format cannot be given the arguments `reference` is given, or `nil` if it can;
  /// when several arguments do not fit, the one that can crash comes first, then mixed numbering.
  /// - Parameter reference: The signature whose arguments the caller supplies (the value an
  ///   override replaces, or the development language's value).
  /// - Returns: The first mismatch that can crash, else the first that prints wrong text.
  public func mismatch(against reference: FormatSignature) -> FormatMismatch? {
    if let flaw { return FormatMismatch(reason: flaw) }
    guard reference.flaw == nil else { return nil }
    var first: FormatMismatch?
    for position in arguments.keys.sorted() {
      guard let type = arguments[position] else { continue }
      let found: FormatMismatch
      if let expected = reference.arguments[position] {
        guard expected != type else { continue }
        found = FormatMismatch(reason: .typeMismatch(position: position, found: type, expected: expected))
      } else {
        found = FormatMismatch(reason: .unsuppliedArgument(position: position, type))
      }
      if found.consequence == .crash { return found }
      first = first ?? found
    }
    // A reference that mixes alike is read alike: only the positions can differ.
    return mixesNumbering && !reference.mixesNumbering ? FormatMismatch(reason: .mixedNumbering) : first
  }
}

extension FormatSignature {
  /// The arguments of several formats of one value together (the forms of a stringsdict rule,
  /// which the caller gives the same arguments): a position any of them uses, with its type.
  /// - Parameter signatures: The signatures of the forms.
  /// - Returns: Their union; it has a problem if one of them does, or if two disagree on a type.
  static func union(_ signatures: [FormatSignature]) -> FormatSignature {
    var result = FormatSignature(format: "")
    for signature in signatures {
      if let flaw = signature.flaw {
        result.flaw = flaw
        return result
      }
      result.mixesNumbering = result.mixesNumbering || signature.mixesNumbering
      for (position, type) in signature.arguments {
        if let existing = result.arguments[position], existing != type {
          result.flaw = .conflictingTypes(position: position, existing, type)
          return result
        }
        result.arguments[position] = type
      }
    }
    return result
  }
}

extension LocalizationValue {
  /// The arguments the value takes: for a stringsdict rule, those of every form together (a
  /// form may use an argument the format key does not name, such as `%2$@` beside `%#@count@`).
  public var argumentSignature: FormatSignature? {
    let signatures = formatSignatures.map(\.signature)
    return signatures.isEmpty ? nil : FormatSignature.union(signatures)
  }

  /// The format signatures a value offers at run time: one for a plain string; for a
  /// stringsdict rule, one per variant (each plural or device form), with `%#@var@` expanded to
  /// the variable's `NSStringFormatValueTypeKey`.
  public var formatSignatures: [(variant: String, signature: FormatSignature)] {
    switch self {
    case .string(let text):
      return [("", FormatSignature(format: text))]
    case .dictionary(let rule):
      var variables: [String: FormatSpecifier.ArgumentType] = [:]
      var variants: [(String, FormatSignature)] = []
      for (name, value) in rule.pairs {
        guard case .dictionary(let variable) = value else { continue }
        if let valueType = variable["NSStringFormatValueTypeKey"]?.stringValue,
          let specifier = FormatSpecifier.parse("%" + valueType)?.first, let type = specifier.type
        {
          variables[name] = type
        }
      }
      guard let formatKey = rule["NSStringLocalizedFormatKey"]?.stringValue else { return [] }
      variants.append(("NSStringLocalizedFormatKey", FormatSignature(format: formatKey, variables: variables)))
      // The runtime puts the chosen form in place of %#@name@ and then formats the whole string,
      // so each form is checked inside the format key.
      let placeholders = FormatSpecifier.parse(formatKey)?.filter { $0.variable != nil } ?? []
      for placeholder in placeholders {
        guard let name = placeholder.variable, case .dictionary(let forms)? = rule[name] else { continue }
        for (form, text) in forms.pairs where !form.hasPrefix("NSString") {
          guard let text = text.stringValue else { continue }
          let expanded = formatKey.replacingFirst(placeholder.text, with: text)
          variants.append(("\(name).\(form)", FormatSignature(format: expanded, variables: variables)))
        }
      }
      return variants
    default:
      return []
    }
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced, compared by Unicode scalar.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    let scalars = Array(unicodeScalars)
    let needle = Array(target.unicodeScalars)
    guard !needle.isEmpty, needle.count <= scalars.count else { return self }
    for start in 0...(scalars.count - needle.count) where scalars[start..<(start + needle.count)].elementsEqual(needle)
    {
      var result = String.UnicodeScalarView()
      result.append(contentsOf: scalars[..<start])
      result.append(contentsOf: replacement.unicodeScalars)
      result.append(contentsOf: scalars[(start + needle.count)...])
      return String(result)
    }
    return self
  }
}
