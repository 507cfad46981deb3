/// The localized tables in a synchronized folder, found on disk and filtered by a target's
/// membership exceptions as Xcode 16 applies them.
///
/// A synchronized folder has no variant groups: its tables are whatever `<lang>.lproj/*.strings`,
/// `*.stringsdict` and `*.xcstrings` files the folder holds. Hidden entries, the folder's
/// `explicitFolders` and folders with an extension other than `.lproj` (packages such as
/// `Settings.bundle` or `Assets.xcassets`, which Xcode copies whole) are not searched. A membership
/// exception names a file by its path inside the folder (`Sub/Catalog.xcstrings`,
/// `Sub/de.lproj/Table.strings`), a localized file in all its languages as
/// `/Localized/Sub/Table.strings`, or a whole subfolder (`Sub`).
///
/// A localized interface file (`Base.lproj/Main.storyboard`, a `.xib`, any file that is not a
/// table) makes the `.strings` (and a `mul.lproj` catalog) of its name beside it its translations,
/// as Xcode groups them: they are listed with the interface, not as tables. A link that leads out
/// of the source root is not followed (``SourceRootScope``), and said so.
enum SynchronizedFolderTables {
  /// One localized file found in a folder.
  struct File: Hashable {
    /// The folder that holds the file's `.lproj` folder (or the file, when it is in none), inside
    /// the synchronized folder.
    var relativeFolder: String
    /// The language of a `.strings`/`.stringsdict` file; `nil` for a catalog.
    var language: String?
    /// Whether the file lies in a `.lproj` folder (a catalog may, in `mul.lproj`).
    var isLocalized: Bool
    /// The file name.
    var name: String
    /// The file's path inside the synchronized folder.
    var relativePath: String
    /// The interface file whose translations this file belongs to (`Main.storyboard`), the
    /// interface file itself included; `nil` for a table.
    var interface: String? = nil

    /// The language folder the file lies in, when it lies in one (`Base`, `mul`, `de`).
    var folderLanguage: String? {
      guard isLocalized else { return nil }
      let folder = PathText.lastComponent(PathText.parent(relativePath))
      return String(folder.dropLast(".lproj".count))
    }

    /// How a membership exception names the file: a localized file in all its languages as
    /// `/Localized/<folder>/<name>` (an interface's files by the interface's name), any other by
    /// its path.
    var membershipException: String {
      guard isLocalized else { return relativePath }
      let name = interface ?? self.name
      return "/Localized/" + (relativeFolder.isEmpty ? name : relativeFolder + "/" + name)
    }
  }

  /// A link under the folder that was not followed: it leads out of the source root.
  struct SkippedLink: Hashable {
    /// The link's path inside the synchronized folder.
    var relativePath: String
    /// Why.
    var problem: SourceRootScope.Problem
  }

  /// The most folders searched under one synchronized folder; deeper or larger trees are not
  /// projects' source folders (and a link loop must end).
  static let maximumFolders = 100_000

