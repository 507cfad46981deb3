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
enum SynchronizedFolderTables {
  /// One table file found in a folder.
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

    /// How a membership exception names the file: a localized file in all its languages as
    /// `/Localized/<folder>/<name>`, any other by its path.
    var membershipException: String {
      guard isLocalized else { return relativePath }
      return "/Localized/" + (relativeFolder.isEmpty ? name : relativeFolder + "/" + name)
    }
  }

  /// The most folders searched under one synchronized folder; deeper or larger trees are not
  /// projects' source folders (and a link loop must end).
  static let maximumFolders = 100_000

  /// Every table file under `folder` (a path on disk), sorted by path.
  static func files(in folder: String, explicitFolders: Set<String>) -> [File] {
    var found: [File] = []
    var pending: [String] = [""]
    var visited = 0
    while let relative = pending.popLast(), visited < maximumFolders {
      visited += 1
      guard let entries = DirectoryListing.entries(of: PathText.join(folder, relative)) else { continue }
      for entry in entries {
        guard let name = entry.name, !name.hasPrefix(".") else { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        let fileExtension = PathText.pathExtension(name)
        if entry.isDirectory {
          if fileExtension == "lproj" {
            found += tables(inLanguageFolder: PathText.join(folder, path), relativeFolder: relative, name: name)
          } else if fileExtension.isEmpty, !explicitFolders.contains(path), !entry.isSymbolicLink {
            pending.append(path)
          }
        } else if fileExtension == "xcstrings" {
          found.append(
            File(relativeFolder: relative, language: nil, isLocalized: false, name: name, relativePath: path))
        }
      }
    }
    return found.sorted { $0.relativePath < $1.relativePath }
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

  private static func tables(inLanguageFolder path: String, relativeFolder: String, name folderName: String) -> [File] {
    guard let entries = DirectoryListing.entries(of: path) else { return [] }
    let language = String(folderName.dropLast(".lproj".count))
    var files: [File] = []
    for entry in entries where !entry.isDirectory {
      guard let name = entry.name, !name.hasPrefix(".") else { continue }
      let fileExtension = PathText.pathExtension(name)
      let isTable = fileExtension == "strings" || fileExtension == "stringsdict"
      // A catalog in a language folder (`mul.lproj`) is a catalog still.
      guard isTable || fileExtension == "xcstrings" else { continue }
      let folder = relativeFolder.isEmpty ? folderName : relativeFolder + "/" + folderName
      files.append(
        File(
          relativeFolder: relativeFolder, language: isTable ? language : nil, isLocalized: true, name: name,
          relativePath: folder + "/" + name))
    }
    return files
  }
}
