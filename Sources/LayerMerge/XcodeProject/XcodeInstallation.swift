#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `locmerge xcode install` does, worked out before anything is written: the edit of
/// `project.pbxproj`, the edit of `locmerge.json` (destination and state for the product), the
/// targets' file lists, and the tool the phase runs. ``write()`` writes them; `--dry-run` shows
/// them (``XcodeProjectEdit/unifiedDiff(label:)``, ``configurationDiff(label:)``) and `--check` asks
/// ``isCurrent``.
public struct XcodeInstallation: Sendable {
  /// Why the phase runs this `locmerge`.
  public enum ToolChoice: String, Hashable, Sendable {
    /// `--tool` named it.
    case given
    /// The installed phase runs it; a rerun keeps it.
    case installed
    /// `tools/locmerge` exists in the source root.
    case foundInSourceRoot = "found-in-source-root"
    /// None of the above: `locmerge` on `PATH`.
    case onPath = "on-path"
  }

  /// The tool the phase runs.
  public let tool: LocMergePhase.Tool
  /// Why.
  public let toolChoice: ToolChoice
  /// The phase, as every target gets it.
  public let phase: RunScriptPhase
  /// Each target's phase before the install.
  public let statusBefore: [String: XcodeProjectEditor.PhaseStatus]
  /// The edit of the Xcode project.
  public let edit: XcodeProjectEdit
  /// The project file with the destination and state the phase needs, when it said otherwise
  /// (``XcodeProjectFileSettings``).
  public let configuration: CompanionFile?
  /// The project file's bytes as they were.
  public let originalConfiguration: [UInt8]
  /// The targets' input and output lists.
  public let fileLists: [CompanionFile]
  /// The copies of tables that the install takes out of targets.
  public let removedCopies: [XcodeIntegration.CopyInTheWay]
  /// The targets outside the project file that copy files of the copies in the way (a UI-test
  /// bundle, a framework): they still copy them after the install, so those files stay needed.
  public let targetsLeftBehind: [XcodeProject.TargetCopying]

  /// Whether every target has the current phase, the project file says what the phase needs, and
  /// no copy stands in the way: the install would change nothing but (perhaps) the file lists.
  public var isCurrent: Bool {
    !edit.changesFile && configuration == nil
  }

  /// The targets whose phase is not current, in order.
  public var outdatedTargets: [String] {
    edit.targets.map(\.target).filter { statusBefore[$0] != .current }
  }

  /// The file lists that differ from what is on disk.
  public var changedFileLists: [CompanionFile] {
    fileLists.filter { !$0.isOnDisk }
  }

  /// The unified diff of the project file's change, or `""`.
  /// - Parameter label: The path shown in the header; the project file's path by default.
  public func configurationDiff(label: String? = nil) -> String {
    guard let configuration else { return "" }
    return UnifiedDiff.text(
      old: originalConfiguration, splices: UnifiedDiff.splices(from: originalConfiguration, to: configuration.bytes),
      label: label ?? configuration.path)
  }

  /// Writes the file lists, the project file and the Xcode project together, all or nothing
  /// (``FileTransaction``): each is written in full beside the file it replaces, the Xcode project
  /// and the project file are checked to hold still what was read, and only then are they renamed
  /// into place — the Xcode project last. Nothing is written when nothing changes.
  ///
  /// Take ``XcodeProjectReader/lockForEditing(path:whileWaiting:)`` before reading the project, so
  /// that concurrent installs and uninstalls take turns.
  /// - Throws: ``XcodeInstallationError`` naming what could not be written; nothing was.
  public func write() throws(XcodeInstallationError) {
    do {
      if edit.changesFile { try XcodeProjectEdit.checkWritable(edit.project.filePath) }
    } catch {
      throw .project(error)
    }
    var transaction = FileTransaction(root: edit.project.sourceRoot)
    for list in fileLists { transaction.replace(list.path, with: list.bytes) }
    if let configuration {
      transaction.replace(
        configuration.path, with: configuration.bytes, expecting: .unchanged(originalConfiguration, fingerprint: nil))
    }
    edit.add(to: &transaction)
    do {
      try transaction.commit()
    } catch {
      guard error.path == edit.project.filePath else { throw .output(error) }
      throw .project(edit.projectError(error))
    }
  }

