#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A destination folder opened once. Every folder and file inside it is reached from the
/// destination's descriptor one component at a time with `O_NOFOLLOW`, so that creating, writing,
/// renaming and removing never go through a symbolic link inside it. The destination itself may be
/// a link: where it lives is the caller's choice.
///
/// One instance belongs to one run on one thread; runs on other destinations use their own.
final class DestinationFolder {
  /// What stands at a name inside a folder, without following links.
  enum Entry {
    case missing
    case file(stat)
    case folder
    case link
    case other
  }

  /// A folder looked up without creating it.
  enum Lookup {
    case found(Int32)
    case missing
    case blocked(OutputError)
  }

  /// The hidden folder inside the destination that holds the record, the stamp, the lock and
  /// temporary files: one name to leave out when copying the destination into a bundle.
  static let bookkeepingName = ".locmerge"

  /// The destination as the caller gave it, for messages.
  let path: String
  /// Folders created by this run, in the order they were created (parents first).
  private(set) var createdFolders: [String] = []
  /// Open folders by path relative to the destination; `""` is the destination.
  private var descriptors: [String: Int32]
  /// Folders looked up and found missing (a new language's outputs share one lookup).
  private var missing: Set<String> = []
  /// The folders of `createdFolders`, to look up.
  private var created: Set<String> = []

  private init(path: String, descriptor: Int32) {
    self.path = path
    descriptors = ["": descriptor]
  }

  deinit {
    for descriptor in descriptors.values { close(descriptor) }
  }

  /// Opens a destination folder.
  /// - Parameters:
  ///   - path: The destination.
  ///   - create: Whether to create it (and missing parents) when it does not exist.
  /// - Returns: The open folder, or `nil` when it does not exist and `create` is false.
  static func open(_ path: String, create: Bool) throws(OutputError) -> DestinationFolder? {
    var descriptor = openFolder(path)
    if descriptor < 0 && errno == ENOENT {
      guard create else { return nil }
      try makeFolders(path)
      descriptor = openFolder(path)
    }
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if code == ENOTDIR && stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR {
        throw .destinationIsAFile(path: path)
      }
      if code == ENOTDIR { throw .fileInTheWay(path: path) }
      throw .system(code, path: path, folder: path, action: "open the destination")
    }
    return DestinationFolder(path: path, descriptor: descriptor)
  }

  /// The path of something inside the destination, for messages.
  func display(_ relative: String) -> String {
    relative.isEmpty ? path : PathText.join(path, relative)
  }

  /// The descriptor of a folder inside the destination, created with its parents when missing.
  /// - Parameter relative: The folder, relative to the destination.
  func folder(creating relative: String) throws(OutputError) -> Int32 {
    if let descriptor = descriptors[relative] { return descriptor }
    let parentPath = OutputPath.folder(of: relative)
    let parent = try folder(creating: parentPath)
    let name = OutputPath.name(of: relative)
    // A folder looked up and found missing is created without being opened first.
    let knownMissing = missing.contains(relative)
    var descriptor = knownMissing ? -1 : Self.openFolder(name, in: parent)
    if descriptor < 0 && (knownMissing || errno == ENOENT) {
      if mkdirat(parent, name, 0o777) == 0 {
        createdFolders.append(relative)
        created.insert(relative)
        missing.remove(relative)
      } else if errno != EEXIST {
        throw .system(errno, path: display(relative), folder: display(parentPath), action: "create the folder")
      }
      descriptor = Self.openFolder(name, in: parent)
    }
    guard descriptor >= 0 else { throw blockage(errno, name: name, in: parent, relative: relative) }
    descriptors[relative] = descriptor
    return descriptor
  }

  /// A folder inside the destination, without creating anything.
  /// - Parameter relative: The folder, relative to the destination.
  func lookUp(_ relative: String) -> Lookup {
    if let descriptor = descriptors[relative] { return .found(descriptor) }
    if missing.contains(relative) { return .missing }
    let parent: Int32
    switch lookUp(OutputPath.folder(of: relative)) {
    case .found(let descriptor): parent = descriptor
    case let other: return other
    }
    let name = OutputPath.name(of: relative)
    let descriptor = Self.openFolder(name, in: parent)
    guard descriptor >= 0 else {
      if errno == ENOENT {
        missing.insert(relative)
        return .missing
      }
      return .blocked(blockage(errno, name: name, in: parent, relative: relative))
    }
    descriptors[relative] = descriptor
    return .found(descriptor)
  }

  /// Whether this run created the folder: it holds nothing this run did not put there.
  func wasCreated(_ relative: String) -> Bool {
    created.contains(relative)
  }

  /// Closes a folder that is gone (and everything below it).
  func forget(_ relative: String) {
    for (key, descriptor) in descriptors where key == relative || key.hasPrefix(relative + "/") {
      close(descriptor)
      descriptors[key] = nil
    }
  }

  /// What stands at `name` in a folder, without following a link.
  func entry(_ name: String, in folder: Int32) -> Entry {
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file(status)
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    default: return .other
    }
  }

  /// The fingerprint of a plain file inside the destination (not through a link), or `nil`.
  func fingerprint(of relative: String) -> FileFingerprint? {
    guard case .found(let parent) = lookUp(OutputPath.folder(of: relative)),
      case .file(let status) = entry(OutputPath.name(of: relative), in: parent)
    else { return nil }
    return FileFingerprint(status)
  }

  /// The bytes of a plain file in a folder (not through a link), or `nil`.
  func contents(of name: String, in folder: Int32) -> [UInt8]? {
    Self.contents(of: name, in: folder)
  }

  /// The same, on any thread: only the folder's descriptor is used.
  static func contents(of name: String, in folder: Int32) -> [UInt8]? {
    let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try? FileBytes.readToEnd(descriptor, expectedSize: Int(status.st_size))
  }

  // MARK: - Private

  private static func openFolder(_ path: String) -> Int32 {
    SystemFile.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  }

  private static func openFolder(_ name: String, in parent: Int32) -> Int32 {
    openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
  }

  /// Why a folder could not be opened, in the words of ``OutputError``.
  private func blockage(_ code: Int32, name: String, in parent: Int32, relative: String) -> OutputError {
    switch entry(name, in: parent) {
    case .link: return .linkInTheWay(path: display(relative))
    case .file, .other: return .fileInTheWay(path: display(relative))
    case .folder, .missing:
      return .system(code, path: display(relative), folder: display(relative), action: "open the folder")
    }
  }

  /// `mkdir -p` for the destination itself (following links: the caller chose the location).
  private static func makeFolders(_ path: String) throws(OutputError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      let parent = prefix.isEmpty ? "/" : prefix
      prefix += "/" + component
      guard mkdir(prefix, 0o777) != 0 else { continue }
      let code = errno
      if code == EEXIST { continue }
      if code == ENOTDIR { throw .fileInTheWay(path: parent) }
      throw .system(code, path: path, folder: parent, action: "create the destination")
    }
  }
}
