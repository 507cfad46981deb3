#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why outputs could not be written. Every case names the output, folder or file a person can act
/// on — never a temporary file — and says what is wrong in plain words.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The destination exists and is not a folder.
  case destinationIsAFile(path: String)
  /// The destination is a layer, lies inside one or contains one.
  case unsafeDestination(path: String, problem: String)
  /// A symbolic link stands where an output folder goes; locmerge never writes through it.
  case linkInTheWay(path: String)
  /// A file stands where an output folder goes.
  case fileInTheWay(path: String)
  /// A folder stands where an output file goes.
  case folderInTheWay(path: String)
  /// The folder does not let this process create, replace or remove files.
  case noPermission(folder: String)
  /// The file system ran out of space (or quota) while an output was prepared.
  case diskFull(path: String)
  /// The folder lies on a file system mounted read-only.
  case readOnlyFileSystem(folder: String)
  /// An output's path is not a plain relative path of a table.
  case notATablePath(path: String)
  /// Any other failure of a system call, with its `errno`.
  case failed(path: String, action: String, code: Int32)
  /// A state folder apart from the destination holds files locmerge did not write (one named).
  case foreignFilesInState(path: String, example: String)
  /// A file of a ``FileTransaction`` changed since its caller read it (another program saved it):
  /// nothing was written.
  case changedSinceRead(path: String)
  /// A file of a ``FileTransaction`` cannot be replaced as it is (a link out of the project, hard
  /// links, an owner this process cannot give): nothing was written. `reason` says which.
  case cannotReplace(path: String, reason: String)
  /// Replacing a file of a ``FileTransaction`` failed after others were replaced; those were put
  /// back, except the ones `notRestored` names.
  case interrupted(path: String, code: Int32, notRestored: [String])

  /// The path the problem is about.
  public var path: String {
    switch self {
    case .destinationIsAFile(let path), .unsafeDestination(let path, _), .linkInTheWay(let path),
      .fileInTheWay(let path), .folderInTheWay(let path), .diskFull(let path), .notATablePath(let path),
      .failed(let path, _, _), .foreignFilesInState(let path, _), .changedSinceRead(let path),
      .cannotReplace(let path, _), .interrupted(let path, _, _):
      return path
    case .noPermission(let folder), .readOnlyFileSystem(let folder):
      return folder
    }
  }

  /// What is wrong, without the path.
  public var message: String {
    switch self {
    case .destinationIsAFile:
      return "the destination is a file, not a folder"
    case .unsafeDestination(_, let problem):
      return "refusing to write: \(problem)"
    case .linkInTheWay:
      return "a symbolic link stands where the output folder goes; links inside the destination are never "
        + "written through (remove the link)"
    case .fileInTheWay:
      return "a file stands where the output folder goes (move it away)"
    case .folderInTheWay:
      return "a folder stands where this output goes (move it away)"
    case .noPermission:
      return "no permission to write in this folder"
    case .diskFull:
      return "disk full while writing this output"
    case .readOnlyFileSystem:
      return "the folder is on a read-only file system"
    case .notATablePath:
      return "not a table path inside the destination (expected [folders/]<lang>.lproj/<Table>.strings, "
        + ".stringsdict, or [folders/]<Table>.xcstrings)"
    case .failed(_, let action, let code):
      return "cannot \(action): \(PathText.systemErrorDescription(code))"
    case .foreignFilesInState(_, let example):
      return "the state folder holds files locmerge did not write, such as '\(DisplayText.escaped(example))'; "
        + "give \"state\" a folder of its own (locmerge replaces and removes its files there by name)"
    case .changedSinceRead:
      return "the file changed since it was read (saved by another program?); run this again; nothing was written"
    case .cannotReplace(_, let reason):
      return "cannot replace the file: \(reason); nothing was written"
    case .interrupted(_, let code, let notRestored):
      let restored =
        notRestored.isEmpty
        ? "the files replaced before it were put back; nothing was changed"
        : "these files replaced before it could not be put back: "
          + notRestored.map(DisplayText.escaped).joined(separator: ", ") + " (run this again)"
      return "cannot replace the file: \(PathText.systemErrorDescription(code)); " + restored
    }
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }

  /// The error as a diagnostic located at its path, for printing with the other diagnostics.
  public var diagnostic: Diagnostic {
    if case .unsafeDestination = self {
      return Diagnostic(.error, .unsafeDestination, message, at: SourceLocation(path: path))
    }
    return Diagnostic(.error, .writeFailed, message, at: SourceLocation(path: path))
  }

  /// The error a failed call on `path` in `folder` stands for, in plain words where there are some.
  /// - Parameters:
  ///   - code: The `errno` of the call.
  ///   - path: The output (or other file) the call was made for.
  ///   - folder: The folder the call wrote in.
  ///   - action: What was attempted, for other errors (`"replace the file"`).
  static func system(_ code: Int32, path: String, folder: String, action: String) -> OutputError {
    switch code {
    case EACCES, EPERM: return .noPermission(folder: folder)
    case ENOSPC, EDQUOT: return .diskFull(path: path)
    case EROFS: return .readOnlyFileSystem(folder: folder)
    default: return .failed(path: path, action: action, code: code)
    }
  }
}
