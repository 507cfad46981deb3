import LayerMerge
import Testing

/// A substitution's forms may name other substitutions; those count as references, and a loop of
/// references (a substitution naming itself, directly or through others) is an error (issue 23,
/// case 10).
@Suite struct SubstitutionReferenceTests {
  /// One localization of `key` in `en`: the string unit's value and substitutions with their
  /// `other` form (and `one` when given).
  static func diagnostics(_ value: String, _ substitutions: [(name: String, other: String)]) throws -> [String] {
    let listed = substitutions.map { name, other in
      """
      "\(name)" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } },
        "other" : { "stringUnit" : { "state" : "translated", "value" : "\(other)" } } } } }
      """
    }
    let text = """
      {"sourceLanguage" : "en", "version" : "1.0", "strings" : { "key" : { "localizations" : { "en" : {
        "stringUnit" : { "state" : "translated", "value" : "\(value)" },
        "substitutions" : {
      \(listed.joined(separator: ",\n"))
      } } } } } }
      """
    let parsed = StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings")
    let catalog = try #require(parsed.catalog)
    return CatalogCompiler.compile(catalog, path: "C.xcstrings").diagnostics.map(\.description)
  }

  @Test func aSubstitutionThatNamesItselfIsAnError() throws {
    #expect(
      try Self.diagnostics("%#@a@", [("a", "%arg and %#@a@")]) == [
        "C.xcstrings:4:1: error: substitution 'a' of \"key\" in 'en' refers to itself through its forms (a → a); "
          + "the runtime cannot expand it"
      ])
  }

  /// `b` is named by `a`'s forms: it is referenced, and the two name each other.
  @Test func twoSubstitutionsThatNameEachOtherAreOneError() throws {
    #expect(
      try Self.diagnostics("%#@a@", [("a", "%arg in %#@b@"), ("b", "%arg of %#@a@")]) == [
        "C.xcstrings:4:1: error: substitution 'a' of \"key\" in 'en' refers to itself through its forms "
          + "(a → b → a); the runtime cannot expand it"
      ])
  }

  /// A form may name another substitution: that one is used, not "never referenced".
  @Test func aSubstitutionNamedByAnothersFormIsReferenced() throws {
    #expect(try Self.diagnostics("%#@a@", [("a", "%arg in %#@b@"), ("b", "%arg")]).isEmpty)
    #expect(
      try Self.diagnostics("%#@a@", [("a", "%arg in %#@missing@"), ("b", "%arg")]) == [
        "C.xcstrings:6:66: error: Referencing undefined substitution 'missing' (en: key)",
        "C.xcstrings:7:1: warning: Substitution 'b' was never referenced. To reference, use %#@b@ in some other "
          + "string (en: key|==|substitutions.b)",
      ])
  }
}
