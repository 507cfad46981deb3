import Testing

@testable import LayerMerge

/// The comparison that reuses the format key's reading finds what comparing every variant's
/// whole signature finds (``LocalizationValue/formatSignatures``, the spliced formats made one
/// by one).
@Suite struct FormatVariantsTests {
  /// Random rules over a few specifiers, variables, stray `%` and text: numbered, plain, or both
  /// mixed (read as CoreFoundation reads them).
  /// Against a reference that takes no arguments a stray `%` is text (``FormatFit``): the value's
  /// prose percents are made literal and an invalid specifier is no flaw in any variant.
  @Test(arguments: ["plain", "numbered", "mixed"], [false, true])
  func findsWhatEveryWholeVariantFinds(kind: String, referenceTakesNone: Bool) {
    var generator = SeededGenerator(
      seed: (["plain": 5, "numbered": 23, "mixed": 41][kind] ?? 1) + (referenceTakesNone ? 100 : 0))
    func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
    func format(_ pieces: [String], count: Int) -> String {
      (0..<count).map { _ in pick(pieces) }.joined()
    }
    let numberedSpecifiers = ["%1$d", "%2$@", "%1$ld", "%3$s", "%2$d", "%1$@"]
    let plainSpecifiers = ["%d", "%@", "%ld", "%s", "%*d"]
    let specifiers =
      kind == "numbered" ? numberedSpecifiers : kind == "plain" ? plainSpecifiers : numberedSpecifiers + plainSpecifiers
    let numberedVariables = ["%1$#@a@", "%2$#@b@", "%3$#@a@"]
    let plainVariables = ["%#@a@", "%#@b@"]
    let variables =
      kind == "numbered" ? numberedVariables : kind == "plain" ? plainVariables : numberedVariables + plainVariables
    let text = [" ", "x", "%", "%%", "%k", "%ll1"]
    var compared = 0
    for _ in 0..<3000 {
      let key = format(specifiers + variables + text, count: 1 + Int(generator.next() % 5))
      var pairs: [(String, LocalizationValue)] = [("NSStringLocalizedFormatKey", .string(key))]
      for name in ["a", "b"] {
        var forms: [(String, LocalizationValue)] = [
          ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
          ("NSStringFormatValueTypeKey", .string(pick(["d", "ld", "@"]))),
        ]
        for category in ["zero", "one", "other"] where generator.next() % 3 != 0 {
          forms.append((category, .string(format(specifiers + text, count: Int(generator.next() % 4)))))
        }
        pairs.append((name, .dictionary(OrderedDictionary(forms))))
      }
      let rule = LocalizationValue.dictionary(OrderedDictionary(pairs))
      let value = referenceTakesNone ? FormatFit.literalPercents(rule) : rule
      let reference = FormatSignature(
        format: referenceTakesNone ? "" : format(specifiers + [" "], count: Int(generator.next() % 4)))
      guard reference.flaw == nil else { continue }
      let variants = FormatVariants(value)
      var expected: (variant: String, mismatch: FormatMismatch)?
      for (variant, whole) in variants.signatures {
        var signature = whole
        if referenceTakesNone, signature.flaw == .invalidSpecifier { signature.flaw = nil }
        guard let mismatch = signature.mismatch(against: reference) else { continue }
        if mismatch.consequence == .crash {
          expected = (variant, mismatch)
          break
        }
        expected = expected ?? (variant, mismatch)
      }
      let found = variants.worstMismatch(against: reference, ignoringStrayPercents: referenceTakesNone)
      compared += 1
      // Which conflict is named may differ; what is reported where, and its consequence, may not.
      #expect(found?.variant == expected?.variant, "\(value) against \(reference.arguments)")
      #expect(found?.mismatch.consequence == expected?.mismatch.consequence, "\(value) against \(reference.arguments)")
      if case .conflictingTypes = expected?.mismatch.reason, case .conflictingTypes = found?.mismatch.reason {
        continue
      }
      #expect(found?.mismatch == expected?.mismatch, "\(value) against \(reference.arguments)")
    }
    #expect(compared > 1000)
  }

  /// Found by the catalog-checks fuzz target: against a source without arguments, an invalid
  /// specifier before a plain one is text, and the plain one still uses an argument not passed.
  @Test func aPlainSpecifierAfterAnInvalidOneStillUsesAnArgumentWhenNoneIsPassed() {
    let found = FormatFit.worstMismatch(of: .string("%1$ll1  %ord$@"), against: FormatSignature(format: ""))
    #expect(found?.variant == "")
    #expect(found?.mismatch.reason == .unsuppliedArgument(position: 1, .integer(size: 4, style: .unlocalized)))
  }

  /// The union of the variants' arguments: the format key's, and each form's in its place.
  @Test func theArgumentsOfARuleAreTheKeysAndEachFormsInItsPlace() {
    let rule = LocalizationValue.dictionary(
      OrderedDictionary([
        ("NSStringLocalizedFormatKey", .string("%@ has %#@n@")),
        (
          "n",
          .dictionary(
            OrderedDictionary([
              ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
              ("NSStringFormatValueTypeKey", .string("lld")), ("one", .string("one file")),
              ("other", .string("%lld files in %@")),
            ]))
        ),
      ]))
    let signature = rule.argumentSignature
    #expect(signature?.flaw == nil)
    #expect(signature?.arguments == [1: .object, 2: .integer(size: 8, style: .signed), 3: .object])
  }
}
