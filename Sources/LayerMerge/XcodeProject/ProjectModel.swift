/// The parts of a project document every reader needs: its format, the project object and the
/// targets with their build phases (tables come after, from ``TargetTables``).
struct ProjectModel {
  /// The file's `objectVersion`.
  var objectVersion: Int
  /// The project object's ID (`rootObject`).
  var rootID: String
  /// The project object's `projectDirPath` (usually empty).
  var projectDirPath: String
  /// The targets, in the project's order, without their tables.
  var targets: [XcodeProject.Target]

  /// Reads the project object and its targets.
  /// - Throws: ``XcodeProjectError/notAProject(path:position:message:)`` when the root dictionary
  ///   lacks what every Xcode project has.
  init(document: PBXDocument) throws(XcodeProjectError) {
    func refuse(_ message: String, at node: Int32? = nil) -> XcodeProjectError {
      .notAProject(
        path: document.path,
        position: node.map { XcodeProjectReader.position(of: document.range($0).lowerBound, in: document.bytes) },
        message: message)
    }
    let root = document.root
    guard let versionNode = document.value("objectVersion", in: root) else {
      throw refuse("the file has no objectVersion", at: root)
    }
    guard let versionText = document.string(versionNode), let version = Int(versionText), version > 0 else {
      throw refuse("objectVersion is not a number", at: versionNode)
    }
    guard let objects = document.objects, document.kind(objects) == .dictionary else {
      throw refuse("the file has no objects dictionary", at: root)
    }
    guard let rootNode = document.value("rootObject", in: root), let rootID = document.string(rootNode) else {
      throw refuse("the file has no rootObject", at: root)
    }
    guard let project = document.object(rootID), document.isa(project, is: "PBXProject") else {
      throw refuse("rootObject \(rootID) is not a PBXProject object", at: rootNode)
    }
    self.objectVersion = version
    self.rootID = rootID
    self.projectDirPath = document.string("projectDirPath", in: project) ?? ""
    var targets: [XcodeProject.Target] = []
    for id in document.strings("targets", in: project) {
      guard let object = document.object(id), document.kind(object) == .dictionary else { continue }
      let kind: XcodeProject.Target.Kind
      if document.isa(object, is: "PBXNativeTarget") {
        kind = .native
      } else if document.isa(object, is: "PBXAggregateTarget") {
        kind = .aggregate
      } else if document.isa(object, is: "PBXLegacyTarget") {
        kind = .legacy
      } else {
        continue
      }
      targets.append(
        XcodeProject.Target(
          id: id, name: document.string("name", in: object) ?? id, kind: kind,
          productType: document.string("productType", in: object),
          buildPhases: document.strings("buildPhases", in: object).map { Self.phase($0, in: document) },
          tables: [], synchronizedFolders: document.strings("fileSystemSynchronizedGroups", in: object)))
    }
    self.targets = targets
  }

  /// A build phase by its ID.
  static func phase(_ id: String, in document: PBXDocument) -> XcodeProject.BuildPhase {
    guard let object = document.object(id), let isa = document.string("isa", in: object) else {
      return XcodeProject.BuildPhase(id: id, kind: .other(""), name: nil)
    }
    let kind: XcodeProject.BuildPhase.Kind
    switch isa {
    case "PBXSourcesBuildPhase": kind = .sources
    case "PBXResourcesBuildPhase": kind = .resources
    case "PBXFrameworksBuildPhase": kind = .frameworks
    case "PBXHeadersBuildPhase": kind = .headers
    case "PBXCopyFilesBuildPhase": kind = .copyFiles
    case "PBXShellScriptBuildPhase": kind = .shellScript
    case "PBXRezBuildPhase": kind = .rez
    default: kind = .other(isa)
    }
    return XcodeProject.BuildPhase(id: id, kind: kind, name: document.string("name", in: object))
  }
}
