import Foundation
import Testing

/// Arguments at the edge of their syntax: a layer folder with `=` in its name, a tool path with a
/// line break.
@Suite struct ArgumentEdgeTests {
  /// `-b a=b` is the folder `a=b` (the base takes a folder, never NAME=DIR); `-s x=y` is the
  /// folder `x=y` when it exists and `y` does not, and `NAME=DIR` names a layer otherwise.
  @Test func aLayerFolderNamedWithAnEqualsSignIsThatFolder() throws {
    let scratch = try Scratch()
    try scratch.write("\"a\" = \"A\";\n", to: "a=b/en.lproj/Localizable.strings")
    try scratch.write("\"a\" = \"B\";\n", to: "Brand/en.lproj/Localizable.strings")
    try scratch.write("\"b\" = \"X\";\n", to: "x=y/en.lproj/Localizable.strings")
    let overlay = try ToolRunner.run(["lint", "-b", "a=b", "-s", "x=y"], in: scratch.root)
    #expect(overlay.status == 0, "\(overlay.standardError)")
    #expect(overlay.standardError.contains("2 layers"), "\(overlay.standardError)")
    let lint = try ToolRunner.run(["lint", "-b", "a=b", "-s", "Acme=Brand"], in: scratch.root)
    #expect(lint.status == 0, "\(lint.standardError)")
    #expect(lint.standardError.contains("2 layers"), "\(lint.standardError)")

    let merge = try ToolRunner.run(["merge", "-b", "a=b", "-s", "Acme=Brand", "-d", "out"], in: scratch.root)
    #expect(merge.status == 0, "\(merge.standardError)")
    #expect(scratch.read("out/en.lproj/Localizable.strings")?.contains("\"a\" = \"B\";") == true)
  }

  /// The phase names the tool on one line of its script and reads it back from there: a line
  /// break cannot be part of it, and the refusal shows the argument escaped.
  @Test func aToolPathWithALineBreakIsRefusedAndShownEscaped() throws {
    let scratch = try Scratch()
    let outcome = try ToolRunner.run(["xcode", "install", "--tool", "tools/loc\nmerge"], in: scratch.root)
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.hasPrefix(
        "locmerge: error: --tool 'tools/loc\\nmerge' contains a control character (a line break?)\n"),
      "\(outcome.standardError)")
  }
}
