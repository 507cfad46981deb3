/// A small `project.pbxproj` whose product targets copy localized tables through variant groups,
/// written by the tests that need a project of a given shape (the same files in several targets,
/// an extension with its own copy).
///
/// Each table is named by its path without the language, `Shared/Localizable.strings`: a variant
/// group `Localizable.strings` in a group with the path `Shared`, whose files are
/// `Shared/<lang>.lproj/Localizable.strings`. Targets that name the same path share the variant
/// group, as Xcode records files that several targets ship.
struct XcodeProjectFixture {
  /// A product target and the tables its Copy Bundle Resources phase holds.
  struct Target {
    var name: String
    var tables: [String]
    var productType = "com.apple.product-type.application"
  }

  var targets: [Target]
  /// The languages of every table.
  var languages: [String]
  /// The project's `developmentRegion`, if it has one.
  var developmentRegion: String? = nil

  /// The project file's text.
  var text: String {
    var serial = 0
    func id() -> String {
      serial += 1
      let digits = String(serial, radix: 16, uppercase: true)
      return "5EED" + String(repeating: "0", count: 20 - digits.count) + digits
    }
    var objects = ""
    // One variant group per table path, one group per folder.
    var variantGroups: [String: String] = [:]
    var folders: [String: [String]] = [:]
    var folderOrder: [String] = []
    for table in targets.flatMap(\.tables) where variantGroups[table] == nil {
      let folder = table.split(separator: "/").dropLast().joined(separator: "/")
      let name = String(table.split(separator: "/").last ?? "")
      let group = id()
      variantGroups[table] = group
      if folders[folder] == nil { folderOrder.append(folder) }
      folders[folder, default: []].append(group)
      var children = ""
      for language in languages {
        let file = id()
        children += "\t\t\t\t\(file),\n"
        objects +=
          "\t\t\(file) = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = \(language); "
          + "path = \(language).lproj/\(name); sourceTree = \"<group>\"; };\n"
      }
      objects +=
        "\t\t\(group) = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n\(children)\t\t\t);\n"
        + "\t\t\tname = \(name);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    }
    var mainChildren = ""
    for folder in folderOrder {
      let group = id()
      mainChildren += "\t\t\t\t\(group),\n"
      let children = (folders[folder] ?? []).map { "\t\t\t\t\($0),\n" }.joined()
      objects +=
        "\t\t\(group) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(children)\t\t\t);\n"
        + "\t\t\tpath = \"\(folder)\";\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    }
    let mainGroup = id()
    objects +=
      "\t\t\(mainGroup) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(mainChildren)\t\t\t);\n"
      + "\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    var targetList = ""
    for target in targets {
      let native = id()
      let phase = id()
      targetList += "\t\t\t\t\(native),\n"
      var files = ""
      for table in target.tables {
        let buildFile = id()
        files += "\t\t\t\t\(buildFile),\n"
        objects += "\t\t\(buildFile) = {isa = PBXBuildFile; fileRef = \(variantGroups[table] ?? ""); };\n"
      }
      objects +=
        "\t\t\(phase) = {\n\t\t\tisa = PBXResourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n"
        + "\t\t\tfiles = (\n\(files)\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
      objects +=
        "\t\t\(native) = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n\t\t\t\t\(phase),\n\t\t\t);\n"
        + "\t\t\tname = \"\(target.name)\";\n\t\t\tproductName = \"\(target.name)\";\n"
        + "\t\t\tproductType = \"\(target.productType)\";\n\t\t};\n"
    }
    let project = id()
    return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n\n"
      + objects
      + "\t\t\(project) = {\n\t\t\tisa = PBXProject;\n"
      + (developmentRegion.map { "\t\t\tdevelopmentRegion = \($0);\n" } ?? "")
      + "\t\t\tmainGroup = \(mainGroup);\n"
      + "\t\t\ttargets = (\n\(targetList)\t\t\t);\n\t\t};\n"
      + "\t};\n\trootObject = \(project);\n}\n"
  }
}
