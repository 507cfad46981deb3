/// The strings of an entry a translator translates one by one, each named by its path inside
/// the entry, as Xcode's exports name them:
///
/// - a `.strings` value is one string, path `[]`;
/// - a `.stringsdict` rule gives its format key (`["NSStringLocalizedFormatKey"]`) and every
///   form of its variables (`["count", "one"]`), and of device rules (`["NSStringDeviceSpecificRuleType", "iphone"]`);
/// - a catalog localization gives its string unit (`[]`), each plural case (`["plural", "one"]`),
///   device case (`["device", "iphone"]`, nesting: `["device", "mac", "plural", "one"]`) and each
///   plural case of a substitution (`["substitutions", "count", "plural", "one"]`).
///
/// A plural gets the categories of the language it is translated into (Russian `one few many
/// other` for an English `one other`), each with the source's form of that category, else its
/// `other`; `zero` when the source gives one.
enum TranslationLeaves {
  /// One string to translate.
  struct Leaf: Hashable, Sendable {
    var path: [String]
    var source: String
  }

  /// The plural categories in CLDR's order.
  static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

  /// The keys of a `.stringsdict` variable that describe it rather than hold a form.
  static let ruleTypeKeys: Set<String> = ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]

  /// The categories a plural translated into `language` has: those the language uses, with
  /// `zero` when the source has it; the source's own when the language is unknown.
  /// - Parameters:
  ///   - language: The target language.
  ///   - given: The source's categories.
  static func categories(for language: String, given: [String]) -> [String] {
    guard let used = PluralCategories.used(by: language) else { return given }
    return categoryOrder.filter { used.contains($0) || ($0 == "zero" && given.contains("zero")) }
  }

  // MARK: .stringsdict

  /// The strings of a `.stringsdict` rule translated into `language`, in the rule's order.
  static func ofRule(_ value: LocalizationValue, language: String) -> [Leaf] {
    guard case .dictionary(let rule) = value else { return [] }
    var leaves: [Leaf] = []
    walk(rule, path: [], language: language, into: &leaves)
    return leaves
  }

  /// The string at `path` in a `.stringsdict` rule.
  static func string(at path: [String], inRule value: LocalizationValue) -> String? {
    var current = value
    for component in path {
      guard case .dictionary(let dictionary) = current, let next = dictionary[component] else { return nil }
      current = next
    }
    return current.stringValue
  }

  /// Whether a dictionary of a rule is a plural variable.
  static func isPluralVariable(_ dictionary: OrderedDictionary) -> Bool {
    dictionary["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType"
  }

  private static func walk(_ dictionary: OrderedDictionary, path: [String], language: String, into leaves: inout [Leaf])
  {
    if isPluralVariable(dictionary) {
      let forms = dictionary.pairs.filter { !ruleTypeKeys.contains($0.key) && $0.value.stringValue != nil }
      for category in categories(for: language, given: forms.map(\.key)) {
        guard let source = (dictionary[category] ?? dictionary["other"])?.stringValue else { continue }
        leaves.append(Leaf(path: path + [category], source: source))
      }
      return
    }
    for (key, value) in dictionary.pairs where !ruleTypeKeys.contains(key) {
      switch value {
      case .string(let text): leaves.append(Leaf(path: path + [key], source: text))
      case .dictionary(let inner): walk(inner, path: path + [key], language: language, into: &leaves)
      default: continue
      }
    }
  }

  // MARK: String Catalogs

  /// The strings of a catalog localization translated into `language`; a key without a
  /// source-language localization is its own text, one string.
  static func ofCatalog(_ variant: CatalogVariant?, key: String, language: String) -> [Leaf] {
    guard let variant else { return [Leaf(path: [], source: key)] }
    var leaves: [Leaf] = []
    walk(variant, path: [], language: language, into: &leaves)
    return leaves
  }

  /// The string unit at `path` in a catalog localization.
  static func unit(at path: [String], in variant: CatalogVariant) -> CatalogStringUnit? {
    var current = variant
    var rest = path[...]
    while let first = rest.first {
      switch first {
      case "plural", "device":
        guard rest.count >= 2 else { return nil }
        let cases = (first == "plural" ? current.variations?.plural : current.variations?.device) ?? []
        guard let found = cases.last(where: { $0.name == rest[rest.startIndex + 1] }) else { return nil }
        current = found.variant
        rest = rest.dropFirst(2)
      case "substitutions":
        guard rest.count >= 4, rest[rest.startIndex + 2] == "plural",
          let substitution = current.substitutions?.last(where: { $0.name == rest[rest.startIndex + 1] }),
          let found = substitution.variations?.plural?.last(where: { $0.name == rest[rest.startIndex + 3] })
        else { return nil }
        current = found.variant
        rest = rest.dropFirst(4)
      default:
        return nil
      }
    }
    return current.stringUnit
  }

  private static func walk(_ variant: CatalogVariant, path: [String], language: String, into leaves: inout [Leaf]) {
    if let plural = variant.variations?.plural {
      appendPlural(plural, path: path + ["plural"], language: language, into: &leaves)
    } else if let devices = variant.variations?.device {
      for device in devices {
        walk(device.variant, path: path + ["device", device.name], language: language, into: &leaves)
      }
    } else if let unit = variant.stringUnit {
      leaves.append(Leaf(path: path, source: unit.value))
    }
    for substitution in variant.substitutions ?? [] {
      guard let plural = substitution.variations?.plural else { continue }
      appendPlural(
        plural, path: path + ["substitutions", substitution.name, "plural"], language: language, into: &leaves)
    }
  }

  private static func appendPlural(_ cases: [CatalogCase], path: [String], language: String, into leaves: inout [Leaf])
  {
    func text(_ name: String) -> String? { cases.last { $0.name == name }?.variant.stringUnit?.value }
    for category in categories(for: language, given: cases.map(\.name)) {
      guard let source = text(category) ?? text("other") else { continue }
      leaves.append(Leaf(path: path + [category], source: source))
    }
  }
}
