/// The compiler's answer to each rule XCSTRINGS.md still marks unverified [U], in one place.
///
/// Each property is what the reference algorithm of XCSTRINGS.md §4 does, and names the case of
/// `xcstrings/verify-matrix.xcstrings` that settles it. Once `xcrun xcstringstool compile` has run
/// on that matrix on a Mac (XCSTRINGS.md §9), a different answer is a one-line change here.
public struct CatalogCompilationChoices: Hashable, Sendable {
  /// Source-language string units in state `new` are skipped only when the entry's
  /// `extractionState` is `extracted_with_value` (`true`), or always (`false`, the reference
  /// algorithm). Cases c03 and c04.
  public var skipsSourceNewOnlyWhenExtractedWithValue = false

  /// The variable name of a top-level plural in the compiled `.stringsdict`
  /// (`NSStringLocalizedFormatKey` = `%#@arg1@`). Invisible at run time. Case `%lld files`.
  public var topLevelPluralVariable = "arg1"

  /// Whether the forms of a top-level plural are rewritten with positional specifiers
  /// (`%1$lld`) instead of copied verbatim. Case `%lld files`.
  public var makesTopLevelPluralFormsPositional = false

  /// Whether a device variation's `other` case is also kept inside the
  /// `NSStringDeviceSpecificRuleType` dictionary, besides being the `.strings` fallback. Case c15.
  /// (An `other` that is not a plain string, such as a plural, has no `.strings` form and is
  /// always kept in the dictionary.)
  public var keepsDeviceOtherInRule = false

  /// Whether a device variation whose only case is `other` still gets an (empty)
  /// `NSStringDeviceSpecificRuleType` rule besides its `.strings` fallback. At run time the rule
  /// would shadow the fallback, so the reference algorithm's literal reading is not followed here.
  public var writesEmptyDeviceRule = false

  /// Where the `substitutions` of a localization go when they sit beside `variations.device` and
  /// each device's string refers to some of them (the shape Xcode's editor writes for a string
  /// with plurals varied by device; `Test3.xcstrings`): each device's format dictionary carries
  /// the substitutions its string refers to (`true`), or all of them (`false`). Foundation reads
  /// a format dictionary's variables by the names its format key refers to, so both read the
  /// same at run time; only the bytes differ. No case of the matrix covers it yet.
  public var deviceFormsCarryOnlyTheirSubstitutions = true

  /// Whether a language with only variations also gets a `.strings` file without entries.
  /// Matrix: any case with variations only.
  public var writesEmptyStringsFile = false

  /// Whether entries marked `shouldTranslate: false` are compiled in the source language only
  /// (`true`), or in every language they have (`false`, the reference algorithm). Case c09.
  public var compilesUntranslatableInSourceLanguageOnly = false

  /// Whether a string unit with an empty value is written (`""`). Case c08.
  public var writesEmptyValues = true

  /// The reference algorithm of XCSTRINGS.md §4, as written.
  public static let reference = CatalogCompilationChoices()

  /// Creates the reference choices; change single properties from there.
  public init() {}
}
