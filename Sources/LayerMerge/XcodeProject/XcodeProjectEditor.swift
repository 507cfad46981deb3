/// Adds, updates and removes one Run Script phase in targets of a project, and takes old copies of
/// tables out of targets — surgically: only the lines of this tool's objects, of the targets'
/// `buildPhases` and of the copies taken out change; every other byte of the file stays.
///
/// The phase is found by what this tool wrote, never by its position nor by its name alone: a
/// Run Script phase of a target with the phase's name whose script starts with the same marker
/// (``LocMergePhase/marker`` for locmerge's phase, else the phase's first line; in every format:
/// format 90 writes the script as lines) is the
/// target's installed phase (a duplicated target's copy included). A phase of the same name with
/// another script is the user's own: it is never changed nor removed. A new phase gets an ID
/// derived from the project, the target and the name (``PBXIdentifier``), so a rerun finds it even
/// where a target lost it from its list. A new phase goes right before the target's Copy Bundle
/// Resources phase, or last when it has none.
public enum XcodeProjectEditor {
  /// Whether a target has the phase.
  public enum PhaseStatus: String, Hashable, Sendable {
    /// No phase of that name.
    case absent
    /// The phase is there, exactly as ``install(_:in:targets:removingCopies:)`` would write it.
    case current
    /// The phase is there but says something else (or is there twice, or lost from the target's list).
    case outdated
  }

  /// A copy of a table to take out of a target: the table's name and where the target gets it.
  public struct CopyRemoval: Hashable, Sendable {
    /// The table (`Localizable.strings`).
    public var table: String
    /// The build file or synchronized folder that brings it.
    public var source: XcodeProject.LocalizedTable.Source

    /// Creates a removal.
    public init(table: String, source: XcodeProject.LocalizedTable.Source) {
      self.table = table
      self.source = source
    }
  }

  /// Whether a target has `phase` as ``install(_:in:targets:removingCopies:)`` writes it.
  /// - Parameters:
  ///   - phase: The phase, as it should be.
  ///   - project: The project.
  ///   - target: One of its targets.
  public static func status(of phase: RunScriptPhase, in project: XcodeProject, target: XcodeProject.Target)
    -> PhaseStatus
  {
    let marker = marker(of: phase)
    let installed = installedPhases(named: phase.name, marker: marker, in: target, project: project)
    guard let first = installed.first else {
      return orphan(named: phase.name, marker: marker, of: target, in: project) == nil ? .absent : .outdated
    }
    guard installed.count == 1, let format = PBXFormat(objectVersion: project.objectVersion) else { return .outdated }
    let editor = PBXEditor(document: project.document)
    return editor.objectText(id: first) == PBXWriter.shellScriptPhase(phase, id: first, format: format)
      ? .current : .outdated
  }

  /// Adds `phase` to each target that lacks it, updates it in place where it says something else,
  /// and takes out the copies given.
  /// - Parameters:
  ///   - phase: The phase, the same in every target.
  ///   - project: The project.
  ///   - targets: The names of the targets.
  ///   - removingCopies: Copies to take out, by target name.
  /// - Returns: The edited file and what changed in each target.
  /// - Throws: ``XcodeProjectError`` for a target the project lacks, a format this tool does not
  ///   write, or objects laid out in a way it cannot edit line by line.
  public static func install(
    _ phase: RunScriptPhase, in project: XcodeProject, targets: [String],
    removingCopies: [String: [CopyRemoval]] = [:]
  ) throws(XcodeProjectError) -> XcodeProjectEdit {
    let format = try writableFormat(project)
    var session = Session(project: project)
    var results: [XcodeProjectEdit.TargetResult] = []
    for target in try resolve(targets, in: project) {
      let change = try session.install(phase, in: target, format: format)
      var removed: [String] = []
      for removal in removingCopies[target.name] ?? [] where try session.removeCopy(removal, from: target) {
        if !removed.contains(removal.table) { removed.append(removal.table) }
      }
      results.append(XcodeProjectEdit.TargetResult(target: target.name, phase: change, removedCopies: removed))
    }
    return try session.finish(results)
  }