  init(
    tool: LocMergePhase.Tool, toolChoice: ToolChoice, phase: RunScriptPhase,
    statusBefore: [String: XcodeProjectEditor.PhaseStatus], edit: XcodeProjectEdit, configuration: CompanionFile?,
    originalConfiguration: [UInt8], fileLists: [CompanionFile], removedCopies: [XcodeIntegration.CopyInTheWay],
    targetsLeftBehind: [XcodeProject.TargetCopying]
  ) {
    self.tool = tool
    self.toolChoice = toolChoice
    self.phase = phase
    self.statusBefore = statusBefore
    self.edit = edit
    self.configuration = configuration
    self.originalConfiguration = originalConfiguration
    self.fileLists = fileLists
    self.removedCopies = removedCopies
    self.targetsLeftBehind = targetsLeftBehind
  }
}

/// Why `install` (or `uninstall`) cannot go on. ``isUsage`` tells a mistake in the command line or
/// the project file (exit status 64) from a project that cannot be changed (1).
public enum XcodeInstallationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is no project file to take the targets from.
  case noConfiguration
  /// Targets the project file (or `--target`) names that the Xcode project lacks.
  case unknownTargets([UnknownTarget])
  /// `--target` names a target the project file does not have.
  case notConfigured(name: String, suggestion: String?)
  /// The project file says something the phase cannot work with.
  case settings([XcodeProjectFileSettings.Problem])
  /// Targets still copy tables the phase writes into the product (`--remove-copies` takes them
  /// out); `project` is the project file.
  case copiesInTheWay(project: String, [XcodeIntegration.CopyInTheWay])
  /// `--remove-copies` would take out of the app files the phase does not write (each copy's
  /// ``XcodeIntegration/CopyInTheWay/lost``); nothing is taken out.
  case copiesWouldLose(project: String, [XcodeIntegration.CopyInTheWay])
  /// A path the install writes overlaps a source or another write.
  case writeCheck([ProjectWriteCheck.Problem])
  /// The targets' file lists cannot be made.
  case fileLists(ProjectFile.SelectionError)
  /// The Xcode project cannot be read or changed.
  case project(XcodeProjectError)
  /// A file list or the project file could not be written.
  case output(OutputError)

  /// A target name the Xcode project does not have.
  public struct UnknownTarget: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The project's nearest target name, if one is near.
    public var suggestion: String?
    /// Where the name stands (the target in `locmerge.json`), if it comes from there.
    public var location: SourceLocation?
  }

  /// Whether this is a usage error (exit status 64): the command line or the project file is wrong.
  public var isUsage: Bool {
    switch self {
    case .noConfiguration, .unknownTargets, .notConfigured, .settings, .writeCheck, .fileLists: return true
    case .copiesInTheWay, .copiesWouldLose, .project, .output: return false
    }
  }

  /// The problems as diagnostics, each at its place.
  public var diagnostics: [Diagnostic] {
    switch self {
    case .unknownTargets(let targets):
      return targets.map { target in
        Diagnostic(
          .error, .xcodeProject,
          "the Xcode project has no target '\(DisplayText.escaped(target.name))'"
            + (target.suggestion.map { "; did you mean '\(DisplayText.escaped($0))'?" } ?? ""), at: target.location)
      }
    case .settings(let problems):
      return problems.map { Diagnostic(.error, .projectFile, $0.message, at: $0.location) }
    case .copiesInTheWay(let project, let copies):
      return copies.map {
        Diagnostic(.error, .xcodeProject, $0.refusal(removing: false), at: SourceLocation(path: project))
      }
    case .copiesWouldLose(let project, let copies):
      return copies.map {
        Diagnostic(.error, .xcodeProject, $0.refusal(removing: true), at: SourceLocation(path: project))
      }
    case .writeCheck(let problems):
      return problems.map(\.diagnostic)
    case .project(let error):
      return [error.diagnostic]
    case .output(let error):
      return [error.diagnostic]
    default:
      return [Diagnostic(.error, .xcodeProject, description)]
    }
  }

  public var description: String {
    switch self {
    case .noConfiguration:
      return "no \(ProjectFileReader.fileName) found: the phase builds the targets it names; write one with "
        + "'locmerge init' (or 'locmerge extract'), or name it with --config"
    case .notConfigured(let name, let suggestion):
      return "--target '\(DisplayText.escaped(name))' is not a target of \(ProjectFileReader.fileName)"
        + (suggestion.map { "; did you mean '\(DisplayText.escaped($0))'?" } ?? "")
    case .fileLists(let error):
      return error.description
    default:
      return diagnostics.map(\.description).joined(separator: "\n")
    }
  }
}
