/// Finds each target's localized string tables, and everything each of their sources brings into
/// the product:
///
/// - in its Copy Bundle Resources phases: a build file of a variant group brings every child;
///   when every child is a `.strings`/`.stringsdict` (a table group: `Localizable.strings` with one
///   file per language) they are the target's tables, and when one is not (an interface group:
///   `Base.lproj/MainInterface.storyboard` with its per-language `.strings`) they are the
///   interface's translations and no table. A build file of a file in a `<lang>.lproj` folder
///   brings that file, one of an `.xcstrings` file that catalog;
/// - in its synchronized folders: the localized files on disk (``SynchronizedFolderTables``),
///   less the target's membership exceptions; a folder the target does not list contributes the
///   files its exceptions for the target add.
///
/// Every path is checked against the source root (``SourceRootScope``): a file or folder outside
/// it, as written or through a link, is never read nor listed among the tables, and is said once
/// in ``diagnostics``. Each synchronized folder is listed once however many targets share it, and
/// each file reference is worked out once however many build files name it.
struct TargetTables {
  private let document: PBXDocument
  private var tree: GroupTree
  private var scope: SourceRootScope
  /// What each file reference or variant group brings, by its key node (`nil`: nothing localized).
  private var contents: [Int32: Contents?] = [:]
  /// Each synchronized folder's localized files, by folder ID.
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
  /// What was left out because it lies outside the source root, by the offset of the object that
  /// names it, each once.
  private var skipped: [Int: String] = [:]

  /// What a file reference or variant group brings into a product.
  private struct Contents {
    var name: String
    var interface: String?
    var files: [XcodeProject.ProductFile]
    /// A variant group's catalogs are no tables of their own (Xcode 15 puts an interface's there).
    var isVariantGroup = false
  }

