import Foundation
import Testing

@testable import LayerMerge

/// Reading, showing and editing a project take time linear in its size, whatever it holds: each
/// case is timed at two sizes four times apart in the same test, and the larger may take at most
/// 10 times as long (linear is 4, quadratic 16), so a slow machine moves both sides alike. Both
/// sizes are larger than a processor cache, which would otherwise favour the small one. Other work
/// on the machine (parallel tests, other builds) can stretch one timing: a case is timed again, up
/// to three times, before it fails — a quadratic algorithm fails every time.
@Suite struct LinearTimeTests {
  /// A project with `count` targets (each with a Resources phase copying a variant group),
  /// `count` synchronized folders no target lists, groups nested eight deep around the variant
  /// groups, and one chain of `count` nested groups with a file at its bottom that the first
  /// target's variant group also lists.
  static func project(_ count: Int) -> [UInt8] {
    func id(_ kind: Int, _ index: Int) -> String {
      let digits = String(index, radix: 16, uppercase: true)
      return "\(kind)" + String(repeating: "0", count: 23 - digits.count) + digits
    }
    var objects = ""
    for index in 0..<count {
      let next = index + 1 < count ? "\t\t\t\t\(id(8, index + 1)),\n" : "\t\t\t\t\(id(0, 1)),\n"
      objects +=
        "\t\t\(id(8, index)) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(next)\t\t\t);\n"
        + "\t\t\tpath = d;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    }
    objects += "\t\t\(id(0, 1)) = {isa = PBXFileReference; path = fr.lproj/L.strings; sourceTree = \"<group>\"; };\n"
    var targets = ""
    var heads = "\t\t\t\t\(id(8, 0)),\n"
    for index in 0..<count {
      objects +=
        "\t\t\(id(1, index)) /* T\(index) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n"
        + "\t\t\t\t\(id(2, index)) /* Resources */,\n\t\t\t);\n\t\t\tname = T\(index);\n"
        + "\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};\n"
      objects +=
        "\t\t\(id(2, index)) /* Resources */ = {\n\t\t\tisa = PBXResourcesBuildPhase;\n\t\t\tfiles = (\n"
        + "\t\t\t\t\(id(3, index)) /* L.strings in Resources */,\n\t\t\t);\n\t\t};\n"
      objects +=
        "\t\t\(id(3, index)) /* L.strings in Resources */ = {isa = PBXBuildFile; fileRef = \(id(4, index)); };\n"
      let deep = index == 0 ? "\t\t\t\t\(id(0, 1)),\n" : ""
      objects +=
        "\t\t\(id(4, index)) = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n\t\t\t\t\(id(5, index)),\n"
        + "\(deep)\t\t\t);\n\t\t\tname = L.strings;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
      objects +=
        "\t\t\(id(5, index)) = {isa = PBXFileReference; name = de; path = de.lproj/L.strings; sourceTree = \"<group>\"; };\n"
      objects +=
        "\t\t\(id(6, index)) = {isa = PBXFileSystemSynchronizedRootGroup; path = F\(index); sourceTree = \"<group>\"; };\n"
      // Groups nest eight deep: group i holds group i + 1 unless i + 1 starts the next eight.
      let child = (index + 1) % 8 != 0 && index + 1 < count ? "\t\t\t\t\(id(7, index + 1)),\n" : ""
      objects +=
        "\t\t\(id(7, index)) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(child)\t\t\t\t\(id(4, index)),\n"
        + "\t\t\t);\n\t\t\tpath = g;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
      if index % 8 == 0 { heads += "\t\t\t\t\(id(7, index)),\n" }
      targets += "\t\t\t\t\(id(1, index)),\n"
    }
    objects +=
      "\t\t\(id(9, 1)) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(heads)\t\t\t);\n"
      + "\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    let text =
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\n"
      + "/* Begin PBXProject section */\n\t\t\(id(9, 0)) /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
      + "\t\t\tmainGroup = \(id(9, 1));\n\t\t\ttargets = (\n\(targets)\t\t\t);\n\t\t};\n/* End PBXProject section */\n\n"
      + "/* Begin PBXShellScriptBuildPhase section */\n/* End PBXShellScriptBuildPhase section */\n"
      + objects + "\t};\n\trootObject = \(id(9, 0));\n}\n"
    return Array(text.utf8)
  }

  /// The best of three timings of `work`, in seconds.
  static func time(_ work: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let start = ContinuousClock.now
      try work()
      let elapsed = ContinuousClock.now - start
      best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
  }

  /// Whether `large` runs in at most 10 times `small`'s time, in one of three tries.
  static func isLinear(small: () throws -> Void, large: () throws -> Void) rethrows -> (Double, Double, Bool) {
    var last = (0.0, 0.0)
    for _ in 0..<3 {
      last = (try time(small), try time(large))
      if last.1 <= 10 * max(last.0, 1e-4) { return (last.0, last.1, true) }
    }
    return (last.0, last.1, false)
  }

  @Test func readingShowingAndEditingAreLinear() throws {
    let phase = LocMergePhase.phase(
      tool: .onPath("locmerge"), configuration: nil, inputFileList: "i.xcfilelist", outputFileList: "o.xcfilelist")
    // Each stage's input at both sizes, made once.
    var stages: [(bytes: [UInt8], project: XcodeProject, edit: XcodeProjectEdit, installed: XcodeProject)] = []
    for count in [400, 1600] {
      let bytes = Self.project(count)
      let project = try XcodeProjectReader.parse(bytes, path: "p.pbxproj", sourceRoot: "/nonexistent")
      #expect(project.targets.count == count)
      // The file at the bottom of the chain lies `count` folders down.
      #expect(
        project.targets.first?.tables.first?.files["fr"]
          == String(repeating: "d/", count: count) + "fr.lproj/L.strings")
      let edit = try XcodeProjectEditor.install(phase, in: project, targets: project.targets.map(\.name))
      let installed = try XcodeProjectReader.parse(edit.bytes, path: "p.pbxproj", sourceRoot: "/nonexistent")
      stages.append((bytes, project, edit, installed))
    }
    let work: [(String, (Int) throws -> Void)] = [
      ("read", { _ = try XcodeProjectReader.parse(stages[$0].bytes, path: "p.pbxproj", sourceRoot: "/nonexistent") }),
      (
        "install",
        {
          let project = stages[$0].project
          _ = try XcodeProjectEditor.install(phase, in: project, targets: project.targets.map(\.name))
        }
      ),
      (
        "uninstall",
        {
          let installed = stages[$0].installed
          _ = try XcodeProjectEditor.uninstall(
            phaseNamed: LocMergePhase.name, from: installed, targets: installed.targets.map(\.name))
        }
      ),
      ("diff", { _ = stages[$0].edit.unifiedDiff() }),
    ]
    for (name, stage) in work {
      let (small, large, linear) = try Self.isLinear(small: { try stage(0) }, large: { try stage(1) })
      #expect(linear, "\(name): \(small) s at n, \(large) s at 4n")
    }
  }

