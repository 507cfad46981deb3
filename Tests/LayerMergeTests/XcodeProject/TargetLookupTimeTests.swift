import TestSupport
import Testing

@testable import LayerMerge

/// Looking up every target by name takes time linear in the number of targets (issue 31, item 7):
/// `xcode install`, `install --dry-run` and `show` ask `ProjectFile.target(named:)` and
/// `XcodeProject.target(named:)` once per target, and each call looked through every target
/// (seen failing before the index: 60 to 70 times as long for 8 times the targets).
@Suite struct TargetLookupTimeTests {
  @Test func everyTargetOfAProjectFileIsFoundInLinearTime() {
    let ratio = LinearTime.ratio(
      n: 1000,
      prepare: { count in
        ProjectFile(
          path: "/p/locmerge.json", base: Layer(path: "/p/Base"),
          targets: (0..<count).map { ProjectFile.Target(name: "Target\($0)", overlays: [Layer(path: "/p/T\($0)")]) })
      }
    ) { file in
      let found = file.targets.filter { file.target(named: $0.name)?.name == $0.name }.count
      #expect(found == file.targets.count && file.target(named: "None") == nil)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the targets")
  }

  @Test func everyTargetOfAnXcodeProjectIsFoundInLinearTime() throws {
    let ratio = try LinearTime.ratio(
      n: 400,
      prepare: { count in
        try XcodeProjectReader.parse(LinearTimeTests.project(count), path: "p.pbxproj", sourceRoot: "/nonexistent")
      }
    ) { project in
      let found = project.targets.filter { project.target(named: $0.name)?.id == $0.id }.count
      #expect(found == project.targets.count)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the targets")
  }

  @Test func theFirstTargetOfANameIsFoundAfterTheListChanges() {
    var file = ProjectFile(
      path: "/p/locmerge.json", base: Layer(path: "/p/Base"),
      targets: [ProjectFile.Target(name: "A", overlays: []), ProjectFile.Target(name: "B", overlays: [])])
    file.targets.insert(ProjectFile.Target(name: "B", overlays: [Layer(path: "/p/first")]), at: 0)
    #expect(file.target(named: "B")?.overlays == [Layer(path: "/p/first")])
    file.targets[1].name = "C"
    #expect(file.target(named: "C")?.name == "C" && file.target(named: "A") == nil)
  }
}
