import Foundation
import TestSupport
import Testing

@testable import locmerge

/// `locmerge compile`: a drop-in for `xcstringstool compile`.
@Suite struct CompileCommandTests {
  static let fixture = ToolRunner.packageRoot.appendingPathComponent("Tests/Fixtures/xcstrings/compile-cases.xcstrings")

  @Test func parsesXcstringstoolsOptions() throws {
    let invocation = try Invocation.parse([
      "compile", "A.xcstrings", "B.xcstrings", "-o", "out", "-l", "de", "--language", "fr", "--dry-run",
      "--force-build-all-strings",
    ])
    #expect(
      invocation.command
        == .compile(
          CompileOptions(
            catalogs: ["A.xcstrings", "B.xcstrings"], outputDirectory: "out", languages: ["de", "fr"], dryRun: true,
            forceBuildAllStrings: true)))
    #expect(
      try Invocation.parse(["compile", "A.xcstrings", "--output-directory=out"]).command
        == .compile(CompileOptions(catalogs: ["A.xcstrings"], outputDirectory: "out")))
    #expect(throws: UsageError.self) { try Invocation.parse(["compile", "A.xcstrings"]) }
    #expect(throws: UsageError.self) { try Invocation.parse(["compile", "-o", "out"]) }
  }

  @Test func writesTheTablesOfEveryLanguage() throws {
    let scratch = try Scratch()
    let outcome = try ToolRunner.run(["compile", Self.fixture.path, "-o", scratch.path("out")])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.isEmpty && outcome.standardError.isEmpty)
    // Written as a merge writes: the tables, and the record of them in DIR/.locmerge.
    #expect(
      scratch.snapshot("out").keys.sorted() == [
        ".locmerge/lock", ".locmerge/outputs.json", "de.lproj/compile-cases.strings",
        "de.lproj/compile-cases.stringsdict", "en.lproj/compile-cases.strings", "en.lproj/compile-cases.stringsdict",
        "fr.lproj/compile-cases.strings",
      ])
    let french = try ToolRunner.run(["compile", Self.fixture.path, "-o", scratch.path("fr"), "-l", "fr"])
    #expect(french.status == 0)
    #expect(
      scratch.snapshot("fr").keys.sorted() == [
        ".locmerge/lock", ".locmerge/outputs.json", "fr.lproj/compile-cases.strings",
      ])
  }

  /// A link inside DIR where a language folder goes is never written through.
  @Test func neverWritesThroughALinkInTheOutputFolder() throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(atPath: scratch.path("elsewhere"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("out/de.lproj"), withDestinationPath: "../elsewhere")
    let outcome = try ToolRunner.run(["compile", Self.fixture.path, "-o", scratch.path("out")])
    #expect(outcome.status == 1)
    #expect(outcome.standardError.contains("de.lproj"), "\(outcome.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("elsewhere")).isEmpty)
    #expect(scratch.read("out/en.lproj/compile-cases.strings") == nil, "all or nothing")
  }

  @Test func dryRunPrintsAbsolutePathsAndWritesNothing() throws {
    let scratch = try Scratch()
    let outcome = try ToolRunner.run(["compile", Self.fixture.path, "-o", "out", "--dry-run"], in: scratch.root)
    #expect(outcome.status == 0)
    let root = scratch.root.resolvingSymlinksInPath().path
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.map {
        $0.replacingOccurrences(of: root, with: "ROOT").replacingOccurrences(of: scratch.root.path, with: "ROOT")
      }
        == [
          "ROOT/out/de.lproj/compile-cases.strings", "ROOT/out/de.lproj/compile-cases.stringsdict",
          "ROOT/out/en.lproj/compile-cases.strings", "ROOT/out/en.lproj/compile-cases.stringsdict",
          "ROOT/out/fr.lproj/compile-cases.strings",
        ])
    #expect(lines.allSatisfy { $0.hasPrefix("/") })
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  @Test func errorsWriteNothingAndNameTheirPlace() throws {
    let scratch = try Scratch()
    try scratch.write(
      """
      {"sourceLanguage" : "en", "strings" : {
        "%lld things" : { "localizations" : { "de" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Sache" } } } } } } },
        "ok" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "OK" } } } }
      }, "version" : "1.0"}
      """, to: "Things.xcstrings")
    let outcome = try ToolRunner.run(["compile", "Things.xcstrings", "-o", "out"], in: scratch.root)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError
        == "Things.xcstrings:2:67: error: the plural of \"%lld things\" in 'de' has no \"other\" case: Xcode compiles "
        + "it without a word and the app shows \"(null)\" for the counts that need it [plural-without-other]\n")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    try scratch.write("{\"sourceLanguage\" : \"en\",\n  \"strings\" : [] }", to: "Bad.xcstrings")
    let bad = try ToolRunner.run(["compile", "Bad.xcstrings", "-o", "out"], in: scratch.root)
    #expect(bad.status == 1)
    #expect(
      bad.standardError
        == "Bad.xcstrings:2:15: error: the value of \"strings\" must be an object, not an array [catalog-schema]\n")
    let usage = try ToolRunner.run(["compile", "Bad.xcstrings"], in: scratch.root)
    #expect(usage.status == 64)
  }

  @Test func printShowsEachLanguagesCompiledValues() throws {
    let outcome = try ToolRunner.run(["print", "--json", Self.fixture.path])
    #expect(outcome.status == 0)
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary) }
    #expect(objects.map { $0["language"] as? String } == ["de", "en", "fr"])
    #expect(objects.allSatisfy { $0["path"] as? String == Self.fixture.path })
    #expect(
      objects[2]["values"] as? NSDictionary == ["only french": "Seulement"] as NSDictionary)
    let de = try #require(objects[0]["values"] as? NSDictionary)
    #expect(de["simple"] as? String == "Einfach")
    // The stringsdict rule wins over the .strings fallback, as at run time.
    #expect(
      de["tap"] as? NSDictionary
        == ["NSStringDeviceSpecificRuleType": ["iphone": "Tippen", "mac": "Klicken"]] as NSDictionary)
    #expect((de["%lld photos"] as? NSDictionary)?["NSStringLocalizedFormatKey"] as? String == "%#@arg1@")
  }

  /// Catalogs Xcode itself writes compile with exit 0: device variations sharing substitutions
  /// (Test3) and IceCube's Basque `%lld` beside `%arg` (a warning).
  @Test(SharedFolder.required) func xcodesCatalogsCompileWithExitZero() throws {
    let folder = try #require(SharedFolder.url).appendingPathComponent(
      "formats/xcstrings/lexrus__xcstrings.schema.json")
    let scratch = try Scratch()
    for name in ["Test3", "IceCube"] {
      let outcome = try ToolRunner.run(
        ["compile", folder.appendingPathComponent("\(name).xcstrings").path, "-o", scratch.path(name)])
      #expect(outcome.status == 0, "\(name): \(outcome.standardError)")
      #expect(!outcome.standardError.contains(": error: "), "\(name)")
    }
    #expect(scratch.read("Test3/en.lproj/Test3.stringsdict")?.contains("NSStringDeviceSpecificRuleType") == true)
    let test8 = try ToolRunner.run(
      ["compile", folder.appendingPathComponent("Test8.xcstrings").path, "-o", scratch.path("Test8")])
    #expect(test8.status == 1)
    let errors = test8.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1 && errors[0].hasSuffix("[plural-without-other]"), "\(errors)")
  }
}
