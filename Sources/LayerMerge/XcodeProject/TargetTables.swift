/// Finds each target's localized string tables:
///
/// - in its Copy Bundle Resources phases: a build file of a variant group (`Localizable.strings`
///   with one file per language) contributes its `.strings`/`.stringsdict` children, one of a file
///   in a `<lang>.lproj` folder that file, one of an `.xcstrings` file that catalog;
/// - in its synchronized folders: the table files on disk (``SynchronizedFolderTables``), less the
///   target's membership exceptions; a folder the target does not list contributes the files its
///   exceptions for the target add.
///
/// Each synchronized folder is listed once however many targets share it.
struct TargetTables {
  private let document: PBXDocument
  private let sourceRoot: String
  private var tree: GroupTree
  /// Each synchronized folder's table files, by folder ID.
  private var listings: [String: [SynchronizedFolderTables.File]] = [:]
  /// Each synchronized folder's path, by ID.
  private var folderPaths: [String: String] = [:]
  /// The synchronized folders' IDs, in the order of the file.
  private let folderIDs: [String]
  /// Each synchronized folder's place in ``folderIDs``.
  private let folderIndex: [String: Int]
  /// Each synchronized folder's membership exceptions by target ID, by folder ID (build-file
  /// exception sets only).
  private let exceptionsByFolder: [String: [String: [String]]]
  /// The folders with exceptions for a target, by target ID.
  private let foldersExcepting: [String: [String]]

  init(document: PBXDocument, sourceRoot: String) {
    self.document = document
    self.sourceRoot = sourceRoot
    self.tree = GroupTree(document: document)
    var ids: [String] = []
    var index: [String: Int] = [:]
    var exceptions: [String: [String: [String]]] = [:]
    var excepting: [String: [String]] = [:]
    if let objects = document.objects {
      let entries = document.children(objects)
      var k = entries.startIndex
      while k + 1 < entries.endIndex {
        let object = entries[k + 1]
        if document.isa(object, is: "PBXFileSystemSynchronizedRootGroup"), let id = document.string(entries[k]),
          index[id] == nil
        {
          index[id] = ids.count
          ids.append(id)
          var byTarget: [String: [String]] = [:]
          for set in document.strings("exceptions", in: object) {
            guard let setObject = document.object(set),
              document.isa(setObject, is: "PBXFileSystemSynchronizedBuildFileExceptionSet"),
              let target = document.string("target", in: setObject)
            else { continue }
            if byTarget[target] == nil { excepting[target, default: []].append(id) }
            byTarget[target, default: []] += document.strings("membershipExceptions", in: setObject)
          }
          exceptions[id] = byTarget
        }
        k += 2
      }
    }
    self.folderIDs = ids
    self.folderIndex = index
    self.exceptionsByFolder = exceptions
    self.foldersExcepting = excepting
  }

  /// The tables of a target, sorted by name.
  mutating func tables(of target: XcodeProject.Target) -> [XcodeProject.LocalizedTable] {
    var found = Found()
    for phase in target.buildPhases where phase.kind == .resources {
      guard let object = document.object(phase.id) else { continue }
      guard let files = document.value("files", in: object) else { continue }
      for buildFile in document.children(files) {
        addBuildFile(buildFile, phase: phase.id, to: &found)
      }
    }
    let members = Set(target.synchronizedFolders)
    let folders = Set(target.synchronizedFolders + (foldersExcepting[target.id] ?? [])).compactMap { folderIndex[$0] }
    for folder in folders.sorted().map({ folderIDs[$0] }) {
      let member = members.contains(folder)
      let exceptions = Set(exceptionsByFolder[folder]?[target.id] ?? [])
      let path = folderPath(folder)
      for file in listing(of: folder) {
        let excepted = SynchronizedFolderTables.isExcepted(file, by: exceptions)
        // An exception leaves a file out of a member target and adds it to another target.
        guard member != excepted else { continue }
        let table = found.table(named: file.name)
        found.add(
          file.language ?? "*", PathText.join(path, file.relativePath), to: table,
          source: .synchronizedFolder(id: folder, membershipException: file.membershipException))
      }
    }
    return found.tables.sorted { $0.name < $1.name }
  }

