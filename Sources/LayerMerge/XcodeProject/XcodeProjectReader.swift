#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an Xcode project: `P.xcodeproj` (or its `project.pbxproj`) into an ``XcodeProject``.
///
/// Any `objectVersion` is read. An XML or binary property list, a file with merge-conflict
/// markers, text that is not UTF-8 and a syntax error are refused with the line and column and
/// what to do (``XcodeProjectError``). The tables of synchronized folders are found on disk, under
/// the source root.
public enum XcodeProjectReader {
  /// Where the project to use is, when none is named.
  public enum Location: Hashable, Sendable {
    /// The one project found.
    case found(String)
    /// No `.xcodeproj` in any of the folders looked in (listed).
    case none(searched: [String])
    /// More than one in the first folder that has any (all listed).
    case several([String])
  }

  /// The project to use when none is named: the one `*.xcodeproj` in `directory`, else in `$SRCROOT`.
  /// - Parameters:
  ///   - directory: The folder to look in first (the current folder).
  ///   - environment: Where `SRCROOT` comes from.
  public static func locate(from directory: String, environment: [String: String]) -> Location {
    var searched: [String] = []
    for folder in [directory] + (environment["SRCROOT"].map { [$0] } ?? []) where !searched.contains(folder) {
      searched.append(folder)
      let projects = (DirectoryListing.entries(of: folder) ?? [])
        .filter { $0.isDirectory && ($0.name?.hasSuffix(".xcodeproj") ?? false) }
        .compactMap(\.name).sorted().map { PathText.join(folder, $0) }
      if projects.count == 1 { return .found(projects[0]) }
      if projects.count > 1 { return .several(projects) }
    }
    return .none(searched: searched)
  }

  /// The `project.pbxproj` of a project path: inside it when it is a folder (`P.xcodeproj`), else
  /// the path itself.
  public static func projectFile(of path: String) -> String {
    if path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcodeproj/") { return PathText.join(path, "project.pbxproj") }
    if DirectoryListing.entries(of: path) != nil { return PathText.join(path, "project.pbxproj") }
    return path
  }

  /// Takes the lock that makes edits of one project take turns: an exclusive ``FolderLock`` on
  /// the folder that holds `project.pbxproj` (the `.xcodeproj`). `xcode install`, `uninstall` and
  /// `init --xcodeproj` take it before they read the project and keep it until their last file is
  /// written, so that a second run reads the first one's result instead of overwriting it.
  /// - Parameters:
  ///   - path: The `.xcodeproj` folder or its `project.pbxproj`.
  ///   - whileWaiting: Called once when another run has held the lock for a second.
  /// - Returns: The lock, held until it is released (``FolderLock/isHeld`` is `false` on a file
  ///   system that cannot lock folders).
  /// - Throws: ``XcodeProjectError/unreadable(path:reason:)`` when the folder cannot be opened or
  ///   locked.
  public static func lockForEditing(path: String, whileWaiting: () -> Void = {}) throws(XcodeProjectError)
    -> FolderLock
  {
    let file = projectFile(of: path)
    do {
      return try FolderLock(folder: PathText.parent(file), whileWaiting: whileWaiting)
    } catch {
      throw .unreadable(path: file, reason: error.message)
    }
  }

  /// Reads a project.
  /// - Parameters:
  ///   - path: The `.xcodeproj` folder or its `project.pbxproj`.
  ///   - sourceRoot: `$(SRCROOT)`, when it is not the folder that holds the `.xcodeproj` (a test's
  ///     copy of a project file); the project's `projectDirPath` applies on top of the default only.
  /// - Throws: ``XcodeProjectError`` when the file cannot be read or is not a project Xcode wrote.
  public static func read(path: String, sourceRoot: String? = nil) throws(XcodeProjectError) -> XcodeProject {
    let file = projectFile(of: path)
    let read: (bytes: [UInt8], fingerprint: FileFingerprint)
    do {
      read = try FileBytes.readRegularFile(file)
    } catch {
      throw .unreadable(path: file, reason: error.description)
    }
    var project = try parse(read.bytes, path: path, sourceRoot: sourceRoot)
    project.fingerprint = read.fingerprint
    return project
  }

