import Foundation
import Testing

@testable import LayerMerge

/// Reading, showing and editing a project take time linear in its size, whatever it holds: each
/// case is timed at two sizes four times apart in the same test, and the larger may take at most
/// 10 times as long (linear is 4, quadratic 16), so a slow machine moves both sides alike. Both
/// sizes are larger than a processor cache, which would otherwise favour the small one.
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

  static func expectLinear(_ name: String, small: Double, large: Double) {
    #expect(large <= 10 * max(small, 1e-4), "\(name): \(small) s at n, \(large) s at 4n")
  }

  @Test func readingShowingAndEditingAreLinear() throws {
    let phase = LocMergePhase.phase(
      tool: .onPath("locmerge"), configuration: nil, inputFileList: "i.xcfilelist", outputFileList: "o.xcfilelist")
    var timings: [String: [Double]] = [:]
    for count in [400, 1600] {
      let bytes = Self.project(count)
      var project: XcodeProject?
      timings["read", default: []].append(
        try Self.time { project = try XcodeProjectReader.parse(bytes, path: "p.pbxproj", sourceRoot: "/nonexistent") })
      let read = try #require(project)
      #expect(read.targets.count == count)
      // The file at the bottom of the chain lies `count` folders down.
      #expect(
        read.targets.first?.tables.first?.files["fr"] == String(repeating: "d/", count: count) + "fr.lproj/L.strings")
      let names = read.targets.map(\.name)
      var edit: XcodeProjectEdit?
      timings["install", default: []].append(
        try Self.time { edit = try XcodeProjectEditor.install(phase, in: read, targets: names) })
      let installed = try XcodeProjectReader.parse(try #require(edit).bytes, path: "p.pbxproj", sourceRoot: "/x")
      timings["uninstall", default: []].append(
        try Self.time {
          _ = try XcodeProjectEditor.uninstall(phaseNamed: LocMergePhase.name, from: installed, targets: names)
        })
      timings["diff", default: []].append(Self.time { _ = edit?.unifiedDiff() })
    }
    for (name, pair) in timings.sorted(by: { $0.key < $1.key }) {
      Self.expectLinear(name, small: pair[0], large: pair[1])
    }
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
      let small = Array(make(8000).utf8)
      let large = Array(make(32000).utf8)
      _ = try? XcodeProjectReader.document(small, path: "p")
      let t1 = Self.time { _ = try? XcodeProjectReader.document(small, path: "p") }
      let t2 = Self.time { _ = try? XcodeProjectReader.document(large, path: "p") }
      Self.expectLinear(name, small: t1, large: t2)
    }
  }
}
