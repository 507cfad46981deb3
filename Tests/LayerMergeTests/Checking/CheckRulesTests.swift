import LayerMerge
import Testing

@Suite struct CheckRulesTests {
  @Test func levelsChangeOrDropDiagnostics() throws {
    var rules = CheckRules()
    try rules.set(.off, for: .nearMissKey)
    try rules.set(.error, for: .redundantOverride)
    try rules.set(level: "warning", forCode: "missing-translation")
    let diagnostics = [
      Diagnostic(.warning, .nearMissKey, "near"), Diagnostic(.warning, .redundantOverride, "same"),
      Diagnostic(.warning, .emptyFile, "empty"), Diagnostic(.error, .syntax, "broken"),
    ]
    #expect(
      rules.apply(to: diagnostics).map(\.description) == ["error: same", "warning: empty", "error: broken"])
  }

  @Test func protectedCodesCanOnlyBeMadeErrors() throws {
    var rules = CheckRules()
    for code in CheckRules.protectedCodes {
      #expect(throws: CheckRules.Refusal.protected(code)) { try rules.set(.off, for: code) }
      #expect(throws: CheckRules.Refusal.protected(code)) { try rules.set(.warning, for: code) }
      try rules.set(.error, for: code)
    }
    #expect(CheckRules.protectedCodes.isSuperset(of: [.syntax, .truncated, .formatMismatch]))
    #expect(!CheckRules.protectedCodes.contains(.formatMisprint))
  }

  @Test func textThatNamesNoCodeOrLevelIsRefused() {
    var rules = CheckRules()
    #expect(throws: CheckRules.Refusal.unknownCode("near-mis-key", suggestion: "near-miss-key")) {
      try rules.set(level: "off", forCode: "near-mis-key")
    }
    #expect(throws: CheckRules.Refusal.unknownCode("zzzzzzzz", suggestion: nil)) {
      try rules.set(level: "off", forCode: "zzzzzzzz")
    }
    #expect(throws: CheckRules.Refusal.unknownLevel("loud")) { try rules.set(level: "loud", forCode: "near-miss-key") }
  }
}
