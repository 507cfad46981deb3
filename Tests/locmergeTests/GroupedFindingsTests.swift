import Foundation
import Testing

/// One warning per cause across a project's targets: a fact about the base said once in the same
/// words, a fact that differs by target naming its targets, and no warning for the layout
/// `extract` writes.
@Suite struct GroupedFindingsTests {
  @Test func aFactAboutTheBaseIsSaidOnceAndOneThatDiffersNamesItsTargets() throws {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n", to: "Base/en.lproj/Localizable.strings")
    try scratch.write("\"a\" = \"A\";\n", to: "Base/de.lproj/Localizable.strings")
    try scratch.write("\"x\" = \"X\";\n", to: "Brand/en.lproj/Other.strings")
    try scratch.write("\"x\" = \"X\";\n", to: "Brand/de.lproj/Other.strings")
    // Filler translates one of the keys the base's German table lacks.
    try scratch.write("\"b\" = \"B\";\n", to: "Filler/de.lproj/Localizable.strings")
    try scratch.write(
      """
      {"base": "Base", "destination": "build/{target}",
       "targets": {"Plain": {"layers": []}, "Branded": {"layers": ["Brand"]}, "Filled": {"layers": ["Filler"]}}}
      """, to: "locmerge.json")
    let lint = try ToolRunner.run(["lint"], in: scratch.root)
    let base = scratch.path("Base/de.lproj/Localizable.strings")
    #expect(
      lint.standardError == """
        \(base): warning: de.lproj/Localizable.strings lacks 2 of the 3 keys that layer 'Base' has in \
        en.lproj/Localizable.strings ("b", "c") (targets 'Plain', 'Branded') [missing-translation]
        \(base): warning: de.lproj/Localizable.strings lacks 1 of the 3 keys that layer 'Base' has in \
        en.lproj/Localizable.strings ("c") (target 'Filled') [missing-translation]
        locmerge: 3 targets, 5 files read, 2 warnings, 0 errors (each reported once)

        """)
    // Without Filled, every target sees the base alike: one warning, naming none.
    let two = try ToolRunner.run(["lint", "-t", "Plain", "-t", "Branded"], in: scratch.root)
    #expect(
      two.standardError.hasPrefix(
        "\(base): warning: de.lproj/Localizable.strings lacks 2 of the 3 keys that layer 'Base' has in "
          + "en.lproj/Localizable.strings (\"b\", \"c\") [missing-translation]\nlocmerge: 2 targets"),
      "\(two.standardError)")
  }

  /// `extract` keeps a language only one target has in that target's overlay. Lint of what it
  /// wrote has nothing to say about that layout; keys the copy itself lacked stay missing
  /// translations, in that overlay.
  @Test func theLayoutExtractWritesIsNotAWarning() throws {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A\";\n\"b\" = \"B\";\n", to: "Old/Main/en.lproj/Localizable.strings")
    try scratch.write("\"a\" = \"A\";\n\"b\" = \"B\";\n\"h\" = \"H\";\n", to: "Old/Helper/en.lproj/Localizable.strings")
    try scratch.write(
      "\"a\" = \"A-de\";\n\"b\" = \"B-de\";\n\"h\" = \"H-de\";\n", to: "Old/Helper/de.lproj/Localizable.strings")
    let extract = try ToolRunner.run(
      ["extract", "-o", "New", "-c", "new.json", "Main=Old/Main", "Helper=Old/Helper"], in: scratch.root)
    #expect(extract.status == 0, "\(extract.standardError)")
    let clean = try ToolRunner.run(["lint", "-c", "new.json"], in: scratch.root)
    #expect(clean.standardError.hasSuffix("0 warnings, 0 errors (each reported once)\n"), "\(clean.standardError)")
    // The copy's German lacks one key: a missing translation where it goes, not a layout problem.
    try scratch.write("\"a\" = \"A-de\";\n\"h\" = \"H-de\";\n", to: "Old/Helper/de.lproj/Localizable.strings")
    let partial = try ToolRunner.run(
      ["extract", "-o", "Partial", "-c", "partial.json", "Main=Old/Main", "Helper=Old/Helper"], in: scratch.root)
    #expect(partial.status == 0, "\(partial.standardError)")
    let lint = try ToolRunner.run(["lint", "-c", "partial.json"], in: scratch.root)
    #expect(
      lint.standardError.hasPrefix(
        "\(scratch.path("Partial/Helper/de.lproj/Localizable.strings")): warning: de.lproj/Localizable.strings lacks "
          + "1 of the 2 keys that layer 'Base' has in en.lproj/Localizable.strings (\"b\") [missing-translation]\n"),
      "\(lint.standardError)")
    #expect(!lint.standardError.contains("exists only"))
  }
}
