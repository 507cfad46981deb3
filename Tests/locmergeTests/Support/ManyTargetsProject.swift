import Foundation

/// A generated Xcode project with many targets, and a `locmerge.json` that names every one of
/// them, for the linear-time tests of `xcode install`, `xcode show` and `files`: no fixture file
/// is large, the tests build what they time.
///
/// `App.xcodeproj` holds `T0…T<n-1>`, each a native app target with an empty Copy Bundle
/// Resources phase; `Localization/Base` has one table, which every target merges (no overlays:
/// the time measured is what the tools do per target, not scans of folders), and every target's
/// two file lists go to `Localization/`.
struct ManyTargetsProject {
  /// The folder that holds the project, its layers and `locmerge.json`.
  let root: URL
  /// The number of targets.
  let count: Int
  /// `project.pbxproj`'s bytes as generated.
  let projectBytes: Data
  /// `locmerge.json`'s bytes as generated.
  let configBytes: Data

  var projectPath: String { root.appendingPathComponent("App.xcodeproj").path }
  var projectFile: URL { root.appendingPathComponent("App.xcodeproj/project.pbxproj") }
  var configPath: String { root.appendingPathComponent("locmerge.json").path }

  /// Writes a project of `count` targets into a new folder under the temporary folder.
  init(targets count: Int) throws {
    self.count = count
    root = FileManager.default.temporaryDirectory.appendingPathComponent("many-targets-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
    projectBytes = Data(Self.projectText(count).utf8)
    try projectBytes.write(to: root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
    let base = root.appendingPathComponent("Localization/Base/en.lproj")
    try manager.createDirectory(at: base, withIntermediateDirectories: true)
    try Data("\"ok\" = \"OK\";\n".utf8).write(to: base.appendingPathComponent("Localizable.strings"))
    var targets: [String] = []
    for index in 0..<count {
      targets.append("    \"T\(index)\": { \"layers\": [] }")
    }
    let config =
      "{\n  \"base\": \"Localization/Base\",\n  \"destination\": \"$(DERIVED_FILE_DIR)/LocMerge\",\n"
      + "  \"targets\": {\n" + targets.joined(separator: ",\n") + "\n  }\n}\n"
    configBytes = Data(config.utf8)
    try configBytes.write(to: root.appendingPathComponent("locmerge.json"))
  }

  /// Puts back the project file as generated and removes the file lists and `locmerge.json`'s
  /// edit, so that the next `install` does the whole work again.
  func reset() throws {
    try projectBytes.write(to: projectFile)
    try configBytes.write(to: root.appendingPathComponent("locmerge.json"))
    for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Localization").path)
    where name.hasSuffix(".xcfilelist") {
      try FileManager.default.removeItem(at: root.appendingPathComponent("Localization/\(name)"))
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// The text of a project of `count` targets (objectVersion 77, Xcode's layout).
  static func projectText(_ count: Int) -> String {
    func id(_ kind: Int, _ index: Int) -> String {
      let digits = String(index, radix: 16, uppercase: true)
      return "\(kind)" + String(repeating: "0", count: 23 - digits.count) + digits
    }
    var targets = ""
    var phases = ""
    var list = ""
    for index in 0..<count {
      targets +=
        "\t\t\(id(1, index)) /* T\(index) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n"
        + "\t\t\t\t\(id(2, index)) /* Resources */,\n\t\t\t);\n\t\t\tname = T\(index);\n"
        + "\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};\n"
      phases +=
        "\t\t\(id(2, index)) /* Resources */ = {\n\t\t\tisa = PBXResourcesBuildPhase;\n\t\t\tfiles = (\n"
        + "\t\t\t);\n\t\t};\n"
      list += "\t\t\t\t\(id(1, index)) /* T\(index) */,\n"
    }
    return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n\n"
      + "/* Begin PBXGroup section */\n\t\t\(id(9, 1)) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t);\n"
      + "\t\t\tsourceTree = \"<group>\";\n\t\t};\n/* End PBXGroup section */\n\n"
      + "/* Begin PBXNativeTarget section */\n\(targets)/* End PBXNativeTarget section */\n\n"
      + "/* Begin PBXProject section */\n\t\t\(id(9, 0)) /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
      + "\t\t\tmainGroup = \(id(9, 1));\n\t\t\ttargets = (\n\(list)\t\t\t);\n\t\t};\n/* End PBXProject section */\n\n"
      + "/* Begin PBXResourcesBuildPhase section */\n\(phases)/* End PBXResourcesBuildPhase section */\n"
      + "\t};\n\trootObject = \(id(9, 0)) /* Project object */;\n}\n"
  }
}
