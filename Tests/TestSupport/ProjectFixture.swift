/// Builds a `project.pbxproj` in Xcode's layout (sections by `isa`, objects in ID order, build
/// files and file references one to a line, everything else one key a line) from a few calls, so
/// that a test can make the shape of a real project it reproduces without committing the project.
///
/// ```swift
/// var fixture = ProjectFixture()
/// let en = fixture.file("en.lproj/Localizable.strings", name: "en")
/// let group = fixture.variantGroup("Localizable.strings", children: [en])
/// fixture.group("App", children: [group])
/// fixture.target("App", resources: [group])
/// try fixture.text().write(…)
/// ```
public struct ProjectFixture {
  /// The project's `objectVersion`.
  public var objectVersion: Int

  private var objects: [(id: String, isa: String, body: String, oneLine: Bool)] = []
  /// The comment Xcode writes after an object's ID (its name), by ID.
  private var comments: [String: String] = [:]
  private var mainChildren: [String] = []
  private var targets: [String] = []
  private var next = 0x100

  /// An empty project of a format.
  public init(objectVersion: Int = 46) {
    self.objectVersion = objectVersion
  }

  /// A new object ID: `FF…` and a counter, so that IDs sort in the order they were made.
  public mutating func newID() -> String {
    next += 1
    let digits = String(next, radix: 16, uppercase: true)
    return "FF" + String(repeating: "0", count: 22 - digits.count) + digits
  }

  /// A file reference; `sourceTree` as the project writes it (`<group>`, `SOURCE_ROOT`, `<absolute>`).
  @discardableResult
  public mutating func file(_ path: String, name: String? = nil, sourceTree: String = "<group>") -> String {
    let id = newID()
    let nameText = name.map { "name = \(Self.quoted($0)); " } ?? ""
    comments[id] = name ?? path.split(separator: "/").last.map(String.init) ?? path
    objects.append(
      (
        id, "PBXFileReference",
        "{isa = PBXFileReference; \(nameText)path = \(Self.quoted(path)); sourceTree = \(Self.quoted(sourceTree)); };",
        true
      ))
    return id
  }

  /// A variant group (a localized file: `Localizable.strings`, `Main.storyboard`) of file references.
  @discardableResult
  public mutating func variantGroup(_ name: String, children: [String]) -> String {
    let id = newID()
    comments[id] = name
    objects.append(
      (
        id, "PBXVariantGroup",
        Self.lines([
          "isa = PBXVariantGroup;", Self.list("children", children), "name = \(Self.quoted(name));",
          "sourceTree = \"<group>\";",
        ]), false
      ))
    return id
  }

  /// A group; at the top of the project when `parent` is `nil`.
  @discardableResult
  public mutating func group(_ path: String?, children: [String], sourceTree: String = "<group>", top: Bool = true)
    -> String
  {
    let id = newID()
    if let path { comments[id] = path }
    var keys = ["isa = PBXGroup;", Self.list("children", children)]
    if let path { keys.append("path = \(Self.quoted(path));") }
    keys.append("sourceTree = \(Self.quoted(sourceTree));")
    objects.append((id, "PBXGroup", Self.lines(keys), false))
    if top { mainChildren.append(id) }
    return id
  }

  /// A synchronized folder (Xcode 16) at the top of the project, with membership exceptions by target ID.
  @discardableResult
  public mutating func synchronizedFolder(
    _ path: String, sourceTree: String = "<group>", exceptions: [(target: String, files: [String])] = []
  )
    -> String
  {
    let id = newID()
    var sets: [String] = []
    for exception in exceptions {
      let set = newID()
      objects.append(
        (
          set, "PBXFileSystemSynchronizedBuildFileExceptionSet",
          Self.lines([
            "isa = PBXFileSystemSynchronizedBuildFileExceptionSet;",
            Self.list("membershipExceptions", exception.files.map(Self.quoted)), "target = \(exception.target);",
          ]), false
        ))
      sets.append(set)
    }
    var keys = ["isa = PBXFileSystemSynchronizedRootGroup;"]
    if !sets.isEmpty { keys.append(Self.list("exceptions", sets)) }
    keys += ["path = \(Self.quoted(path));", "sourceTree = \(Self.quoted(sourceTree));"]
    objects.append((id, "PBXFileSystemSynchronizedRootGroup", Self.lines(keys), false))
    mainChildren.append(id)
    return id
  }

