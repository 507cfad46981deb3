import LayerMerge
import Testing

/// A `%` that starts no specifier never lowers a mismatch that can crash: the specifiers around it
/// are still compared, and one that can crash is an error whatever else the value holds.
@Suite struct StrayPercentTests {
  /// Issue 23, case 6: "Hallo %d %s" is an error; "Hallo %d %s 100%" was only a warning about the
  /// stray `%`, and the merge wrote the crashing translation.
  @Test func aStrayPercentDoesNotHideACrashInAStringsFile() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"greet\" = \"Hi %@\";\n\"plain\" = \"Hi %@\";\n",
        "de.lproj/Localizable.strings": "\"greet\" = \"Hallo %d %s 100%\";\n\"plain\" = \"Hallo %@ 100%\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/Localizable.strings:1:1: error: the de value of \"greet\" does not fit the format arguments "
          + "of its en value: it uses argument 2, which en does not take; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the en value is here",
        "Base/de.lproj/Localizable.strings:2:1: warning: the de value of \"plain\" does not fit the format arguments "
          + "of its en value: a '%' does not start a valid format specifier; this prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:2:1: the en value is here",
      ])
    #expect(result.diagnostics.containsErrors)
  }

  /// An override is compared with what it replaces the same way.
  @Test func aStrayPercentDoesNotHideACrashInAnOverride() throws {
    let fixture = try TemporaryLayers([
      "Base": ["en.lproj/Localizable.strings": "\"greet\" = \"Hi %@\";\n"],
      "Brand": ["en.lproj/Localizable.strings": "\"greet\" = \"Hey %s, 50%\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Brand"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Brand/en.lproj/Localizable.strings:1:1: error: the override of \"greet\" in layer 'Brand' does not fit the "
          + "format arguments of the value it replaces: argument 1 is C string here but object (%@) in the value it "
          + "replaces; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the value it replaces, in layer 'Base', is here",
      ])
  }

  /// A development-language value with a stray `%` still sets the arguments its specifiers take.
  @Test func aStrayPercentInTheReferenceStillSetsItsArguments() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"saved\" = \"%@ saved 100%\";\n",
        "de.lproj/Localizable.strings": "\"saved\" = \"%s gespeichert\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/Localizable.strings:1:1: error: the de value of \"saved\" does not fit the format arguments "
          + "of its en value: argument 1 is C string here but object (%@) in en; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the en value is here",
      ])
  }

  /// The same in a String Catalog: "%d %s %n" (no `%n` in CoreFoundation's formats) against "%@ x".
  @Test func aStrayPercentDoesNotHideACrashInACatalog() throws {
    let text = """
      {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
        "greet" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ x" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "%d %s %n" } } } }
      }}
      """
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings").catalog)
    #expect(
      CatalogCompiler.compile(catalog, path: "C.xcstrings").diagnostics.map(\.description) == [
        "C.xcstrings:4:5: error: the 'de' translation of \"greet\" does not fit the format arguments of the source "
          + "language: it uses argument 2, which the source language does not take; this can crash at run time"
      ])
  }

  /// A plural form with a stray `%` is compared as well.
  @Test func aStrayPercentInAPluralFormDoesNotHideACrash() throws {
    let text = """
      {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
        "%lld files" : { "localizations" : {
          "de" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien, 100%" } } } } } } }
      }}
      """
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "C.xcstrings").catalog)
    #expect(
      CatalogCompiler.compile(catalog, path: "C.xcstrings").diagnostics.map(\.description) == [
        "C.xcstrings:3:5: error: the 'de' translation of \"%lld files\" does not fit the format arguments of the "
          + "source language (in arg1.other): argument 1 is object (%@) here but signed integer (64-bit) in the source "
          + "language; this can crash at run time"
      ])
  }
}
