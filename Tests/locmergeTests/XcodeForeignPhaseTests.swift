import Foundation
import TestSupport
import Testing

/// Issue 31, item 5: `install` and `uninstall` know their phase by its name and the script's
/// marker line, never by the name alone. A user's phase named `[locmerge] Merge Localized Strings`
/// with a script of their own is never changed nor removed. Before the fix `uninstall` removed it
/// (from a target not even in locmerge.json) and `install` overwrote it.
@Suite struct XcodeForeignPhaseTests {
  static let projectFile = "App.xcodeproj/project.pbxproj"
  static let name = "[locmerge] Merge Localized Strings"

  /// An app (in locmerge.json) and a tool target (not in it), each with its own phase of the name.
  static func project(format: Int) throws -> Scratch {
    let scratch = try Scratch()
    var fixture = ProjectFixture(objectVersion: format)
    let lines = format >= 90
    let appPhase = fixture.scriptPhase(name: name, script: "echo my own\n", asLines: lines)
    let otherPhase = fixture.scriptPhase(name: name, script: "echo mine too\n", asLines: lines)
    fixture.target("App", phasesBefore: [appPhase])
    fixture.target("Tool", productType: "com.apple.product-type.tool", phasesBefore: [otherPhase])
    try scratch.write(fixture.text(), to: projectFile)
    try scratch.write("\"ok\" = \"OK\";\n", to: "Localization/Base/en.lproj/Localizable.strings")
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"App\": {\"layers\": []}}}\n", to: "locmerge.json")
    return scratch
  }

  @Test(arguments: [46, 77, 90])
  func aSameNamedPhaseOfTheUsersIsLeftAlone(format: Int) throws {
    let scratch = try Self.project(format: format)
    let original = try #require(scratch.read(Self.projectFile))

    let uninstall = try ToolRunner.run(["xcode", "uninstall"], in: scratch.root)
    #expect(uninstall.status == 0, "\(uninstall.standardError)")
    #expect(uninstall.standardOutput.contains("no target has the locmerge phase; nothing changed"))
    #expect(scratch.read(Self.projectFile) == original)
    let named = try ToolRunner.run(["xcode", "uninstall", "--target", "Tool"], in: scratch.root)
    #expect(named.status == 0, "\(named.standardError)")
    #expect(scratch.read(Self.projectFile) == original)

    let show = try ToolRunner.run(["xcode", "show"], in: scratch.root)
    #expect(show.standardOutput.contains("App  (application)  locmerge phase: absent\n"), "\(show.standardOutput)")
    #expect(
      show.standardOutput.contains(
        "  note:    a Run Script phase named '\(Self.name)' that locmerge did not write (the script does not start "
          + "with its marker line): the target's own, left alone\n"))

    let install = try ToolRunner.run(["xcode", "install"], in: scratch.root)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(
      install.standardOutput.contains(
        "App  phase added, before Copy Bundle Resources; its own Run Script phase named '\(Self.name)' (not written "
          + "by locmerge) stays as it is\n"), "\(install.standardOutput)")
    let installed = try #require(scratch.read(Self.projectFile))
    // Every line of the original is still there: the user's phases are untouched and listed.
    let kept = Set(installed.split(separator: "\n", omittingEmptySubsequences: false))
    #expect(original.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy(kept.contains))
    #expect(installed.components(separatedBy: "# Added by 'locmerge xcode install'").count == 2)
    #expect(try ToolRunner.run(["xcode", "install", "--check"], in: scratch.root).status == 0)

    let again = try ToolRunner.run(["xcode", "uninstall"], in: scratch.root)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardOutput.contains("  App: phase removed\n"), "\(again.standardOutput)")
    #expect(scratch.read(Self.projectFile) == original)
  }
}