  /// Removes the phase named `name` whose script starts with `marker` from each target, and from
  /// the file when no other target lists it; a phase of that name with another script is left
  /// alone. Copies taken out by an install are not put back.
  /// - Parameters:
  ///   - name: The phase's name.
  ///   - marker: How the phase's script starts (``LocMergePhase/marker`` by default).
  ///   - project: The project.
  ///   - targets: The names of the targets.
  /// - Returns: The edited file and what changed in each target.
  public static func uninstall(
    phaseNamed name: String, marker: String = LocMergePhase.marker, from project: XcodeProject, targets: [String]
  ) throws(XcodeProjectError) -> XcodeProjectEdit {
    _ = try writableFormat(project)
    var session = Session(project: project)
    var results: [XcodeProjectEdit.TargetResult] = []
    for target in try resolve(targets, in: project) {
      let removed = try session.uninstall(phaseNamed: name, marker: marker, from: target)
      results.append(XcodeProjectEdit.TargetResult(target: target.name, phase: removed ? .removed : .notInstalled))
    }
    return try session.finish(results)
  }

  // MARK: - Private

  private static func writableFormat(_ project: XcodeProject) throws(XcodeProjectError) -> PBXFormat {
    guard let format = PBXFormat(objectVersion: project.objectVersion) else {
      throw .newerFormat(
        path: project.filePath, objectVersion: project.objectVersion, newestKnown: PBXFormat.newestKnown)
    }
    return format
  }

  private static func resolve(_ names: [String], in project: XcodeProject) throws(XcodeProjectError)
    -> [XcodeProject.Target]
  {
    var targets: [XcodeProject.Target] = []
    var seen: Set<String> = []
    var byName: [String: XcodeProject.Target] = [:]
    for target in project.targets where byName[target.name] == nil { byName[target.name] = target }
    for name in names {
      guard let target = byName[name] else {
        throw .unknownTarget(
          path: project.filePath, name: name, suggestion: closestName(to: name, among: project.targets.map(\.name)))
      }
      if seen.insert(target.id).inserted { targets.append(target) }
    }
    return targets
  }

