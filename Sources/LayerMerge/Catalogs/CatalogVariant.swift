/// What a localization (or one plural or device case of it) says: a string unit, variations,
/// substitutions, or several of them.
///
///     "de" : {
///       "stringUnit" : { "state" : "translated", "value" : "%1$@ hat %#@n@" },
///       "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { … } } }
///     }
public struct CatalogVariant: Hashable, Sendable {
  /// The text, with its translation state.
  public var stringUnit: CatalogStringUnit?
  /// Plural and device variations.
  public var variations: CatalogVariations?
  /// The `%#@name@` substitutions of the string unit, in file order.
  public var substitutions: [CatalogSubstitution]?
  /// Fields this model does not know, verbatim.
  public var otherFields: [JSONMember]
  /// Where the variant's object starts.
  public var position: TextPosition?

  /// Creates a variant.
  public init(
    stringUnit: CatalogStringUnit? = nil, variations: CatalogVariations? = nil,
    substitutions: [CatalogSubstitution]? = nil
  ) {
    self.stringUnit = stringUnit
    self.variations = variations
    self.substitutions = substitutions
    self.otherFields = []
  }

  /// A variant that is only a string unit.
  /// - Parameters:
  ///   - value: The text.
  ///   - state: The translation state.
  public static func string(_ value: String, state: String? = "translated") -> CatalogVariant {
    CatalogVariant(stringUnit: CatalogStringUnit(state: state, value: value))
  }

  public static func == (lhs: CatalogVariant, rhs: CatalogVariant) -> Bool {
    lhs.stringUnit == rhs.stringUnit && lhs.variations == rhs.variations && lhs.substitutions == rhs.substitutions
      && lhs.otherFields.map(JSONMemberContent.init) == rhs.otherFields.map(JSONMemberContent.init)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(stringUnit)
    hasher.combine(variations)
  }
}

/// A translated text and its state.
public struct CatalogStringUnit: Hashable, Sendable {
  /// `translated`, `needs_review`, `new`, `stale`…; `nil` when the unit has none.
  public var state: String?
  /// The text.
  public var value: String
  /// Fields this model does not know, verbatim.
  public var otherFields: [JSONMember]
  /// Where the unit's object starts.
  public var position: TextPosition?
  /// Where its `value` starts.
  public var valuePosition: TextPosition?

  /// Creates a string unit.
  public init(state: String?, value: String) {
    self.state = state
    self.value = value
    self.otherFields = []
  }

  public static func == (lhs: CatalogStringUnit, rhs: CatalogStringUnit) -> Bool {
    lhs.state == rhs.state && lhs.value.utf8.elementsEqual(rhs.value.utf8)
      && lhs.otherFields.map(JSONMemberContent.init) == rhs.otherFields.map(JSONMemberContent.init)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(state)
    hasher.combine(Array(value.utf8))
  }
}

/// Plural and device variations: each case holds a whole variant (cases nest: device → plural).
public struct CatalogVariations: Hashable, Sendable {
  /// Plural cases (`zero one two few many other`), in file order.
  public var plural: [CatalogCase]?
  /// Device cases (`iphone ipad ipod mac applewatch appletv applevision other`), in file order.
  public var device: [CatalogCase]?
  /// Variation kinds this model does not know, verbatim.
  public var otherFields: [JSONMember]
  /// Where the variations object starts.
  public var position: TextPosition?
  /// Where the `"plural"` key stands.
  public var pluralPosition: TextPosition?

  /// Creates variations.
  public init(plural: [CatalogCase]? = nil, device: [CatalogCase]? = nil) {
    self.plural = plural
    self.device = device
    self.otherFields = []
  }

  public static func == (lhs: CatalogVariations, rhs: CatalogVariations) -> Bool {
    lhs.plural == rhs.plural && lhs.device == rhs.device
      && lhs.otherFields.map(JSONMemberContent.init) == rhs.otherFields.map(JSONMemberContent.init)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(plural)
    hasher.combine(device)
  }
}

/// One plural category or device of a variation.
public struct CatalogCase: Hashable, Sendable {
  /// The category (`one`) or device (`mac`).
  public var name: String
  /// Where the name stands in the file.
  public var position: TextPosition?
  /// What this case says.
  public var variant: CatalogVariant

  /// Creates a case.
  public init(_ name: String, _ variant: CatalogVariant, position: TextPosition? = nil) {
    self.name = name
    self.variant = variant
    self.position = position
  }

  public static func == (lhs: CatalogCase, rhs: CatalogCase) -> Bool {
    lhs.name == rhs.name && lhs.variant == rhs.variant
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(variant)
  }
}

/// A `%#@name@` substitution: an argument whose plural form is chosen at run time.
public struct CatalogSubstitution: Hashable, Sendable {
  /// The name the string unit refers to.
  public var name: String
  /// Where the name stands in the file.
  public var position: TextPosition?
  /// The 1-based argument it formats; absent in some Xcode-written files.
  public var argNum: Int?
  /// The conversion for `%arg` (`lld`, `@`, `.1f`).
  public var formatSpecifier: String?
  /// The plural forms.
  public var variations: CatalogVariations?
  /// Fields this model does not know, verbatim.
  public var otherFields: [JSONMember]

  /// Creates a substitution.
  public init(name: String, argNum: Int?, formatSpecifier: String?, variations: CatalogVariations?) {
    self.name = name
    self.argNum = argNum
    self.formatSpecifier = formatSpecifier
    self.variations = variations
    self.otherFields = []
  }

  public static func == (lhs: CatalogSubstitution, rhs: CatalogSubstitution) -> Bool {
    lhs.name == rhs.name && lhs.argNum == rhs.argNum && lhs.formatSpecifier == rhs.formatSpecifier
      && lhs.variations == rhs.variations
      && lhs.otherFields.map(JSONMemberContent.init) == rhs.otherFields.map(JSONMemberContent.init)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(argNum)
  }
}
