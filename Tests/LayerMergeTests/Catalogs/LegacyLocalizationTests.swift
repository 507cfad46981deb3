import Testing

@testable import LayerMerge

/// A `.strings` or `.stringsdict` entry over a catalog becomes a localization that compiles back
/// to the entry the runtime would have read.
@Suite struct LegacyLocalizationTests {
  static func rule(_ pairs: [(String, LocalizationValue)]) -> LocalizationValue {
    .dictionary(OrderedDictionary(pairs))
  }

  static func plural(_ type: String?, _ forms: [(String, String)]) -> LocalizationValue {
    rule(
      [("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType"))]
        + (type.map { [("NSStringFormatValueTypeKey", LocalizationValue.string($0))] } ?? [])
        + forms.map { ($0.0, .string($0.1)) })
  }

  static func compiled(_ variant: CatalogVariant) -> (rule: LocalizationValue?, string: String?) {
    CatalogCompiler.compiledValue(of: variant, key: "k", choices: .reference)
  }

  @Test func aStringIsATranslatedUnit() {
    let variant = LegacyLocalization.variant(string: "Hallo %@")
    #expect(variant == .string("Hallo %@", state: "translated"))
    #expect(Self.compiled(variant).string == "Hallo %@" && Self.compiled(variant).rule == nil)
  }

  @Test(arguments: [
    // A plural alone, a plural inside text with a numbered argument, two variables.
    rule([
      ("NSStringLocalizedFormatKey", .string("%#@files@")),
      ("files", plural("lld", [("one", "%lld Datei"), ("other", "%lld Dateien")])),
    ]),
    rule([
      ("NSStringLocalizedFormatKey", .string("%1$@ hat %2$#@n@")),
      ("n", plural("d", [("one", "eine Datei"), ("other", "%2$d Dateien")])),
    ]),
    rule([
      ("NSStringLocalizedFormatKey", .string("%#@a@ und %#@b@")),
      ("a", plural("d", [("one", "%d Apfel"), ("other", "%d Äpfel")])),
      ("b", plural("d", [("one", "%d Birne"), ("other", "%d Birnen")])),
    ]),
    rule([
      (
        "NSStringDeviceSpecificRuleType",
        .dictionary(OrderedDictionary([("iphone", .string("Tippen")), ("mac", .string("Klicken"))]))
      )
    ]),
  ])
  func aRuleCompilesBackToItself(_ value: LocalizationValue) throws {
    let variant = try LegacyLocalization.variant(rule: value).get()
    #expect(Self.compiled(variant).rule == value)
  }

  @Test func widthRulesHaveNoCatalogForm() {
    let width = Self.rule([
      ("NSStringVariableWidthRuleType", .dictionary(OrderedDictionary([("1", .string("S")), ("20", .string("Long"))])))
    ])
    #expect(
      throws: LegacyLocalization.Problem("width variations (NSStringVariableWidthRuleType) have no String Catalog form")
    ) { try LegacyLocalization.variant(rule: width).get() }
    let other = Self.rule([
      ("NSStringLocalizedFormatKey", .string("%#@g@")),
      ("g", Self.rule([("NSStringFormatSpecTypeKey", .string("NSStringGenderRuleType")), ("other", .string("x"))])),
    ])
    #expect(
      throws: LegacyLocalization.Problem(
        "its variable 'g' is a NSStringGenderRuleType, which a catalog cannot hold")
    ) { try LegacyLocalization.variant(rule: other).get() }
  }
}