  init(document: PBXDocument, sourceRoot: String) {
    self.document = document
    self.scope = SourceRootScope(root: sourceRoot)
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

  /// A target's tables, sorted by name, and its localized sources in the order found.
  mutating func read(_ target: XcodeProject.Target) -> (
    tables: [XcodeProject.LocalizedTable], sources: [XcodeProject.LocalizedSource]
  ) {
    var found = Found()
    var sources: [XcodeProject.LocalizedSource] = []
    for phase in target.buildPhases where phase.kind == .resources {
      guard let object = document.object(phase.id) else { continue }
      guard let files = document.value("files", in: object) else { continue }
      for buildFile in document.children(files) {
        guard let brought = contents(ofBuildFile: buildFile) else { continue }
        let source = XcodeProject.LocalizedTable.Source.buildFile(id: document.string(buildFile) ?? "", phase: phase.id)
        sources.append(
          XcodeProject.LocalizedSource(
            source: source, name: brought.name, interface: brought.interface, files: brought.files))
        guard brought.interface == nil else { continue }
        for file in brought.files where !file.isOutsideProject {
          if let language = file.language, Self.isTableName(file.name) {
            found.add(language, file.path, to: found.table(named: file.name), source: source)
          } else if file.isCatalog, !brought.isVariantGroup {
            found.add("*", file.path, to: found.table(named: file.name), source: source)
          }
        }
      }
    }
    let members = Set(target.synchronizedFolders)
    let folders = Set(target.synchronizedFolders + (foldersExcepting[target.id] ?? [])).compactMap { folderIndex[$0] }
    for folder in folders.sorted().map({ folderIDs[$0] }) {
      let member = members.contains(folder)
      let exceptions = Set(exceptionsByFolder[folder]?[target.id] ?? [])
      let path = folderPath(folder)
      // The files of one membership exception (a table in all its languages, an interface with
      // its translations) are one source.
      var sourceIndex: [String: Int] = [:]
      for file in listing(of: folder) {
        let excepted = SynchronizedFolderTables.isExcepted(file, by: exceptions)
        // An exception leaves a file out of a member target and adds it to another target.
        guard member != excepted else { continue }
        let source = XcodeProject.LocalizedTable.Source.synchronizedFolder(
          id: folder, membershipException: file.membershipException)
        let fullPath = PathText.join(path, file.relativePath)
        let product = XcodeProject.ProductFile(language: file.folderLanguage, name: file.name, path: fullPath)
        if let index = sourceIndex[file.membershipException] {
          sources[index].files.append(product)
        } else {
          sourceIndex[file.membershipException] = sources.count
          sources.append(
            XcodeProject.LocalizedSource(
              source: source, name: file.interface ?? file.name, interface: file.interface, files: [product]))
        }
        guard file.interface == nil else { continue }
        found.add(file.language ?? "*", fullPath, to: found.table(named: file.name), source: source)
      }
    }
    return (found.tables.sorted { $0.name < $1.name }, sources)
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

  /// What was left out, as warnings at the objects that name it, in the order of the file.
  func diagnostics() -> [Diagnostic] {
    var locator = LineLocator()
    return skipped.keys.sorted().map { offset in
      let position = document.bytes.withUnsafeBufferPointer { locator.position(of: offset, in: $0) }
      return Diagnostic(
        .warning, .skippedPath, skipped[offset] ?? "", at: SourceLocation(path: document.path, position: position))
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

  /// What one build file of a Resources phase brings (`buildFile` is its element in the phase's
  /// `files`), when it brings a table or a translated interface: nothing is spelled out for the
  /// images, plain storyboards and code most are.
  private mutating func contents(ofBuildFile buildFile: Int32) -> Contents? {
    guard let entry = document.entry(referencedBy: buildFile), document.kind(entry.value) == .dictionary,
      let reference = document.value("fileRef", in: entry.value), let file = document.entry(referencedBy: reference),
      document.kind(file.value) == .dictionary
    else { return nil }
    if let known = contents[file.key] { return known }
    var result: Contents?
    if document.isa(file.value, is: "PBXVariantGroup") {
      result = variantGroup(file)
    } else if document.isa(file.value, is: "PBXFileReference"), Self.mayBeTable(file.value, in: document),
      let path = tree.path(referencedBy: reference)
    {
      let name = PathText.lastComponent(path)
      let language = Self.languageFolder(of: path)
      if language != nil || PathText.pathExtension(path) == "xcstrings" {
        let outside = isOutside(path, object: file.key, describedAs: "the file reference")
        result = Contents(
          name: name, interface: nil,
          files: [XcodeProject.ProductFile(language: language, name: name, path: path, isOutsideProject: outside)])
      }
    }
    contents[file.key] = result
    return result
  }

  /// A variant group's files, and whether it is an interface's: it is when its name, or one of its
  /// files, is neither a table nor a catalog.
  private mutating func variantGroup(_ group: (key: Int32, value: Int32)) -> Contents? {
    guard let children = document.value("children", in: group.value) else { return nil }
    let groupName = document.string("name", in: group.value) ?? document.string("path", in: group.value) ?? ""
    var files: [XcodeProject.ProductFile] = []
    var interface = Self.isInterfaceName(groupName) ? groupName : nil
    for child in document.children(children) {
      guard let entry = document.entry(referencedBy: child), let path = tree.path(referencedBy: child) else {
        continue
      }
      let name = PathText.lastComponent(path)
      if interface == nil, !Self.isTableName(name), !name.hasSuffix(".xcstrings") { interface = name }
      let outside = isOutside(
        path, object: entry.key, describedAs: "a file of the variant group '\(DisplayText.escaped(groupName))'")
      files.append(
        XcodeProject.ProductFile(
          language: Self.languageFolder(of: path), name: name, path: path, isOutsideProject: outside))
    }
    if interface != nil {
      // An interface without translations brings nothing this tool looks at.
      guard files.contains(where: { Self.isTableName($0.name) || $0.isCatalog }) else { return nil }
    } else {
      // A table group counts for its files in language folders (or its catalogs).
      guard files.contains(where: { $0.language != nil || $0.isCatalog }) else { return nil }
    }
    return Contents(name: groupName, interface: interface, files: files, isVariantGroup: true)
  }

  /// Whether a path lies outside the source root; said once per object that names it.
  private mutating func isOutside(_ path: String, object: Int32, describedAs what: String) -> Bool {
    guard let problem = scope.problem(path) else { return false }
    let offset = document.range(object).lowerBound
    if skipped[offset] == nil {
      let id = document.string(object).map { " \($0)" } ?? ""
      skipped[offset] =
        "\(what) (\(DisplayText.escaped(path)), object\(id)) \(problem.reason(root: scope.root)); it is not read, "
        + "and no target's tables include it"
    }
    return true
  }

  /// Whether a file name is a table's: `.strings` or `.stringsdict`.
  private static func isTableName(_ name: String) -> Bool {
    name.hasSuffix(".strings") || name.hasSuffix(".stringsdict")
  }

  /// Whether a variant group's name, or a file's, says it is neither a table nor a catalog: a
  /// storyboard, a xib, anything else with an extension.
  private static func isInterfaceName(_ name: String) -> Bool {
    let fileExtension = PathText.pathExtension(name)
    return !fileExtension.isEmpty && !["strings", "stringsdict", "xcstrings"].contains(fileExtension)
  }

  /// Whether a file reference's own path ends like a table's: most build files of a Resources
  /// phase are images and storyboards, whose paths need not be worked out.
  private static func mayBeTable(_ object: Int32, in document: PBXDocument) -> Bool {
    guard let path = document.string("path", in: object) ?? document.string("name", in: object) else { return false }
    return path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") || path.hasSuffix(".xcstrings")
  }

  /// The language of the `<lang>.lproj` folder a file lies in, if it lies in one.
  private static func languageFolder(of path: String) -> String? {
    let utf8 = path.utf8
    guard let lastSlash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    let folderStart =
      utf8[..<lastSlash].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    let folder = path[folderStart..<lastSlash]
    guard folder.hasSuffix(".lproj"), folder.utf8.count > ".lproj".utf8.count else { return nil }
    return String(folder.dropLast(".lproj".count))
  }

  private mutating func folderPath(_ id: String) -> String {
    if let known = folderPaths[id] { return known }
    let path = tree.path(of: id) ?? ""
    folderPaths[id] = path
    return path
  }

  /// A synchronized folder's files, found once: not looked for under a build setting, nor in a
  /// folder outside the source root (said once), nor through a link that leads out.
  private mutating func listing(of folder: String) -> [SynchronizedFolderTables.File] {
    if let known = listings[folder] { return known }
    let path = folderPath(folder)
    var files: [SynchronizedFolderTables.File] = []
    if !path.hasPrefix("$("), let entry = document.entry(folder) {
      let described = "the synchronized folder (\(DisplayText.escaped(path)), object \(folder))"
      if let problem = scope.problem(path) {
        let offset = document.range(entry.key).lowerBound
        skipped[offset] = "\(described) \(problem.reason(root: scope.root)); it is not searched for tables"
      } else {
        let explicit = Set(document.strings("explicitFolders", in: entry.value))
        let listed = SynchronizedFolderTables.files(in: path, explicitFolders: explicit, scope: &scope)
        files = listed.files
        if !listed.skipped.isEmpty {
          let offset = document.range(entry.key).lowerBound
          skipped[offset] =
            "\(described): "
            + listed.skipped.map { "\(DisplayText.escaped($0.relativePath)) \($0.problem.reason(root: scope.root))" }
            .joined(separator: "; ") + "; not read"
        }
      }
    }
    listings[folder] = files
    return files
  }
}
