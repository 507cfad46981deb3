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
  /// The whole value's signature (a rule's format key, variables as their types); `nil` when the
  /// value has no format (not a string, or a rule without a format key).
  private var whole: FormatSignature?
  /// A rule's format key, read for its forms.
  private var key: ReadFormat?
  private var forms: [Form] = []
  /// The format key's numbered arguments, for a rule with forms.
  private var numbered: NumberedArguments?

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
    switch value {
    case .string(let text):
      // Most values: one signature and nothing else to read.
      whole = FormatSignature(format: text)
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
      whole = read.signature
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
      if !forms.isEmpty { numbered = NumberedArguments(read) }
    default:
      break
    }
  }

  /// Every variant's signature, made whole (``LocalizationValue/formatSignatures``).
  var signatures: [(variant: String, signature: FormatSignature)] {
    guard let whole else { return [] }
    guard let key else { return [(wholeLabel, whole)] }
    return [(wholeLabel, whole)]
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
    guard var result = whole else { return nil }
    guard let key, let numbered else { return result }
    if let flaw = result.flaw, flaw != .invalidSpecifier { return result }
    var complete = result.flaw == nil
    var crossings = Crossings(key: key, numbered: numbered)
    for form in forms {
      let layout = VariantLayout(key: key, form: form)
      if let flaw = layout.conflict(of: form, key: key, numbered: numbered, crossings: &crossings) {
        result.flaw = flaw
        return result
      }
      complete = complete && form.format.isComplete
      result.mixesNumbering = result.mixesNumbering || layout.mixesNumbering
      guard result.take(layout.plainArguments(of: form) + layout.numberedArguments(of: form)) else { return result }
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
    guard var whole else { return nil }
    if ignoringStrayPercents, whole.flaw == .invalidSpecifier { whole.flaw = nil }
    let found = whole.mismatch(against: reference)
    if found?.consequence == .crash { return found.map { (wholeLabel, $0) } }
    var first = found.map { (variant: wholeLabel, mismatch: $0) }
    guard let key, let numbered else { return first }
    var comparison = VariantComparison(key: key, numbered: numbered, reference: reference)
    for form in forms {
      guard let found = comparison.mismatch(of: form, ignoringStrayPercents: ignoringStrayPercents) else { continue }
      if found.consequence == .crash { return (form.label, found) }
      first = first ?? (form.label, found)
    }
    return first
  }

}