  /// Every localized file under a synchronized folder, sorted by path.
  /// - Parameters:
  ///   - folder: The folder, relative to the source root (it lies inside it).
  ///   - explicitFolders: Subfolders Xcode treats as single items.
  ///   - scope: The source root's scope: a link is followed only when it stays inside.
  static func files(in folder: String, explicitFolders: Set<String>, scope: inout SourceRootScope)
    -> (files: [File], skipped: [SkippedLink])
  {
    var found: [File] = []
    var skipped: [SkippedLink] = []
    var pending: [String] = [""]
    var visited = 0
    let disk = PathText.join(scope.root, folder)
    while let relative = pending.popLast(), visited < maximumFolders {
      visited += 1
      guard let entries = DirectoryListing.entries(of: PathText.join(disk, relative)) else { continue }
      for entry in entries {
        guard let name = entry.name, !name.hasPrefix(".") else { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        let fileExtension = PathText.pathExtension(name)
        if entry.isSymbolicLink, let problem = scope.problem(PathText.join(folder, path)) {
          skipped.append(SkippedLink(relativePath: path, problem: problem))
          continue
        }
        if entry.isDirectory {
          if fileExtension == "lproj" {
            found += localizedFiles(
              inLanguageFolder: path, of: folder, relativeFolder: relative, name: name, scope: &scope,
              skipped: &skipped)
          } else if fileExtension.isEmpty, !explicitFolders.contains(path), !entry.isSymbolicLink {
            pending.append(path)
          }
        } else if fileExtension == "xcstrings" {
          found.append(
            File(relativeFolder: relative, language: nil, isLocalized: false, name: name, relativePath: path))
        }
      }
    }
    return (assigningInterfaces(found).sorted { $0.relativePath < $1.relativePath }, skipped)
  }

  /// Whether one of a target's membership exceptions names this file: by its localized name, its
  /// path, or a folder it lies in. Each look-up is one set probe per folder of the path, so many
  /// exceptions cost no more than a few.
  static func isExcepted(_ file: File, by exceptions: Set<String>) -> Bool {
    guard !exceptions.isEmpty else { return false }
    if exceptions.contains(file.membershipException) || exceptions.contains(file.relativePath) { return true }
    var folder = Substring(file.relativePath)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      if exceptions.contains(String(folder)) || exceptions.contains(folder + "/") { return true }
    }
    return false
  }

  // MARK: - Private

  /// Whether a file name is a table's (`.strings`, `.stringsdict`) or a catalog's.
  private static func isTableOrCatalog(_ name: String) -> Bool {
    ["strings", "stringsdict", "xcstrings"].contains(PathText.pathExtension(name))
  }

  /// The files of one `.lproj` folder: its tables and catalogs, and the other files that may be
  /// interfaces (whether they are is known once every language folder beside it is read).
  private static func localizedFiles(
    inLanguageFolder path: String, of folder: String, relativeFolder: String, name folderName: String,
    scope: inout SourceRootScope, skipped: inout [SkippedLink]
  ) -> [File] {
    guard let entries = DirectoryListing.entries(of: PathText.join(PathText.join(scope.root, folder), path)) else {
      return []
    }
    let language = String(folderName.dropLast(".lproj".count))
    var files: [File] = []
    for entry in entries where !entry.isDirectory {
      guard let name = entry.name, !name.hasPrefix(".") else { continue }
      let filePath = path + "/" + name
      if entry.isSymbolicLink, let problem = scope.problem(PathText.join(folder, filePath)) {
        skipped.append(SkippedLink(relativePath: filePath, problem: problem))
        continue
      }
      let isTable = ["strings", "stringsdict"].contains(PathText.pathExtension(name))
      files.append(
        File(
          relativeFolder: relativeFolder, language: isTable ? language : nil, isLocalized: true, name: name,
          relativePath: filePath))
    }
    return files
  }

  /// The files with each interface's translations marked, and the other files that are not
  /// tables left out: `Base.lproj/Main.storyboard` makes `de.lproj/Main.strings` (and
  /// `mul.lproj/Main.xcstrings`) beside it its own.
  private static func assigningInterfaces(_ files: [File]) -> [File] {
    // The interface files of each folder, by their name without extension.
    var interfaces: [String: [String: String]] = [:]
    var translated: Set<[String]> = []
    for file in files where file.isLocalized {
      let stem = stem(file.name)
      if isTableOrCatalog(file.name) {
        translated.insert([file.relativeFolder, stem])
      } else if interfaces[file.relativeFolder]?[stem] == nil {
        interfaces[file.relativeFolder, default: [:]][stem] = file.name
      }
    }
    return files.compactMap { file in
      var file = file
      let stem = stem(file.name)
      if file.isLocalized, let interface = interfaces[file.relativeFolder]?[stem] {
        // An interface with no translation brings nothing this tool looks at.
        guard translated.contains([file.relativeFolder, stem]) else { return nil }
        file.interface = interface
        file.language = nil
        return file
      }
      return isTableOrCatalog(file.name) ? file : nil
    }
  }

  /// A file name without its extension.
  private static func stem(_ name: String) -> String {
    let fileExtension = PathText.pathExtension(name)
    return fileExtension.isEmpty ? name : String(name.dropLast(fileExtension.count + 1))
  }
}
