import LayerMerge
import Testing

/// Numbered and plain specifiers mixed, as CoreFoundation reads them (`__CFStringAppendFormatCore`
/// gives the plain ones arguments 1, 2, … on their own count): an error only where that reads an
/// argument as the wrong kind, else wrong text.
@Suite struct MixedNumberingTests {
  static let twoCounts = FormatSignature(format: "%1$lld posts from %2$lld people")

  @Test func mixedSpecifiersThatReadTheRightKindsPrintWrongText() throws {
    // IceCube's Basque: the substitution's form writes %lld where the source's %arg is %2$lld.
    let basque = FormatSignature(format: "%lld partaidek egindako %1$lld bidalketa")
    let mismatch = try #require(basque.mismatch(against: Self.twoCounts))
    #expect(mismatch.reason == .mixedNumbering)
    #expect(mismatch.consequence == .wrongText)
  }

  @Test func aPlainSpecifierThatReadsAnArgumentAsAnObjectCrashes() throws {
    // The plain %@ takes argument 1, an integer: dereferenced, it crashes.
    let mismatch = try #require(FormatSignature(format: "%@ and %2$lld").mismatch(against: Self.twoCounts))
    #expect(mismatch.reason == .typeMismatch(position: 1, found: .object, expected: .integer(size: 8, style: .signed)))
    #expect(mismatch.consequence == .crash)
    // The same argument read as two kinds in one format.
    let both = try #require(FormatSignature(format: "%1$lld %@").mismatch(against: Self.twoCounts))
    #expect(both.consequence == .crash)
  }

  @Test func aCatalogTranslationThatMixesIsAWarning() throws {
    let catalog = """
      {"sourceLanguage" : "en", "strings" : {"posts" : {"localizations" : {
        "en" : {"stringUnit" : {"state" : "translated", "value" : "%1$lld posts by %2$lld people"}},
        "eu" : {"stringUnit" : {"state" : "translated", "value" : "%lld pertsonak %1$lld"}}}}}, "version" : "1.0"}
      """
    let parsed = try #require(StringCatalogReader.parse(Array(catalog.utf8), path: "M.xcstrings").catalog)
    let found = CatalogCompiler.compile(parsed, path: "M.xcstrings").diagnostics
    #expect(found.map(\.code) == [.formatMisprint])
    #expect(found.first?.severity == .warning)
  }

  /// A source that mixes is read the same way in its translations: one that copies its mix fits
  /// (DuckDuckGo's "*%2$@, %3$@* and others (%d)…" in eight languages).
  @Test func aTranslationThatMixesAsItsSourceDoesFits() {
    let source = FormatSignature(format: "*%2$@, %3$@* and others (%d) tried to track you. %4$@")
    #expect(FormatSignature(format: "*%2$@, %3$@* und weitere (%d) … %4$@").mismatch(against: source) == nil)
    #expect(FormatSignature(format: "*%2$@, %3$@* (%@) … %4$@").mismatch(against: source)?.consequence == .crash)
  }
}
