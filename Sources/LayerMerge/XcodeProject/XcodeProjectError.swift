/// Why an Xcode project could not be read, or may not be written. Each case says what to do.
public enum XcodeProjectError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, a folder, no permission…).
  case unreadable(path: String, reason: String)
  /// An XML property list: Xcode reads it, but Xcode itself never writes one.
  case xmlFormat(path: String)
  /// A binary property list.
  case binaryFormat(path: String)
  /// Not UTF-8 text.
  case encoding(path: String, position: TextPosition)
  /// Git's conflict markers: the file is in the middle of a merge.
  case mergeConflict(path: String, position: TextPosition)
  /// Not a property list Apple's reader accepts.
  case syntax(path: String, position: TextPosition, message: String)
  /// A property list, but not an Xcode project (no `objects`, no root object…).
  case notAProject(path: String, position: TextPosition?, message: String)
  /// A format newer than any this version knows how to write.
  case newerFormat(path: String, objectVersion: Int, newestKnown: Int)
  /// The project file cannot be replaced: it or its folder is read-only.
  case readOnly(path: String, reason: String)
  /// A target the configuration or the command line names that the project does not have.
  case unknownTarget(path: String, name: String, suggestion: String?)
  /// The phase cannot be written the way this target's objects are laid out (`message` says how).
  case unsupportedLayout(path: String, position: TextPosition?, message: String)
  /// The edit was not written (`message` says why and that nothing was): the file changed since it
  /// was read, is a link out of the project, has hard links, or could not be replaced.
  case notWritten(path: String, message: String)

  /// The file the problem is about.
  public var path: String {
    switch self {
    case .unreadable(let path, _), .xmlFormat(let path), .binaryFormat(let path), .encoding(let path, _),
      .mergeConflict(let path, _), .syntax(let path, _, _), .notAProject(let path, _, _),
      .newerFormat(let path, _, _), .readOnly(let path, _), .unknownTarget(let path, _, _),
      .unsupportedLayout(let path, _, _), .notWritten(let path, _):
      return path
    }
  }

  /// Where in the file, when the problem has a place.
  public var position: TextPosition? {
    switch self {
    case .encoding(_, let position), .mergeConflict(_, let position), .syntax(_, let position, _):
      return position
    case .notAProject(_, let position, _), .unsupportedLayout(_, let position, _):
      return position
    default:
      return nil
    }
  }

  /// What is wrong and what to do, without the location.
  public var message: String {
    switch self {
    case .unreadable(_, let reason):
      return "cannot read the project: \(reason)"
    case .xmlFormat:
      return "this project file is an XML property list, which some tools write but Xcode does not; to let "
        + "Xcode save it in its own format, open the project, change any setting and change it back, then run "
        + "this again; nothing was changed"
    case .binaryFormat:
      return "this project file is a binary property list; to let Xcode save it in its own format, open the "
        + "project, change any setting and change it back, then run this again; nothing was changed"
    case .encoding:
      return "the project file is not UTF-8 text (Xcode writes UTF-8; the first line says // !$*UTF8*$!)"
    case .mergeConflict:
      return "the project file has merge-conflict markers; resolve the conflict (and check the project opens "
        + "in Xcode) before running this again; nothing was changed"
    case .syntax(_, _, let message):
      return "the project file cannot be read: \(message)"
    case .notAProject(_, _, let message):
      return "not an Xcode project: \(message)"
    case .newerFormat(_, let version, let newest):
      return "objectVersion \(version) is newer than any format this version of locmerge writes (up to "
        + "\(newest)); the project can be shown but not changed. Update locmerge, or add the phase by hand "
        + "(docs/xcode-integration.md)"
    case .readOnly(_, let reason):
      return "the project file cannot be changed: \(reason); nothing was written"
    case .unknownTarget(_, let name, let suggestion):
      return "the project has no target named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .unsupportedLayout(_, _, let message), .notWritten(_, let message):
      return message
    }
  }

  /// `path:line:column: message`.
  public var description: String { "\(location): \(message)" }

  /// Where the problem is, as diagnostics print it.
  public var location: SourceLocation { SourceLocation(path: path, position: position) }

  /// The error as a diagnostic, for printing with the others.
  public var diagnostic: Diagnostic { Diagnostic(.error, .xcodeProject, message, at: location) }
}
