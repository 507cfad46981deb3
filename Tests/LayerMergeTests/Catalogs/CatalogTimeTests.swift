import TestSupport
import Testing

@testable import LayerMerge

/// Compiling and checking a catalog takes time in proportion to the catalog, whatever a value
/// holds (issue 23, case 5); each budget is set by the same work on an input 8 times smaller
/// (``LinearTime``).
@Suite struct CatalogTimeTests {
  /// A value naming many substitutions, each with an argument number: the format key was
  /// rewritten once per substitution, and each was looked up among all of them.
  @Test func aValueWithManySubstitutions() throws {
    func catalog(_ count: Int) throws -> StringCatalog {
      let value = (0..<count).map { "%#@v\($0)@" }.joined(separator: " ")
      let substitutions = (0..<count).map { index in
        """
        "v\(index)" : { "argNum" : \(index + 1), "formatSpecifier" : "lld", "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg x" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg xs" } } } } }
        """
      }
      let localization = """
        { "stringUnit" : { "state" : "translated", "value" : "\(value)" }, "substitutions" : {
        \(substitutions.joined(separator: ",\n")) } }
        """
      let text = """
        {"sourceLanguage" : "en", "version" : "1.0", "strings" : { "key" : { "localizations" : {
          "en" : \(localization), "de" : \(localization) } } } }
        """
      return try #require(StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings").catalog)
    }
    let ratio = try LinearTime.ratio(n: 60, prepare: catalog) { catalog in
      let compiled = CatalogCompiler.compile(catalog, path: "C.xcstrings")
      #expect(compiled.diagnostics.isEmpty)
      _ = compiled.outputs
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the substitutions")
  }

  /// A top-level plural whose `other` has many specifiers: each was made positional by searching
  /// the text from its start.
  @Test func aPluralWithManySpecifiers() throws {
    func catalog(_ count: Int) throws -> StringCatalog {
      let other = String(repeating: "%d ", count: count)
      let text = """
        {"sourceLanguage" : "en", "version" : "1.0", "strings" : { "key" : { "localizations" : {
          "de" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "\(other)" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "\(other)" } } } } } } } } }
        """
      return try #require(StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings").catalog)
    }
    var choices = CatalogCompilationChoices()
    choices.makesTopLevelPluralFormsPositional = true
    let ratio = try LinearTime.ratio(n: 200, prepare: catalog) { catalog in
      _ = CatalogCompiler.compile(catalog, path: "C.xcstrings", options: .init(choices: choices)).outputs
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the specifiers")
  }

  /// One entry with many localizations, plural cases, substitutions and fields the model does not
  /// know: the reader looked for a repeated name by going through the names before it.
  @Test func anEntryWithManyMembersIsReadInOnePass() {
    func catalog(_ count: Int) -> [UInt8] {
      let unit = "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg\" } }"
      let cases = (0..<count).map { "\"c\($0)\" : \(unit)" }.joined(separator: ", ")
      let substitutions = (0..<count).map { "\"s\($0)\" : { \"variations\" : { \"plural\" : { \(cases) } } }" }
      let localizations = (0..<count).map {
        "\"l\($0)\" : { \"x\($0)\" : 1, \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"v\" } }"
      }
      let text = """
        {"sourceLanguage" : "en", "version" : "1.0", "strings" : { "key" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "v" },
            "substitutions" : { \(substitutions.prefix(2).joined(separator: ", ")) } },
          \(localizations.joined(separator: ", ")) } } } }
        """
      return Array(text.utf8)
    }
    let ratio = LinearTime.ratio(n: 150, prepare: catalog) { bytes in
      #expect(StringCatalogReader.parse(bytes, path: "C.xcstrings").catalog != nil)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the members")
  }

  /// Rewriting the specifiers of a long format (`%#@a@` made `%1$#@a@`, `%lld` made `%1$lld`)
  /// appended each piece to a copy of the text so far.
  @Test func rewritingManySpecifiersIsOnePass() {
    let ratio = LinearTime.ratio(n: 10000, prepare: { String(repeating: "%#@a@ ", count: $0) }) { text in
      let rewritten = CatalogCompiler.rewritingSpecifiers(of: text) { _ in "%1$#@a@" }
      #expect(rewritten.utf8.count == text.utf8.count + 2 * text.utf8.count / 6)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the specifiers")
  }
}