  /// A Run Script phase with a name and a script; `asLines` writes the script as format 90 does,
  /// one element a line.
  @discardableResult
  public mutating func scriptPhase(name: String, script: String, asLines: Bool = false) -> String {
    let id = newID()
    func escaped(_ text: Substring) -> String {
      "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }
    let scriptKey =
      asLines
      ? Self.list("shellScript", script.split(separator: "\n", omittingEmptySubsequences: false).map(escaped))
      : "shellScript = \(escaped(script[...]));"
    objects.append(
      (
        id, "PBXShellScriptBuildPhase",
        Self.lines([
          "isa = PBXShellScriptBuildPhase;", "buildActionMask = 2147483647;", Self.list("files", []),
          "name = \(Self.quoted(name));", "runOnlyForDeploymentPostprocessing = 0;", "shellPath = /bin/sh;", scriptKey,
        ]), false
      ))
    return id
  }

  /// A target with a Copy Bundle Resources phase holding a build file of each of `resources` (file
  /// references or variant groups), after `phasesBefore`; its ID is the one given, or a new one.
  @discardableResult
  public mutating func target(
    _ name: String, id given: String? = nil, productType: String = "com.apple.product-type.application",
    resources: [String] = [], phasesBefore: [String] = [], synchronizedFolders: [String] = []
  ) -> String {
    let id = given ?? newID()
    var buildFiles: [String] = []
    for reference in resources {
      let buildFile = newID()
      let name = comments[reference] ?? reference
      comments[buildFile] = "\(name) in Resources"
      objects.append(
        (buildFile, "PBXBuildFile", "{isa = PBXBuildFile; fileRef = \(reference) /* \(name) */; };", true))
      buildFiles.append("\(buildFile) /* \(name) in Resources */")
    }
    let resourcesPhase = newID()
    objects.append(
      (
        resourcesPhase, "PBXResourcesBuildPhase",
        Self.lines([
          "isa = PBXResourcesBuildPhase;", "buildActionMask = 2147483647;", Self.list("files", buildFiles),
          "runOnlyForDeploymentPostprocessing = 0;",
        ]), false
      ))
    var keys = ["isa = PBXNativeTarget;", Self.list("buildPhases", phasesBefore + [resourcesPhase])]
    if !synchronizedFolders.isEmpty { keys.append(Self.list("fileSystemSynchronizedGroups", synchronizedFolders)) }
    keys += [
      "name = \(Self.quoted(name));", "productName = \(Self.quoted(name));",
      "productType = \(Self.quoted(productType));",
    ]
    objects.append((id, "PBXNativeTarget", Self.lines(keys), false))
    targets.append(id)
    return id
  }

  /// The file's text.
  public func text() -> String {
    let main = "FE0000000000000000000001"
    let root = "FE0000000000000000000002"
    var all = objects
    all.append(
      (
        main, "PBXGroup",
        Self.lines(["isa = PBXGroup;", Self.list("children", mainChildren), "sourceTree = \"<group>\";"]), false
      ))
    all.append(
      (
        root, "PBXProject",
        Self.lines([
          "isa = PBXProject;", "compatibilityVersion = \"Xcode 3.2\";", "developmentRegion = en;",
          "mainGroup = \(main);", "projectDirPath = \"\";", "projectRoot = \"\";", Self.list("targets", targets),
        ]), false
      ))
    var text =
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = \(objectVersion);\n\tobjects = {\n"
    for isa in Set(all.map(\.isa)).sorted() {
      text += "\n/* Begin \(isa) section */\n"
      for object in all.filter({ $0.isa == isa }).sorted(by: { $0.id < $1.id }) {
        let comment = comments[object.id].map { " /* \($0) */" } ?? ""
        text += "\t\t\(object.id)\(comment) = \(object.body)\n"
      }
      text += "/* End \(isa) section */\n"
    }
    text += "\t};\n\trootObject = \(root);\n}\n"
    return text
  }

  // MARK: - Private

  private static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "._/".contains($0) } && text.isASCII
    return plain ? text : "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  private static func list(_ key: String, _ elements: [String]) -> String {
    "\(key) = (\n" + elements.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);"
  }

  private static func lines(_ keys: [String]) -> String {
    "{\n" + keys.map { "\t\t\t\($0)\n" }.joined() + "\t\t};"
  }
}

extension String {
  fileprivate var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
