import LayerMerge
import Testing

/// What a lookup's key matches in a table: literals exactly, interpolated keys with any format
/// specifier in each hole (Xcode's extraction writes `%@`, `%lld`, `%lf`… by type; the scanner
/// knows no types).
@Suite struct LookupKeyTests {
  @Test func aLiteralMatchesExactly() {
    let key = LookupKey.literal("Hello %@")
    #expect(key.matches("Hello %@"))
    #expect(!key.matches("Hello %lld"))
    #expect(!key.matches("Hello %@ "))
  }

  @Test(arguments: [
    "Hello %@, %lld new", "Hello %lld, %lf new", "Hello %1$@, %2$lld new", "Hello %2$@, %1$@ new",
    "Hello %.2f, %#@files@ new", "Hello %s, %u new",
  ])
  func anInterpolatedKeyMatchesAnySpecifierInEachHole(_ tableKey: String) {
    #expect(LookupKey.interpolated(pieces: ["Hello ", ", ", " new"]).matches(tableKey))
  }

  @Test(arguments: [
    "Hello %@ new",  // one hole too few
    "Hello %@, %@, %@ new",  // one too many
    "Hello %@,  %@ new",  // a piece differs
    "Hello , new",  // no specifiers
    "Hello %%, %@ new",  // `%%` is a percent sign, not a hole
    "Hello %k, %@ new",  // `%k` is no specifier
  ])
  func anInterpolatedKeyMatchesNothingElse(_ tableKey: String) {
    #expect(!LookupKey.interpolated(pieces: ["Hello ", ", ", " new"]).matches(tableKey))
  }

  @Test func holesAtTheEdgesAndSideBySide() {
    #expect(LookupKey.interpolated(pieces: ["", " items"]).matches("%lld items"))
    #expect(LookupKey.interpolated(pieces: ["", "", ""]).matches("%@%lld"))
    #expect(!LookupKey.interpolated(pieces: ["", " items"]).matches(" %lld items"))
  }

  @Test func aPercentSignInAPieceMatchesItsEscapedAndPlainForms() {
    let key = LookupKey.interpolated(pieces: ["100%, of ", ""])
    #expect(key.matches("100%%, of %@"))
    #expect(key.matches("100%, of %@"))
    // `% o` is a specifier (octal, with the space flag), as CoreFoundation reads it.
    #expect(!LookupKey.interpolated(pieces: ["100% of ", ""]).matches("100% of %@"))
    #expect(LookupKey.interpolated(pieces: ["100% of ", ""]).matches("100%% of %@"))
    #expect(LookupKey.pieces(ofTableKey: "%%%@") == ["%", ""])
  }

  @Test func aDynamicKeyMatchesNothing() {
    #expect(!LookupKey.dynamic(expression: "key").matches("key"))
  }

  @Test func piecesOfATableKey() {
    #expect(LookupKey.pieces(ofTableKey: "plain") == ["plain"])
    #expect(LookupKey.pieces(ofTableKey: "%1$@ of %lld") == ["", " of ", ""])
    #expect(LookupKey.pieces(ofTableKey: "é %@ 😀") == ["é ", " 😀"])
    #expect(LookupKey.pieces(ofTableKey: "100%") == ["100%"])
  }

  @Test func tableNames() {
    #expect(LookupTable(name: "") == .standard)
    #expect(LookupTable(name: "Localizable") == .standard)
    #expect(LookupTable(name: "Settings") == .named("Settings"))
    #expect(LookupTable.standard.name == "Localizable")
  }

  @Test func languagesByExtension() {
    #expect(SourceLanguage(pathExtension: "swift") == .swift)
    #expect(SourceLanguage(pathExtension: "M") == .objectiveC)
    #expect(SourceLanguage(pathExtension: "mm") == .objectiveC)
    #expect(SourceLanguage(pathExtension: "strings") == nil)
  }
}
