#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a destination's record, stamp, lock and temporary files live: `DEST/.locmerge/`, reached
/// from the destination's descriptor, or a state folder of its own elsewhere (so that nothing but
/// the merged tables lands in DEST, such as an app's resource folder).
///
/// Files inside it are opened with `O_NOFOLLOW` from its descriptor, as files inside the
/// destination are; the state folder itself, like the destination, may be a link (where it lives
/// is the caller's choice).
final class BookkeepingFolder {
  /// The folder's descriptor; valid while this value lives.
  let descriptor: Int32
  /// Whether it is the default `DEST/.locmerge/`.
  let isInDestination: Bool
  /// The folder, for messages.
  let path: String
  /// The state folder opened on its own, kept open while this value lives.
  private let separate: DestinationFolder?

  private init(descriptor: Int32, path: String, separate: DestinationFolder?) {
    self.descriptor = descriptor
    self.path = path
    self.separate = separate
    isInDestination = separate == nil
  }

  /// Opens the bookkeeping folder of a destination.
  /// - Parameters:
  ///   - destination: The destination, open.
  ///   - state: The state folder, or `nil` for `DEST/.locmerge/`.
  ///   - create: Whether to create it (and missing parents) when it does not exist.
  /// - Returns: The folder, or `nil` when it does not exist and `create` is false.
  static func open(for destination: DestinationFolder, state: String?, create: Bool) throws(OutputError)
    -> BookkeepingFolder?
  {
    let name = DestinationFolder.bookkeepingName
    guard let state else {
      if create {
        return BookkeepingFolder(
          descriptor: try destination.folder(creating: name), path: destination.display(name), separate: nil)
      }
      guard case .found(let descriptor) = destination.lookUp(name) else { return nil }
      return BookkeepingFolder(descriptor: descriptor, path: destination.display(name), separate: nil)
    }
    guard let folder = try DestinationFolder.open(state, create: create),
      case .found(let descriptor) = folder.lookUp("")
    else { return nil }
    return BookkeepingFolder(descriptor: descriptor, path: state, separate: folder)
  }

  /// The path of a file in the folder, for messages.
  func display(_ name: String) -> String {
    PathText.join(path, name)
  }

  /// The fingerprint of a plain file in the folder (not through a link), or `nil`.
  func fingerprint(of name: String) -> FileFingerprint? {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return FileFingerprint(status)
  }

  /// The names of the entries in the folder.
  func names() -> [String] {
    let duplicate = dup(descriptor)
    guard duplicate >= 0, let directory = fdopendir(duplicate) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let record = readdir(directory) {
      let name = withUnsafeBytes(of: record.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Refuses a state folder apart from the destination that holds files locmerge did not write:
  /// its record and stamp are replaced, and its temporary files removed, by name.
  func checkOwnership() throws(OutputError) {
    guard !isInDestination else { return }
    let own = Set(OutputPlan.bookkeepingNames)
    if let name = names().filter({ !own.contains($0) && !OutputWriter.isTemporaryName($0) }).min() {
      throw .foreignFilesInState(path: path, example: name)
    }
  }
}
