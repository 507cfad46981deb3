/// What was found for each language of the previous entry, by its place there: a catalog's
/// entries list their languages in much the same order, so the language at the same place is
/// tried before anything is looked up.
struct LanguageAtPosition<Value> {
  private var seen: [(language: String, value: Value)] = []

  /// The value for `language` at `position` in an entry: the one found for the same language
  /// (by String equality) at that place last time, else `lookUp`'s, remembered there.
  mutating func value(of language: String, at position: Int, lookUp: (String) -> Value) -> Value {
    if position < seen.count, seen[position].language == language { return seen[position].value }
    let value = lookUp(language)
    if position < seen.count {
      seen[position] = (language, value)
    } else {
      seen.append((language, value))
    }
    return value
  }
}