  /// Found by an independent review: a file that names, without objects, the IDs the new phases
  /// would take (each target lists its phase's first 15 candidates) made every candidate tried
  /// look through the whole file, so installing took time in targets × size.
  @Test func idsTheFileNamesWithoutObjectsKeepInstallLinear() throws {
    let phase = LocMergePhase.phase(
      tool: .onPath("locmerge"), configuration: nil, inputFileList: "i.xcfilelist", outputFileList: "o.xcfilelist")
    var projects: [XcodeProject] = []
    for count in [100, 400] {
      let plain = try XcodeProjectReader.parse(Self.project(count), path: "p.pbxproj", sourceRoot: "/nonexistent")
      // After each target's Resources phase in its list: the IDs its new phase would try first.
      var dangling: [Substring: String] = [:]
      for target in plain.targets {
        let resources = try #require(target.buildPhases.first?.id)
        let candidates = PBXIdentifier.candidates(XcodeProjectEditor.phaseIDParts(LocMergePhase.name, target, plain))
        dangling["\t\t\t\t\(resources) /* Resources */,"[...]] = candidates.prefix(15).map { "\t\t\t\t\($0),\n" }
          .joined()
      }
      var text = ""
      for line in String(decoding: plain.document.bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      {
        text += line + "\n" + (dangling[line] ?? "")
      }
      let project = try XcodeProjectReader.parse(
        Array(text.dropLast().utf8), path: "p.pbxproj", sourceRoot: "/nonexistent")
      #expect(project.document.bytes.count > plain.document.bytes.count + count * 15 * 24)
      projects.append(project)
    }
    let install = { (index: Int) in
      let project = projects[index]
      _ = try XcodeProjectEditor.install(phase, in: project, targets: project.targets.map(\.name))
    }
    let (small, large, linear) = try Self.isLinear(small: { try install(0) }, large: { try install(1) })
    #expect(linear, "install: \(small) s at n, \(large) s at 4n")
  }

  @Test func pathologicalTextIsReadInLinearTime() throws {
    let cases: [(String, (Int) -> String)] = [
      ("a long bare string", { "{ a = " + String(repeating: "x", count: $0 * 100) + "; }" }),
      ("a long quoted string with escapes", { "{ a = \"" + String(repeating: "\\n\\\"", count: $0 * 25) + "\"; }" }),
      ("many comments", { "{" + String(repeating: "/* c */ // d\n", count: $0 * 8) + "}" }),
      (
        "nested arrays",
        {
          "{ a = " + String(repeating: "(", count: 200) + String(repeating: "x, ", count: $0 * 30)
            + String(repeating: ")", count: 200) + "; }"
        }
      ),
      (
        "many keys in one object", { "{ objects = { A = {" + (0..<($0 * 8)).map { "k\($0) = v;" }.joined() + "}; }; }" }
      ),
      ("conflict-like lines", { String(repeating: "<<<<<<\n=======x\n", count: $0 * 8) }),
    ]
    for (name, make) in cases {
      let small = Array(make(16000).utf8)
      let large = Array(make(64000).utf8)
      _ = try? XcodeProjectReader.document(small, path: "p")
      let (t1, t2, linear) = Self.isLinear(
        small: { _ = try? XcodeProjectReader.document(small, path: "p") },
        large: { _ = try? XcodeProjectReader.document(large, path: "p") })
      #expect(linear, "\(name): \(t1) s at n, \(t2) s at 4n")
    }
  }
}