  /// The nearest name to a misspelt one, if it is near enough to be a typo.
  static func closestName(to name: String, among names: [String]) -> String? {
    let scored = names.map { ($0, EditDistance.between(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
    return best.0
  }

  /// The IDs of the target's Run Script phases with this name that this tool wrote (their script
  /// starts with `marker`), in the target's order, each once (a broken file may
  /// list one twice).
  static func installedPhases(
    named name: String, marker: String = LocMergePhase.marker, in target: XcodeProject.Target, project: XcodeProject
  ) -> [String] {
    var seen: Set<String> = []
    return target.buildPhases.filter {
      $0.kind == .shellScript && $0.name == name && seen.insert($0.id).inserted
        && isOwn($0.id, marker: marker, in: project.document)
    }.map(\.id)
  }

  /// The IDs of the target's Run Script phases with this name that this tool did not write: the
  /// user's own, left alone.
  /// - Parameters:
  ///   - name: The phase's name.
  ///   - marker: How the script of the phase this tool writes starts.
  ///   - target: A target of the project.
  ///   - project: The project.
  public static func foreignPhases(
    named name: String, marker: String = LocMergePhase.marker, in target: XcodeProject.Target, project: XcodeProject
  ) -> [String] {
    var seen: Set<String> = []
    return target.buildPhases.filter {
      $0.kind == .shellScript && $0.name == name && seen.insert($0.id).inserted
        && !isOwn($0.id, marker: marker, in: project.document)
    }.map(\.id)
  }

  /// A phase this tool wrote with this name and a derived ID of the target that the target does
  /// not list.
  static func orphan(
    named name: String, marker: String = LocMergePhase.marker, of target: XcodeProject.Target, in project: XcodeProject
  ) -> String? {
    let document = project.document
    let listed = Set(target.buildPhases.map(\.id))
    return PBXIdentifier.candidates(phaseIDParts(name, target, project)).first { id in
      guard let object = document.object(id) else { return false }
      return document.isa(object, is: "PBXShellScriptBuildPhase") && document.string("name", in: object) == name
        && !listed.contains(id) && isOwn(id, marker: marker, in: document)
    }
  }

  /// The script of a Run Script phase, its lines joined when the format writes them as a list.
  static func script(ofPhase id: String, in document: PBXDocument) -> String? {
    guard let object = document.object(id), let script = document.value("shellScript", in: object) else {
      return nil
    }
    guard document.kind(script) == .array else { return document.string(script) }
    return document.children(script).compactMap(document.string).joined(separator: "\n")
  }

  /// Whether this tool wrote the phase: its script starts with `marker`. Only the first line is
  /// read (format 90's first element).
  static func isOwn(_ id: String, marker: String, in document: PBXDocument) -> Bool {
    guard let object = document.object(id), let script = document.value("shellScript", in: object) else {
      return false
    }
    let first =
      document.kind(script) == .array
      ? document.children(script).first.flatMap(document.string) : document.string(script)
    return first?.hasPrefix(marker) ?? false
  }

  /// How the script of a phase this tool writes starts: ``LocMergePhase/marker`` for locmerge's
  /// phase, else the phase's whole first line.
  static func marker(of phase: RunScriptPhase) -> String {
    if LocMergePhase.isMarked(phase.shellScript) { return LocMergePhase.marker }
    return String(phase.shellScript.prefix { $0 != "\n" })
  }

  static func phaseIDParts(_ name: String, _ target: XcodeProject.Target, _ project: XcodeProject) -> [String] {
    [projectRootID(project), target.id, "phase", name]
  }

  static func projectRootID(_ project: XcodeProject) -> String {
    project.document.string("rootObject", in: project.document.root) ?? ""
  }

  /// One edit of a project: the editor, and the IDs it has given out.
  private struct Session {
    let project: XcodeProject
    var editor: PBXEditor
    /// IDs this edit may not give out: those written anywhere in the file, then those it gave.
    var taken: PBXIdentifier.Taken
    /// The targets that list each phase and have not been made to drop it, by phase ID.
    var listing: [String: Set<String>] = [:]
    /// How many entries of the phases' file lists name each build file, less those this edit took
    /// out; counted when the first copy is taken out.
    var buildFileEntries: [String: Int]?

    init(project: XcodeProject) {
      self.project = project
      self.editor = PBXEditor(document: project.document)
      self.taken = PBXIdentifier.Taken(referencedIn: project.document)
      for target in project.targets {
        for phase in target.buildPhases { listing[phase.id, default: []].insert(target.id) }
      }
    }

    var document: PBXDocument { project.document }

    mutating func install(_ phase: RunScriptPhase, in target: XcodeProject.Target, format: PBXFormat)
      throws(XcodeProjectError) -> XcodeProjectEdit.TargetResult.PhaseChange
    {
      let marker = XcodeProjectEditor.marker(of: phase)
      let installed = installedPhases(named: phase.name, marker: marker, in: target, project: project)
      let derived = Set(PBXIdentifier.candidates(phaseIDParts(phase.name, target, project)))
      if let keep = installed.first(where: derived.contains) ?? installed.first {
        var changed = false
        let extras = Set(installed).subtracting([keep])
        if !extras.isEmpty {
          try unlist(extras, from: target)
          changed = true
        }
        let lines = PBXWriter.shellScriptPhase(phase, id: keep, format: format)
        if editor.objectText(id: keep) != lines {
          try layout { editor in try editor.replaceObject(id: keep, lines: lines) }
          changed = true
        }
        return changed ? .updated : .unchanged
      }
      if let orphan = orphan(named: phase.name, marker: marker, of: target, in: project) {
        let lines = PBXWriter.shellScriptPhase(phase, id: orphan, format: format)
        if editor.objectText(id: orphan) != lines {
          try layout { editor in try editor.replaceObject(id: orphan, lines: lines) }
        }
        try list(orphan, phase.name, in: target)
        return .updated
      }
      guard let id = PBXIdentifier.free(phaseIDParts(phase.name, target, project), in: document, taken: taken) else {
        throw .unsupportedLayout(
          path: project.filePath, position: nil,
          message: "no free object ID for the phase of target '\(target.name)' (every candidate is taken)")
      }
      taken.insert(id)
      editor.insertObject(
        id: id, isa: "PBXShellScriptBuildPhase", lines: PBXWriter.shellScriptPhase(phase, id: id, format: format))
      try list(id, phase.name, in: target)
      return .added
    }

    mutating func uninstall(phaseNamed name: String, marker: String, from target: XcodeProject.Target)
      throws(XcodeProjectError) -> Bool
    {
      let installed = installedPhases(named: name, marker: marker, in: target, project: project)
      if !installed.isEmpty { try unlist(Set(installed), from: target) }
      if let orphan = orphan(named: name, marker: marker, of: target, in: project) {
        editor.removeObject(id: orphan)
        return true
      }
      return !installed.isEmpty
    }

    /// Takes one copy of a table out of a target; `false` when there was nothing to take out.
    mutating func removeCopy(_ removal: CopyRemoval, from target: XcodeProject.Target) throws(XcodeProjectError)
      -> Bool
    {
      switch removal.source {
      case .buildFile(let buildFile, let phase):
        guard let phaseObject = document.object(phase), let files = document.value("files", in: phaseObject) else {
          return false
        }
        // Every entry of it in the phase (a project can list one twice).
        let elements = document.children(files).filter { document.string($0) == buildFile }
        guard !elements.isEmpty else { return false }
        for element in elements {
          try layout { editor in try editor.removeElement(element, from: files) }
        }
        // A build file that another phase still lists (shared by hand or by a generator; Xcode
        // makes one per phase) stays: removing it would leave that phase naming no object.
        let left = entries(of: buildFile) - elements.count
        buildFileEntries?[buildFile] = left
        if left <= 0 { editor.removeObject(id: buildFile) }
        return true
      case .synchronizedFolder(let folder, let exception):
        return try exclude(exception, of: folder, from: target)
      }
    }

    /// How many entries of the phases' file lists still name a build file.
    private mutating func entries(of buildFile: String) -> Int {
      if buildFileEntries == nil {
        var counts: [String: Int] = [:]
        for object in document.allObjects() {
          guard let files = document.value("files", in: object.value), document.kind(files) == .array else {
            continue
          }
          for child in document.children(files) {
            if let id = document.string(child) { counts[id, default: 0] += 1 }
          }
        }
        buildFileEntries = counts
      }
      return buildFileEntries?[buildFile] ?? 0
    }

    /// Adds a file to the target's membership exceptions for a folder it lists (or takes it out of
    /// the exceptions that add it to a target that does not list the folder).
    private mutating func exclude(_ exception: String, of folder: String, from target: XcodeProject.Target)
      throws(XcodeProjectError) -> Bool
    {
      guard let folderObject = document.object(folder) else { return false }
      let member = target.synchronizedFolders.contains(folder)
      let sets = document.strings("exceptions", in: folderObject).filter { id in
        guard let set = document.object(id) else { return false }
        return document.isa(set, is: "PBXFileSystemSynchronizedBuildFileExceptionSet")
          && document.string("target", in: set) == target.id
      }
      if !member {
        // The file reaches the target through an exception that adds it: remove that line.
        var removed = false
        for id in sets {
          guard let set = document.object(id), let list = document.value("membershipExceptions", in: set) else {
            continue
          }
          for element in document.children(list) where document.string(element) == exception {
            try layout { editor in try editor.removeElement(element, from: list) }
            removed = true
          }
        }
        return removed
      }
      if let id = sets.first, let set = document.object(id),
        let list = document.value("membershipExceptions", in: set), document.kind(list) == .array
      {
        let elements = document.children(list)
        if elements.contains(where: { document.string($0) == exception }) { return false }
        let next = elements.first { element in
          (document.string(element) ?? "").utf8.lexicographicallyPrecedes(exception.utf8) == false
        }
        try layout { editor in try editor.insertElement(PBXWriter.string(exception), into: list, before: next) }
        return true
      }
      guard
        let id = PBXIdentifier.free(
          [projectRootID(project), target.id, "exceptions", folder], in: document, taken: taken)
      else { return false }
      taken.insert(id)
      editor.insertObject(
        id: id, isa: PBXWriter.exceptionSetIsa,
        lines: PBXWriter.exceptionSet(
          id: id, target: target.id, targetName: target.name, membershipExceptions: [exception]))
      let reference = PBXWriter.reference(id, PBXWriter.exceptionSetIsa)
      guard let list = document.value("exceptions", in: folderObject) else {
        try layout { editor in try editor.insertArrayEntry("exceptions", element: reference, into: folderObject) }
        return true
      }
      try layout { editor in try editor.insertElement(reference, into: list, before: nil) }
      return true
    }

    /// Adds a phase to a target's list, before its Copy Bundle Resources phase (last without one).
    private mutating func list(_ id: String, _ name: String, in target: XcodeProject.Target) throws(XcodeProjectError) {
      guard let object = document.object(target.id), let phases = document.value("buildPhases", in: object),
        document.kind(phases) == .array
      else {
        throw .unsupportedLayout(
          path: project.filePath, position: nil, message: "target '\(target.name)' has no buildPhases list")
      }
      let resources = target.buildPhases.first { $0.kind == .resources }?.id
      let before = resources.flatMap { id in document.children(phases).first { document.string($0) == id } }
      try layout { editor in try editor.insertElement(PBXWriter.reference(id, name), into: phases, before: before) }
    }

    /// Takes phases out of a target's list in one pass over it, and out of the file when no other
    /// target lists them.
    private mutating func unlist(_ ids: Set<String>, from target: XcodeProject.Target) throws(XcodeProjectError) {
      guard let object = document.object(target.id), let phases = document.value("buildPhases", in: object) else {
        return
      }
      let document = self.document
      try layout { editor in
        try editor.removeElements(from: phases) { document.string($0).map(ids.contains) ?? false }
      }
      for id in ids {
        listing[id]?.remove(target.id)
        if listing[id]?.isEmpty ?? true { editor.removeObject(id: id) }
      }
    }

    /// Runs an edit, turning a layout problem into the error the caller reports.
    private mutating func layout(_ edit: (inout PBXEditor) throws -> Void) throws(XcodeProjectError) {
      do {
        try edit(&editor)
      } catch let error as PBXEditor.LayoutError {
        throw unsupported(error)
      } catch {
        throw unsupported(PBXEditor.LayoutError(message: "\(error)", offset: nil))
      }
    }

    private func unsupported(_ error: PBXEditor.LayoutError) -> XcodeProjectError {
      // The editor's lines end at LF: with CR LF endings every line it reads back ends in a CR,
      // and the layout error it meets there is not the problem to report.
      if let crlf = editor.firstCRLFLineEnd() { return lineEndings(at: crlf) }
      return .unsupportedLayout(
        path: project.filePath,
        position: error.offset.map { XcodeProjectReader.position(of: $0, in: document.bytes) },
        message: "cannot edit this project line by line: \(error.message); open and save the project in Xcode "
          + "(which writes it in its own layout), then run this again; nothing was changed")
    }

    private func lineEndings(at offset: Int) -> XcodeProjectError {
      .unsupportedLayout(
        path: project.filePath, position: XcodeProjectReader.position(of: offset, in: document.bytes),
        message: "cannot edit this project line by line: its lines end in CR LF, where Xcode writes LF alone "
          + "(a checkout with git's core.autocrlf makes them so); convert the file's line endings to LF (with "
          + "git: git config core.autocrlf input, delete the file, then git checkout -- it), then run this "
          + "again; nothing was changed")
    }

    func finish(_ results: [XcodeProjectEdit.TargetResult]) throws(XcodeProjectError) -> XcodeProjectEdit {
      let edited: (bytes: [UInt8], splices: [PBXEditor.Splice])
      do {
        edited = try editor.result()
      } catch {
        throw unsupported(error)
      }
      // An edit that changes nothing goes through; any other would write LF lines among CR LF ones.
      if !edited.splices.isEmpty, let crlf = editor.firstCRLFLineEnd() { throw lineEndings(at: crlf) }
      return XcodeProjectEdit(project: project, bytes: edited.bytes, changes: edited.splices, targets: results)
    }
  }
}
