/// `.strings` and `.stringsdict` entries as String Catalog localizations, for a layer that holds
/// a catalog's table in the older form (mixed layers, docs/merging.md).
///
/// The conversion keeps what the runtime sees: compiling the localization gives back the entry
/// (``CatalogCompiler``), byte for byte for strings and for the rules Xcode writes.
///
/// - A `.strings` value is a string unit in state `translated`.
/// - A plural rule is its format key as a string unit with one substitution per variable, named
///   as the variable, without `argNum` and with the variable's value type as `formatSpecifier`,
///   forms verbatim (`%d` stays `%d`, as XCSTRINGS.md §3.4 allows). A top-level plural would
///   rename the variable (`%#@arg1@`); substitutions give the rule back as it was.
/// - A device rule is a device variation, each device a string or one of the rules above.
/// - Width rules, and anything else a catalog cannot hold, have no localization: the caller
///   reports the reason.
enum LegacyLocalization {
  /// The localization of a `.strings` value.
  static func variant(string: String) -> CatalogVariant {
    .string(string, state: "translated")
  }

  /// The localization of a `.stringsdict` entry's value, or why a catalog cannot hold it.
  static func variant(rule value: LocalizationValue) -> Result<CatalogVariant, Problem> {
    switch value {
    case .string(let text):
      return .success(variant(string: text))
    case .dictionary(let rule):
      if let devices = rule["NSStringDeviceSpecificRuleType"] {
        guard case .dictionary(let cases) = devices else {
          return .failure(Problem("its NSStringDeviceSpecificRuleType is not a dictionary"))
        }
        var converted: [CatalogCase] = []
        for (name, item) in cases.pairs {
          switch item {
          case .string(let text): converted.append(CatalogCase(name, variant(string: text)))
          case .dictionary(let format):
            switch formatVariant(format) {
            case .success(let variant): converted.append(CatalogCase(name, variant))
            case .failure(let problem): return .failure(problem)
            }
          default: return .failure(Problem("the device '\(name)' holds neither a string nor a rule"))
          }
        }
        return .success(CatalogVariant(variations: CatalogVariations(device: converted)))
      }
      if rule["NSStringVariableWidthRuleType"] != nil {
        return .failure(Problem("width variations (NSStringVariableWidthRuleType) have no String Catalog form"))
      }
      return formatVariant(rule)
    default:
      return .failure(Problem("its value is neither a string nor a rule dictionary"))
    }
  }

  /// Why an entry has no catalog form.
  struct Problem: Error, Hashable {
    var reason: String

    init(_ reason: String) {
      self.reason = reason
    }
  }

  // MARK: - Private

  /// A format dictionary: `NSStringLocalizedFormatKey` and its plural variables.
  private static func formatVariant(_ rule: OrderedDictionary) -> Result<CatalogVariant, Problem> {
    guard let format = rule["NSStringLocalizedFormatKey"]?.stringValue else {
      return .failure(Problem("it has no NSStringLocalizedFormatKey string"))
    }
    var variables: [(name: String, valueType: String?, forms: [CatalogCase])] = []
    for (name, value) in rule.pairs where name != "NSStringLocalizedFormatKey" {
      guard case .dictionary(let variable) = value else { continue }
      let type = variable["NSStringFormatSpecTypeKey"]?.stringValue
      guard type == "NSStringPluralRuleType" else {
        return .failure(
          Problem(
            "its variable '\(name)' is \(type.map { "a \($0)" } ?? "no plural rule"), which a catalog cannot hold"))
      }
      var forms: [CatalogCase] = []
      for (category, form) in variable.pairs where !category.hasPrefix("NSString") {
        guard let text = form.stringValue else {
          return .failure(Problem("the form '\(category)' of its variable '\(name)' is not a string"))
        }
        forms.append(CatalogCase(category, variant(string: text)))
      }
      variables.append((name, variable["NSStringFormatValueTypeKey"]?.stringValue, forms))
    }
    let substitutions = variables.map { variable in
      CatalogSubstitution(
        name: variable.name, argNum: nil, formatSpecifier: variable.valueType ?? "@",
        variations: CatalogVariations(plural: variable.forms))
    }
    return .success(
      CatalogVariant(
        stringUnit: CatalogStringUnit(state: "translated", value: format),
        substitutions: substitutions.isEmpty ? nil : substitutions))
  }
}
