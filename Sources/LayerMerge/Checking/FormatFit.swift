/// The one rule by which a value must take the arguments another value is given: an override of
/// what it replaces, a translation of the development language's value, a catalog translation of
/// the source language's (FORMATS.md §5.3, §5.4). Every check that compares formats asks here.
///
/// - The reference sets the arguments. A reference whose only "specifiers" are a `%` followed by a
///   space or a flag character ("100% anonymous" reads as `% a`, "100%-compatible" as `%-c`) is
///   prose and takes none; so does one without any `%`. A reference that is a broken format sets
///   nothing to compare with.
/// - Against a reference that takes no arguments nothing is formatted, so in the value such a `%`,
///   or one that starts no specifier, is a percent sign ("100% e", "100%-osan", "50%"); a plain
///   specifier (`%d`, `%@`, `%1$s`) is an argument the code does not pass.
/// - Of several problems, one that can crash is the one reported.
package enum FormatFit {
  /// The arguments `reference` is given, or `nil` when it is a broken format (nothing to compare
  /// with). A stray `%` in it does not break it: its other specifiers still say what is given.
  /// - Parameter reference: The value that sets the arguments.
  package static func arguments(of reference: LocalizationValue) -> FormatSignature? {
    if isProse(reference) { return FormatSignature(format: "") }
    guard var signature = reference.argumentSignature else { return nil }
    if signature.flaw == .invalidSpecifier { signature.flaw = nil }
    return signature.flaw == nil ? signature : nil
  }

  /// The problem to report among the forms of a value (one for a plain string, one per plural or
  /// device form of a stringsdict rule), or `nil` when every form fits: the first that can crash,
  /// else the first.
  /// - Parameters:
  ///   - value: The override or translation.
  ///   - arguments: What the reference takes (from ``arguments(of:)``).
  /// - Returns: The form's label (`""` for a plain string) and the mismatch.
  package static func worstMismatch(of value: LocalizationValue, against arguments: FormatSignature)
    -> (variant: String, mismatch: FormatMismatch)?
  {
    // Nothing is formatted when no argument is passed: a stray '%' prints as it stands.
    let takesNone = arguments.arguments.isEmpty
    return FormatVariants(takesNone ? literalPercents(value) : value)
      .worstMismatch(against: arguments, ignoringStrayPercents: takesNone)
  }

  /// The same for several values the runtime picks from (one per device), each with a label
  /// that goes before its forms' (`iphone.count.one`).
  /// - Parameters:
  ///   - values: The labelled values.
  ///   - arguments: What the reference takes.
  package static func worstMismatch(
    of values: [(label: String, value: LocalizationValue)], against arguments: FormatSignature
  ) -> (variant: String, mismatch: FormatMismatch)? {
    var first: (variant: String, mismatch: FormatMismatch)?
    for (label, value) in values {
      guard let (variant, mismatch) = worstMismatch(of: value, against: arguments) else { continue }
      let found = (label.isEmpty || variant.isEmpty ? label + variant : "\(label).\(variant)", mismatch)
      if mismatch.consequence == .crash { return found }
      first = first ?? found
    }
    return first
  }

  /// Whether a value is prose rather than a format: a plain string without a specifier, or whose
  /// every specifier starts with a space or a flag ("100% guaranteed", "100%-compatible").
  package static func isProse(_ value: LocalizationValue) -> Bool {
    guard case .string(let text) = value else { return false }
    guard text.containsUTF8Byte(UInt8(ascii: "%")) else { return true }
    guard let specifiers = FormatSpecifier.parse(text) else { return false }
    return specifiers.allSatisfy { specifier in
      specifier.text.unicodeScalars.dropFirst().first.map(proseMarkers.contains) ?? false
    }
  }

  /// What follows a `%` in prose (`% `, `%-`, `%+`) and, as flags, rarely in a real format.
  private static let proseMarkers: Set<Unicode.Scalar> = [" ", "-", "+", "#", "0", "'"]

  /// The text with every `%` that prose would write (before a space or a flag character, or at the
  /// end) written as `%%`, a literal percent sign.
  package static func literalPercents(_ text: String) -> String {
    guard text.containsUTF8Byte(UInt8(ascii: "%")) else { return text }
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      guard scalar == "%" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      if pending == "%" {
        result += "%%"
        pending = scalars.next()
      } else if pending.map(proseMarkers.contains) ?? true {
        result += "%%"
      } else {
        result += "%"
      }
    }
    return result
  }

  /// ``literalPercents(_:)-(String)`` applied to every string of a value.
  package static func literalPercents(_ value: LocalizationValue) -> LocalizationValue {
    switch value {
    case .string(let text): return .string(literalPercents(text))
    case .dictionary(let dictionary):
      return .dictionary(OrderedDictionary(dictionary.pairs.map { ($0.key, literalPercents($0.value)) }))
    default: return value
    }
  }
}
