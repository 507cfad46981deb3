/// Writes the objects this tool adds to a project file exactly as Xcode writes that kind of object
/// in that format (PBXPROJ.md §2, §4): tabs, one key per line in ASCII order with `isa` first,
/// arrays one element per line with a comma after each, every reference to an object followed by
/// a comment naming it, strings quoted only where Xcode quotes them.
///
/// Formats up to 77 (``PBXFormat/classic``):
///
///     		1E3CFFD3250AD95300DDB852 /* Lint */ = {
///     			isa = PBXShellScriptBuildPhase;
///     			buildActionMask = 2147483647;
///     			files = (
///     			);
///     			inputFileListPaths = (
///     				"$(SRCROOT)/Config/$(TARGET_NAME)-inputs.xcfilelist",
///     			);
///     			…
///     			shellScript = "set -e\n\"$SRCROOT/tools/lint\"\n";
///     		};
///
/// Format 90 (``PBXFormat/defaultsOmitted``) leaves out `buildActionMask`,
/// `runOnlyForDeploymentPostprocessing = 0` and empty arrays, and writes the script as an array of
/// lines (a last `""` when it ends with a line break).
enum PBXWriter {
  /// The lines of a Run Script phase object, from the indentation of its first line to the line
  /// break after its `};`.
  static func shellScriptPhase(_ phase: RunScriptPhase, id: String, format: PBXFormat) -> String {
    var text = "\t\t\(id) /* \(commentText(phase.name)) */ = {\n"
    text += "\t\t\tisa = PBXShellScriptBuildPhase;\n"
    if phase.alwaysOutOfDate { text += "\t\t\talwaysOutOfDate = 1;\n" }
    let omitsDefaults = format == .defaultsOmitted
    if !omitsDefaults {
      text += "\t\t\tbuildActionMask = 2147483647;\n"
      text += array("files", [], indent: 3)
    }
    for (key, values) in [
      ("inputFileListPaths", phase.inputFileListPaths), ("inputPaths", phase.inputPaths), ("name", nil),
      ("outputFileListPaths", phase.outputFileListPaths), ("outputPaths", phase.outputPaths),
    ] {
      guard let values else {
        text += "\t\t\tname = \(string(phase.name));\n"
        continue
      }
      if omitsDefaults && values.isEmpty { continue }
      text += array(key, values.map(string), indent: 3)
    }
    if !omitsDefaults { text += "\t\t\trunOnlyForDeploymentPostprocessing = 0;\n" }
    text += "\t\t\tshellPath = \(string(phase.shellPath));\n"
    if omitsDefaults {
      var lines = phase.shellScript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" && lines.count == 1 { lines = [] }
      text += array("shellScript", lines.map(string), indent: 3)
    } else {
      text += "\t\t\tshellScript = \(string(phase.shellScript));\n"
    }
    if !phase.showsEnvironmentInLog { text += "\t\t\tshowEnvVarsInLog = 0;\n" }
    return text + "\t\t};\n"
  }

  /// The lines of a synchronized folder's build-file exception set for one target.
  static func exceptionSet(id: String, target: String, targetName: String, membershipExceptions: [String]) -> String {
    "\t\t\(id) /* \(exceptionSetIsa) */ = {\n"
      + "\t\t\tisa = \(exceptionSetIsa);\n"
      + array("membershipExceptions", membershipExceptions.map(string), indent: 3)
      + "\t\t\ttarget = \(reference(target, targetName));\n"
      + "\t\t};\n"
  }

  /// The `isa` of a synchronized folder's build-file exception set.
  static let exceptionSetIsa = "PBXFileSystemSynchronizedBuildFileExceptionSet"

  /// A reference to an object: `ID /* comment */`.
  static func reference(_ id: String, _ comment: String) -> String {
    "\(id) /* \(commentText(comment)) */"
  }

  /// A string as Xcode writes it (bare or quoted).
  static func string(_ text: String) -> String {
    PBXStringEscapes.written(text)
  }

  // MARK: - Private

  /// `key = (\n<elements, one a line>\n);` at `indent` tabs.
  private static func array(_ key: String, _ elements: [String], indent: Int) -> String {
    let outer = String(repeating: "\t", count: indent)
    var text = "\(outer)\(key) = (\n"
    for element in elements { text += "\(outer)\t\(element),\n" }
    return text + "\(outer));\n"
  }

  /// Comment text that cannot end the comment early.
  private static func commentText(_ text: String) -> String {
    text.replacing("*/", with: "* /")
  }
}
