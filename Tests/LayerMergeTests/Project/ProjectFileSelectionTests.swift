import Foundation
import LayerMerge
import Testing

/// Choosing targets (`--target`, `--shard`) and expanding their destinations.
@Suite struct ProjectFileSelectionTests {
  static func project(_ json: String) throws -> ProjectFile {
    try #require(ProjectFileReader.parse(Array(json.utf8), path: "/p/locmerge.json").project)
  }

  static let three = """
    {"base": "Base", "destination": "$(DERIVED_FILE_DIR)/LocMerge", "targets": {
      "AcmePro": {"layers": ["Targets/AcmePro"]},
      "AcmeLite": {"layers": ["Targets/AcmeLite"], "destination": "build/{target}"},
      "GlobexGo": {"layers": ["Targets/GlobexGo"]}}}
    """

  @Test func targetsAreChosenByNameWithADidYouMean() throws {
    let project = try Self.project(Self.three)
    #expect(try project.targets(named: []).map(\.name) == ["AcmePro", "AcmeLite", "GlobexGo"])
    #expect(try project.targets(named: ["GlobexGo", "AcmePro", "GlobexGo"]).map(\.name) == ["GlobexGo", "AcmePro"])
    #expect(throws: ProjectFile.SelectionError.unknownTarget("AcmePri", suggestion: "AcmePro")) {
      try project.targets(named: ["AcmePri"])
    }
    #expect(
      ProjectFile.SelectionError.unknownTarget("acmepro", suggestion: "AcmePro").description
        == "no target 'acmepro' in the project file; did you mean 'AcmePro'?")
    #expect(throws: ProjectFile.SelectionError.unknownTarget("Initech", suggestion: nil)) {
      try project.targets(named: ["Initech"])
    }
  }

  /// For any number of targets and shards: the shards are disjoint, together hold every target,
  /// differ in size by at most one, and do not depend on the order of the file.
  @Test(arguments: [1, 2, 3, 5, 18, 200])
  func shardsAreDisjointAndComplete(targetCount: Int) throws {
    let names = (0..<targetCount).map { "Target\(($0 * 7919) % 1009)-\($0)" }
    let targets = names.map { ProjectFile.Target(name: $0, overlays: []) }
    for count in [1, 2, 3, 4, 7, 250] {
      let shards = (1...count).map { ProjectFile.shard(targets, index: $0, of: count) }
      let all = shards.flatMap { $0.map(\.name) }
      #expect(all.count == targetCount)
      #expect(Set(all) == Set(names))
      let sizes = shards.map(\.count)
      #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
      let reversed = (1...count).map { ProjectFile.shard(targets.reversed(), index: $0, of: count) }
      #expect(zip(shards, reversed).allSatisfy { Set($0.map(\.name)) == Set($1.map(\.name)) })
    }
    #expect(ProjectFile.shard(targets, index: 0, of: 2).isEmpty)
    #expect(ProjectFile.shard(targets, index: 3, of: 2).isEmpty)
  }

  @Test func destinationsExpandPerTargetAndMustDiffer() throws {
    let project = try Self.project(Self.three)
    let environment = ["DERIVED_FILE_DIR": "/dd"]
    let one = try project.buildTargets(try project.targets(named: ["AcmePro", "AcmeLite"]), environment: environment)
    #expect(one.map(\.destination) == ["/dd/LocMerge", "/p/build/AcmeLite"])
    #expect(one[0].layers.map(\.path) == ["/p/Base", "/p/Targets/AcmePro"])
    // Every target but AcmeLite goes to $(DERIVED_FILE_DIR)/LocMerge: outside Xcode, one folder.
    #expect(
      throws: ProjectFile.SelectionError.sharedDestination(path: "/dd/LocMerge", targets: ["AcmePro", "GlobexGo"])
    ) {
      try project.buildTargets(project.targets, environment: environment)
    }
    #expect(
      throws: ProjectFile.SelectionError.unsetSettings(
        target: "AcmePro", destination: "$(DERIVED_FILE_DIR)/LocMerge", names: ["DERIVED_FILE_DIR"])
    ) {
      try project.buildTargets(project.targets, environment: [:])
    }
    // -d: relative to the current folder, {target} and settings expanded.
    let overridden = try project.buildTargets(
      project.targets, environment: ["OUT": "o"], destination: PathTemplate("$(OUT)/{target}"), relativeTo: "/cwd")
    #expect(overridden.map(\.destination) == ["/cwd/o/AcmePro", "/cwd/o/AcmeLite", "/cwd/o/GlobexGo"])
    let noDestination = try Self.project("{\"base\": \"B\", \"targets\": {\"A\": {\"layers\": []}}}")
    #expect(throws: ProjectFile.SelectionError.noDestination(target: "A")) {
      try noDestination.buildTargets(noDestination.targets, environment: [:])
    }
    #expect(
      ProjectFile.SelectionError.unsetSettings(target: "A", destination: "$(X)/$(Y)", names: ["X", "Y"]).description
        == "the destination of 'A', $(X)/$(Y), uses $(X), $(Y), which are not set; run inside an Xcode build phase, "
        + "set them in the environment, or give -d (outside Xcode, for example -d 'build/{target}')")
  }
}