  /// Every synchronized folder, with the targets that list it and their exceptions.
  mutating func synchronizedFolders(targets: [XcodeProject.Target]) -> [XcodeProject.SynchronizedFolder] {
    var members: [String: [String]] = [:]
    for target in targets {
      for folder in Set(target.synchronizedFolders) { members[folder, default: []].append(target.id) }
    }
    return folderIDs.map { id in
      let object = document.object(id)
      return XcodeProject.SynchronizedFolder(
        id: id, path: folderPath(id), targets: members[id] ?? [], membershipExceptions: exceptionsByFolder[id] ?? [:],
        explicitFolders: object.map { document.strings("explicitFolders", in: $0) } ?? [])
    }
  }

  // MARK: - Private

  /// Tables being collected, in the order found.
  private struct Found {
    var tables: [XcodeProject.LocalizedTable] = []
    var indexByName: [String: Int] = [:]
    var sources: [Set<XcodeProject.LocalizedTable.Source>] = []

    mutating func table(named name: String) -> Int {
      if let index = indexByName[name] { return index }
      tables.append(XcodeProject.LocalizedTable(name: name, files: [:], sources: []))
      sources.append([])
      indexByName[name] = tables.count - 1
      return tables.count - 1
    }

    /// Adds a language's file; the first file found for a language stays.
    mutating func add(
      _ language: String, _ path: String, to index: Int, source: XcodeProject.LocalizedTable.Source
    ) {
      if tables[index].files[language] == nil { tables[index].files[language] = path }
      if sources[index].insert(source).inserted { tables[index].sources.append(source) }
    }
  }

  /// The tables one build file of a Resources phase brings (`buildFile` is its element in the
  /// phase's `files`): nothing is spelled out for the images, storyboards and code most are.
  private mutating func addBuildFile(_ buildFile: Int32, phase: String, to found: inout Found) {
    guard let entry = document.entry(referencedBy: buildFile), document.kind(entry.value) == .dictionary,
      let reference = document.value("fileRef", in: entry.value), let file = document.entry(referencedBy: reference),
      document.kind(file.value) == .dictionary
    else { return }
    let source = XcodeProject.LocalizedTable.Source.buildFile(id: document.string(buildFile) ?? "", phase: phase)
    if document.isa(file.value, is: "PBXVariantGroup") {
      guard let children = document.value("children", in: file.value) else { return }
      for child in document.children(children) {
        guard let path = tree.path(referencedBy: child), let (language, name) = Self.localizedFile(path) else {
          continue
        }
        found.add(language, path, to: found.table(named: name), source: source)
      }
    } else if document.isa(file.value, is: "PBXFileReference"), Self.mayBeTable(file.value, in: document),
      let path = tree.path(referencedBy: reference)
    {
      if let (language, name) = Self.localizedFile(path) {
        found.add(language, path, to: found.table(named: name), source: source)
      } else if PathText.pathExtension(path) == "xcstrings" {
        found.add("*", path, to: found.table(named: PathText.lastComponent(path)), source: source)
      }
    }
  }

  /// Whether a file reference's own path ends like a table's: most build files of a Resources
  /// phase are images and storyboards, whose paths need not be worked out.
  private static func mayBeTable(_ object: Int32, in document: PBXDocument) -> Bool {
    guard let path = document.string("path", in: object) ?? document.string("name", in: object) else { return false }
    return path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") || path.hasSuffix(".xcstrings")
  }

  /// The language and table name of `…/<lang>.lproj/<Table>.strings` (or `.stringsdict`).
  private static func localizedFile(_ path: String) -> (language: String, name: String)? {
    guard path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") else { return nil }
    let utf8 = path.utf8
    guard let lastSlash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    let folderEnd = lastSlash
    let folderStart =
      utf8[..<folderEnd].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    let folder = path[folderStart..<folderEnd]
    guard folder.hasSuffix(".lproj"), folder.utf8.count > ".lproj".utf8.count else { return nil }
    return (String(folder.dropLast(".lproj".count)), String(path[utf8.index(after: lastSlash)...]))
  }

  private mutating func folderPath(_ id: String) -> String {
    if let known = folderPaths[id] { return known }
    let path = tree.path(of: id) ?? ""
    folderPaths[id] = path
    return path
  }

  private mutating func listing(of folder: String) -> [SynchronizedFolderTables.File] {
    if let known = listings[folder] { return known }
    let path = folderPath(folder)
    var files: [SynchronizedFolderTables.File] = []
    if !path.hasPrefix("$(") {
      let explicit = Set(document.object(folder).map { document.strings("explicitFolders", in: $0) } ?? [])
      files = SynchronizedFolderTables.files(in: PathText.join(sourceRoot, path), explicitFolders: explicit)
    }
    listings[folder] = files
    return files
  }
}
