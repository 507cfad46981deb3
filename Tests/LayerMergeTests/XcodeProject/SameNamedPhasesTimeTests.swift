import TestSupport
import Testing

@testable import LayerMerge

/// Issue 31, item 7: a target listing N copies of the locmerge phase (a duplicated target copied
/// again and again, a bad merge) took `install --dry-run` 0.32 → 46.7 s for N = 2k → 32k: each
/// extra copy was taken out of the target's list by walking the whole list again. The same work
/// on 8 times the phases stays within the linear budget (`uninstall` too).
@Suite struct SameNamedPhasesTimeTests {
  /// One target whose list holds `count` phases of locmerge's name and script, then Resources.
  static func project(_ count: Int, format: Int = 46) throws -> XcodeProject {
    var fixture = ProjectFixture(objectVersion: format)
    let script = LocMergePhase.phase(
      tool: .onPath("locmerge"), configuration: nil, inputFileList: "i.xcfilelist", outputFileList: "o.xcfilelist"
    ).shellScript
    let phases = (0..<count).map { _ in fixture.scriptPhase(name: LocMergePhase.name, script: script) }
    fixture.target("T", phasesBefore: phases)
    return try XcodeProjectReader.parse(Array(fixture.text().utf8), path: "p.pbxproj", sourceRoot: "/nonexistent")
  }

  @Test func installingOverManyCopiesOfThePhaseIsLinear() throws {
    let phase = LocMergePhase.phase(
      tool: .onPath("locmerge"), configuration: nil, inputFileList: "i.xcfilelist", outputFileList: "o.xcfilelist")
    let small = try Self.project(4)
    let edit = try XcodeProjectEditor.install(phase, in: small, targets: ["T"])
    // One copy stays, current; the others leave the list and the file.
    let installed = try XcodeProjectReader.parse(edit.bytes, path: "p.pbxproj", sourceRoot: "/nonexistent")
    #expect(installed.targets[0].buildPhases.filter { $0.name == LocMergePhase.name }.count == 1)
    #expect(XcodeProjectEditor.status(of: phase, in: installed, target: installed.targets[0]) == .current)

    let ratio = try LinearTime.ratio(n: 500, prepare: { try Self.project($0) }) { project in
      guard let edit = try? XcodeProjectEditor.install(phase, in: project, targets: ["T"]) else { return }
      _ = edit.unifiedDiff()
      _ = XcodeProjectEditor.status(of: phase, in: project, target: project.targets[0])
      _ = try? XcodeProjectEditor.uninstall(phaseNamed: LocMergePhase.name, from: project, targets: ["T"])
    }
    #expect(ratio < LinearTime.budget, "install --dry-run grew \(ratio)× for 8× the copies of the phase")
  }
}