  /// Reads a project from its file's bytes.
  /// - Parameters:
  ///   - bytes: The contents of `project.pbxproj`.
  ///   - path: The `.xcodeproj` folder or the file, for messages and the default source root.
  ///   - sourceRoot: `$(SRCROOT)`, when it is not the folder that holds the `.xcodeproj`.
  /// - Throws: ``XcodeProjectError`` when the bytes are not a project Xcode wrote.
  public static func parse(_ bytes: [UInt8], path: String, sourceRoot: String? = nil) throws(XcodeProjectError)
    -> XcodeProject
  {
    let file = projectFile(of: path)
    let document = try document(bytes, path: file)
    let model = try ProjectModel(document: document)
    let root: String
    var rootDiagnostic: Diagnostic?
    if let sourceRoot {
      root = sourceRoot
    } else {
      // The folder that holds the `.xcodeproj`, or the file's own folder when it is in none.
      let folder = PathText.parent(file)
      let holder = folder.hasSuffix(".xcodeproj") ? PathText.parent(folder) : folder
      let base = holder.isEmpty ? "." : holder
      let moved = model.projectDirPath
      // A projectDirPath that leads out of the project's folder would make every read (and
      // init's writes) happen outside the project: it is not followed.
      if moved.isEmpty {
        root = base
      } else if moved.hasPrefix("/") || GroupTree.normalized(moved).hasPrefix("..") {
        root = base
        rootDiagnostic = Diagnostic(
          .warning, .skippedPath,
          "the project's projectDirPath \(DisplayText.quoted(moved)) leads out of the folder that holds the project; it is not "
            + "followed: paths are read from \(DisplayText.quoted(base)), and nothing outside it",
          at: SourceLocation(path: file))
      } else {
        root = GroupTree.normalized(PathText.join(base, moved))
      }
    }
    var tables = TargetTables(document: document, sourceRoot: root)
    let targets = model.targets.map { target in
      var target = target
      (target.tables, target.localizedSources) = tables.read(target)
      return target
    }
    var project = XcodeProject(
      path: path, filePath: file, sourceRoot: root, objectVersion: model.objectVersion, targets: targets,
      synchronizedFolders: tables.synchronizedFolders(targets: targets), document: document, fingerprint: nil)
    project.diagnostics = (rootDiagnostic.map { [$0] } ?? []) + tables.diagnostics()
    return project
  }

  /// Checks the bytes and parses them into a lossless document.
  static func document(_ bytes: [UInt8], path: String) throws(XcodeProjectError) -> PBXDocument {
    if bytes.starts(with: Array("bplist".utf8)) { throw .binaryFormat(path: path) }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      throw .encoding(path: path, position: TextPosition(line: 1, column: 1))
    }
    var first = start
    while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    if bytes[first...].starts(with: Array("<?xml".utf8)) || bytes[first...].starts(with: Array("<!DOCTYPE".utf8))
      || bytes[first...].starts(with: Array("<plist".utf8))
    {
      throw .xmlFormat(path: path)
    }
    if let marker = conflictMarker(in: bytes) {
      throw .mergeConflict(path: path, position: position(of: marker, in: bytes))
    }
    if let invalid = firstInvalidUTF8Offset(bytes) {
      throw .encoding(path: path, position: position(of: invalid, in: bytes))
    }
    guard bytes.count < Int(Int32.max) else {
      throw .notAProject(path: path, position: nil, message: "the file is larger than 2 GB")
    }
    let parsed: (nodes: [PBXDocument.Node], childIndices: [Int32], root: Int32)
    do {
      parsed = try bytes.withUnsafeBufferPointer { text throws(PBXScanner.SyntaxError) in
        var scanner = PBXScanner(text: text, start: start)
        return try scanner.parseDocument()
      }
    } catch {
      throw .syntax(path: path, position: position(of: error.offset, in: bytes), message: error.message)
    }
    return PBXDocument(
      path: path, bytes: bytes, nodes: parsed.nodes, childIndices: parsed.childIndices, root: parsed.root)
  }

  /// The line and column of a byte offset.
  static func position(of offset: Int, in bytes: [UInt8]) -> TextPosition {
    var locator = LineLocator()
    return bytes.withUnsafeBufferPointer { locator.position(of: offset, in: $0) }
  }

  // MARK: - Private

  /// The offset of the first line that starts with a merge-conflict marker (`<<<<<<<`, `=======`,
  /// `|||||||` or `>>>>>>>`, then a space or the end of the line).
  private static func conflictMarker(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { text -> Int? in
      let count = text.count
      var lineStart = 0
      while lineStart < count {
        let lead = text[lineStart]
        if lead == UInt8(ascii: "<") || lead == UInt8(ascii: "=") || lead == UInt8(ascii: ">")
          || lead == UInt8(ascii: "|")
        {
          var run = 0
          while lineStart + run < count, text[lineStart + run] == lead, run < 8 { run += 1 }
          let after = lineStart + run < count ? text[lineStart + run] : 0x0A
          if run == 7, after == 0x20 || after == 0x0A || after == 0x0D { return lineStart }
        }
        guard let base = text.baseAddress, let next = memchr(base + lineStart, 0x0A, count - lineStart) else {
          break
        }
        lineStart = UnsafeRawPointer(next) - UnsafeRawPointer(base) + 1
      }
      return nil
    }
  }
}
