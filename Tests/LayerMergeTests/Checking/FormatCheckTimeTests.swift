import Foundation
import LayerMerge
import TestSupport
import Testing

/// Format checks take time in proportion to the value checked, whatever it holds (issue 23,
/// case 5): each budget is set by the same work on an input 8 times smaller (``LinearTime``).
@Suite struct FormatCheckTimeTests {
  /// Issue 23: a catalog value of N copies of `%#@a@` whose key a `.strings` overlay overrides
  /// took quadratic time (20 KB: 17 s), the format key read again for every copy.
  @Test func aVariableRepeatedInACatalogValueIsReadOnce() throws {
    let ratio = try LinearTime.ratio(
      n: 500, clock: .wall,
      prepare: { copies in
        let value = String(repeating: "%#@a@ ", count: copies)
        let catalog = """
          {"sourceLanguage" : "en", "version" : "1.0", "strings" : { "k" : { "localizations" : { "en" : {
            "stringUnit" : { "state" : "translated", "value" : "\(value)" },
            "substitutions" : { "a" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg x" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg xs" } } } } } } } } } } }
          """
        return try TemporaryLayers([
          "Base": ["L.xcstrings": catalog], "Target": ["en.lproj/L.strings": "\"k\" = \"%lld\";\n"],
        ])
      },
      { fixture in _ = fixture.merge("Base", "Target") })
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the copies")
  }

  /// A rule whose format key names many variables, each with its forms: every form is compared in
  /// its variable's place without reading the key again.
  @Test func aRuleWithManyVariablesIsComparedInOnePass() {
    func rule(_ count: Int, type: String) -> LocalizationValue {
      var pairs: [(String, LocalizationValue)] = [
        ("NSStringLocalizedFormatKey", .string((0..<count).map { "%#@v\($0)@" }.joined(separator: " ")))
      ]
      for index in 0..<count {
        pairs.append(
          (
            "v\(index)",
            .dictionary(
              OrderedDictionary([
                ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                ("NSStringFormatValueTypeKey", .string(type)), ("one", .string("one")),
                ("other", .string("%\(type) of them")),
              ]))
          ))
      }
      return .dictionary(OrderedDictionary(pairs))
    }
    let ratio = LinearTime.ratio(n: 120, prepare: { (reference: rule($0, type: "d"), value: rule($0, type: "@")) }) {
      input in
      let arguments = FormatFit.arguments(of: input.reference)
      #expect(arguments != nil)
      let found = arguments.flatMap { FormatFit.worstMismatch(of: input.value, against: $0) }
      #expect(found?.mismatch.consequence == .crash)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the variables")
  }

  /// The forms of one variable that take different numbers of plain arguments move the
  /// specifiers after the variable; each count is worked out once, not once per form.
  @Test func formsThatMoveTheArgumentsAfterTheirVariable() {
    func rule(_ count: Int) -> LocalizationValue {
      var forms: [(String, LocalizationValue)] = [
        ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")), ("NSStringFormatValueTypeKey", .string("d")),
      ]
      for index in 0..<count { forms.append(("form\(index)", .string(index % 2 == 0 ? "none" : "%d"))) }
      return .dictionary(
        OrderedDictionary([
          ("NSStringLocalizedFormatKey", .string("%#@n@" + String(repeating: " %d", count: count) + " %@")),
          ("n", .dictionary(OrderedDictionary(forms))),
        ]))
    }
    // Without a form the object lands on an integer the code passes.
    let ratio = LinearTime.ratio(
      n: 150, prepare: { (rule($0), FormatSignature(format: "%d" + String(repeating: " %d", count: $0) + " %@")) }
    ) {
      let found = FormatFit.worstMismatch(of: $0.0, against: $0.1)
      #expect(found?.variant == "n.form0" && found?.mismatch.consequence == .crash)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the forms")
  }
}
