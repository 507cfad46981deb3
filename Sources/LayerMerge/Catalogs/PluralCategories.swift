/// The CLDR plural categories each language uses for whole numbers, to check the plural cases of
/// a catalog (CLDR `plurals.xml`, integer rules; Apple's runtime follows CLDR).
enum PluralCategories {
  /// The categories a language uses, or `nil` for a language this table does not know.
  /// - Parameter language: A catalog language code (`pt-BR`, `zh-Hans`); the first subtag decides,
  ///   except for the few regional variants listed by their full code.
  static func used(by language: String) -> Set<String>? {
    let code = language.lowercased().replacingUnderscores()
    if let categories = table[code] { return categories }
    guard let dash = code.firstIndex(of: "-") else { return nil }
    return table[String(code[..<dash])]
  }

  /// Categories that a language uses but that counts of things rarely need, so that their absence
  /// is not reported: `many` in French, Spanish, Italian, Portuguese and Catalan applies only to
  /// multiples of a million, and in Czech, Slovak and Lithuanian only to fractions.
  static func rarelyNeeded(by language: String) -> Set<String> {
    let base = String(language.lowercased().split(separator: "-").first ?? "")
    return ["fr", "es", "it", "pt", "ca", "cs", "sk", "lt"].contains(base) ? ["many"] : []
  }

  private static let otherOnly: Set<String> = ["other"]
  private static let oneOther: Set<String> = ["one", "other"]
  private static let oneManyOther: Set<String> = ["one", "many", "other"]
  private static let oneFewOther: Set<String> = ["one", "few", "other"]
  private static let oneFewManyOther: Set<String> = ["one", "few", "many", "other"]

  private static let table: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for code in [
      "ja", "zh", "ko", "th", "vi", "id", "ms", "my", "lo", "km", "bo", "dz", "jv", "ii", "su", "to", "wo", "yo", "ig",
      "yue", "sah", "kea", "ses", "sg", "nqo", "osa",
    ] {
      table[code] = otherOnly
    }
    for code in [
      "en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "el", "hu", "tr", "bg", "hi", "bn", "gu", "kn", "mr",
      "ta", "te", "ml", "ur", "fa", "af", "az", "eu", "gl", "ka", "kk", "ky", "mn", "sq", "sw", "uz", "zu", "am",
      "fil", "is", "ne", "pa", "si", "ps", "as", "or", "hy", "tk", "ug", "xh", "so", "ha", "lb", "fo", "fy", "rm",
      "ku", "ckb", "om", "ti", "tn", "ts", "ve", "nso", "st", "ss", "sn", "ny", "rw", "mg", "ln", "ak", "ee", "ff",
      "kab", "fur", "sc", "sd", "ce", "os", "tt", "ba", "cv", "chr", "haw", "mi",
    ] {
      table[code] = oneOther
    }
    for code in ["fr", "es", "it", "pt", "ca", "pt-pt", "vec"] { table[code] = oneManyOther }
    for code in ["ro", "mo", "hr", "sr", "bs", "sh"] { table[code] = oneFewOther }
    for code in ["ru", "uk", "be", "pl", "lt", "cs", "sk"] { table[code] = oneFewManyOther }
    table["lv"] = ["zero", "one", "other"]
    table["prg"] = ["zero", "one", "other"]
    table["he"] = ["one", "two", "other"]
    table["iw"] = ["one", "two", "other"]
    table["sl"] = ["one", "two", "few", "other"]
    table["dsb"] = ["one", "two", "few", "other"]
    table["hsb"] = ["one", "two", "few", "other"]
    table["gd"] = ["one", "two", "few", "other"]
    table["mt"] = ["one", "two", "few", "many", "other"]
    table["ga"] = ["one", "two", "few", "many", "other"]
    table["br"] = ["one", "two", "few", "many", "other"]
    table["gv"] = ["one", "two", "few", "many", "other"]
    table["ar"] = ["zero", "one", "two", "few", "many", "other"]
    table["cy"] = ["zero", "one", "two", "few", "many", "other"]
    table["kw"] = ["zero", "one", "two", "few", "many", "other"]
    return table
  }()
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
