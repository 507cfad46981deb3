import Foundation

/// An independent reading of an Xcode project for the tests: Foundation parses the file, the group
/// tree is walked from the main group down (the reader goes from each file up), and synchronized
/// folders are listed with `FileManager`.
public struct ReferenceProjectReading {
  /// A target as the reference reads it.
  public struct Target: Equatable, CustomStringConvertible {
    public var name: String
    public var productType: String?
    /// `isa:name` of each build phase, in order.
    public var phases: [String]
    /// Table name → language (or "*") → path relative to the source root.
    public var tables: [String: [String: String]]
    /// The code: Compile Sources' files and synchronized folders' source files (less the
    /// target's exceptions) inside the source root, relative to it, sorted.
    public var sources: [String] = []

    public init(
      name: String, productType: String?, phases: [String], tables: [String: [String: String]], sources: [String] = []
    ) {
      self.name = name
      self.productType = productType
      self.phases = phases
      self.tables = tables
      self.sources = sources
    }

    public var description: String { "\(name) \(productType ?? "-") \(phases) \(tables)" }
  }

  public var objectVersion: Int
  public var targets: [Target]

  /// Reads a project file's bytes, with synchronized folders under `sourceRoot`; `nil` when
  /// Foundation cannot read it.
  public init?(bytes: [UInt8], sourceRoot: String) {
    guard
      let plist = (try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)) as? [String: Any],
      let objects = plist["objects"] as? [String: [String: Any]],
      let rootID = plist["rootObject"] as? String, let project = objects[rootID],
      let version = (plist["objectVersion"] as? String).flatMap(Int.init)
    else { return nil }
    objectVersion = version
    // Folders from the main group down.
    var folderOf: [String: String] = [:]
    func place(_ object: [String: Any], in folder: String) -> String {
      let path = object["path"] as? String
      switch object["sourceTree"] as? String ?? "<group>" {
      case "<group>": return Self.normalize(path.map { folder.isEmpty ? $0 : folder + "/" + $0 } ?? folder)
      case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR": return Self.normalize(path ?? "")
      case "<absolute>": return Self.normalize(path ?? "/")
      case let tree: return "$(\(tree))" + (path.map { $0.isEmpty ? "" : "/" + $0 } ?? "")
      }
    }
    var pathOf: [String: String] = [:]
    var queue: [(String, String)] = []
    if let main = project["mainGroup"] as? String { queue.append((main, "")) }
    var visited: Set<String> = []
    var parentFolderOf: [String: String] = [:]
    while !queue.isEmpty {
      let (id, parentFolder) = queue.removeFirst()
      guard visited.insert(id).inserted, let object = objects[id] else { continue }
      parentFolderOf[id] = parentFolder
      let folder = place(object, in: parentFolder)
      pathOf[id] = folder
      folderOf[id] = folder
      for child in object["children"] as? [String] ?? [] where !visited.contains(child) {
        queue.append((child, folder))
      }
    }
    func path(_ id: String) -> String? {
      if let known = pathOf[id] { return known }
      return objects[id].map { place($0, in: "") }
    }
    // What lies outside the source root, as written or where its links lead, is never read.
    let rootURL = URL(fileURLWithPath: sourceRoot).standardizedFileURL
    let resolvedRoot = rootURL.resolvingSymlinksInPath().path
    func isInside(_ path: String) -> Bool {
      if path.hasPrefix("$(") { return true }
      let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : rootURL.appendingPathComponent(path))
        .standardizedFileURL
      func within(_ candidate: String, _ folder: String) -> Bool {
        candidate.lowercased() == folder.lowercased() || candidate.lowercased().hasPrefix(folder.lowercased() + "/")
          || folder == "/"
      }
      return within(url.path, rootURL.path) && within(Self.resolved(url), resolvedRoot)
    }
    // A variant group of an interface (a storyboard with its .strings) holds no table.
    func isTableName(_ name: String) -> Bool {
      let pathExtension = URL(fileURLWithPath: name).pathExtension
      return pathExtension.isEmpty || ["strings", "stringsdict", "xcstrings"].contains(pathExtension)
    }
    func localized(_ path: String) -> (String, String)? {
      let url = URL(fileURLWithPath: path)
      guard ["strings", "stringsdict"].contains(url.pathExtension) else { return nil }
      let folder = url.deletingLastPathComponent().lastPathComponent
      guard folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
      return (String(folder.dropLast(6)), url.lastPathComponent)
    }
    // Synchronized folders on disk.
    var listings: [String: [String]] = [:]
    func listing(_ folderID: String) -> [String] {
      if let known = listings[folderID] { return known }
      var files: [String] = []
      let folderPath = path(folderID) ?? ""
      let explicit = Set(objects[folderID]?["explicitFolders"] as? [String] ?? [])
      // Links resolved: a test's source root may link to the corpus.
      let root = URL(fileURLWithPath: sourceRoot).appendingPathComponent(folderPath).resolvingSymlinksInPath()
      if !folderPath.hasPrefix("$("), isInside(folderPath),
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
      {
        for case let url as URL in walker {
          let relative = String(url.path.dropFirst(root.path.count + 1))
          let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
          if url.lastPathComponent.hasPrefix(".") {
            if isFolder { walker.skipDescendants() }
            continue
          }
          if isFolder {
            let inLanguageFolder = url.deletingLastPathComponent().pathExtension == "lproj"
            if explicit.contains(relative) || (!url.pathExtension.isEmpty && url.pathExtension != "lproj")
              || inLanguageFolder
            {
              walker.skipDescendants()
            }
            continue
          }
          if isInside(folderPath + "/" + relative) { files.append(relative) }
        }
      }
      // A .strings beside an interface file of its name (Base.lproj/Main.storyboard) is the
      // interface's translation, not a table.
      var interfaces: Set<String> = []
      for file in files where URL(fileURLWithPath: file).deletingLastPathComponent().pathExtension == "lproj" {
        let url = URL(fileURLWithPath: file)
        guard !isTableName(url.lastPathComponent) else { continue }
        interfaces.insert(
          url.deletingLastPathComponent().deletingLastPathComponent().path + "|"
            + url.deletingPathExtension().lastPathComponent)
      }
      files.removeAll { file in
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().pathExtension == "lproj"
          && interfaces.contains(
            url.deletingLastPathComponent().deletingLastPathComponent().path + "|"
              + url.deletingPathExtension().lastPathComponent)
      }
      listings[folderID] = files
      return files
    }
    var targets: [Target] = []
    for id in project["targets"] as? [String] ?? [] {
      guard let object = objects[id], let isa = object["isa"] as? String,
        ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"].contains(isa)
      else { continue }
      var target = Target(
        name: object["name"] as? String ?? id, productType: object["productType"] as? String, phases: [], tables: [:])
      for phaseID in object["buildPhases"] as? [String] ?? [] {
        let phase = objects[phaseID]
        target.phases.append((phase?["isa"] as? String ?? "") + ":" + ((phase?["name"] as? String) ?? ""))
        if phase?["isa"] as? String == "PBXSourcesBuildPhase" {
          for buildFileID in phase?["files"] as? [String] ?? [] {
            guard let reference = objects[buildFileID]?["fileRef"] as? String,
              objects[reference]?["isa"] as? String == "PBXFileReference", let filePath = path(reference),
              Self.isSource(filePath)
            else { continue }
            target.sources.append(filePath)
          }
        }
        guard phase?["isa"] as? String == "PBXResourcesBuildPhase" else { continue }
        for buildFileID in phase?["files"] as? [String] ?? [] {
          guard let reference = objects[buildFileID]?["fileRef"] as? String, let file = objects[reference] else {
            continue
          }
          if file["isa"] as? String == "PBXVariantGroup" {
            let children = file["children"] as? [String] ?? []
            let names = [file["name"] as? String ?? file["path"] as? String ?? ""] + children.compactMap(path)
            guard names.allSatisfy({ isTableName(URL(fileURLWithPath: $0).lastPathComponent) }) else { continue }
            for child in children {
              guard let childPath = path(child), isInside(childPath), let (language, name) = localized(childPath) else {
                continue
              }
              if target.tables[name, default: [:]][language] == nil {
                target.tables[name, default: [:]][language] = childPath
              }
            }
          } else if file["isa"] as? String == "PBXFileReference", let filePath = path(reference), isInside(filePath) {
            if let (language, name) = localized(filePath) {
              if target.tables[name, default: [:]][language] == nil {
                target.tables[name, default: [:]][language] = filePath
              }
            } else if filePath.hasSuffix(".xcstrings") {
              let name = URL(fileURLWithPath: filePath).lastPathComponent
              if target.tables[name, default: [:]]["*"] == nil { target.tables[name, default: [:]]["*"] = filePath }
            }
          }
        }
      }
      // Synchronized folders, in the order of the file's keys does not matter: a language keeps its
      // first file either way only when two folders give the same table (not in the corpus).
      let members = Set(object["fileSystemSynchronizedGroups"] as? [String] ?? [])
      for (folderID, folder) in objects where folder["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
        var exceptions: [String]?
        for setID in folder["exceptions"] as? [String] ?? [] {
          guard let set = objects[setID], set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
            set["target"] as? String == id
          else { continue }
          exceptions = (exceptions ?? []) + (set["membershipExceptions"] as? [String] ?? [])
        }
        let member = members.contains(folderID)
        guard member || exceptions != nil else { continue }
        for file in listing(folderID) where Self.isSource(file) && !file.contains(".lproj/") {
          let excepted = (exceptions ?? []).contains {
            file == $0 || file.hasPrefix($0 + "/") || $0.hasSuffix("/") && file.hasPrefix($0)
          }
          if member != excepted { target.sources.append(Self.normalize((path(folderID) ?? "") + "/" + file)) }
        }
        for file in listing(folderID) {
          let url = URL(fileURLWithPath: file)
          let parent = url.deletingLastPathComponent()
          let inLanguageFolder = parent.pathExtension == "lproj"
          let isTable = ["strings", "stringsdict"].contains(url.pathExtension) && inLanguageFolder
          guard isTable || url.pathExtension == "xcstrings" else { continue }
          let holder = (inLanguageFolder ? (file as NSString).deletingLastPathComponent : file) as NSString
          let localizedName =
            holder.deletingLastPathComponent.isEmpty
            ? url.lastPathComponent : holder.deletingLastPathComponent + "/" + url.lastPathComponent
          let excepted = (exceptions ?? []).contains { exception in
            exception == "/Localized/" + localizedName && inLanguageFolder
              || exception == file || file.hasPrefix(exception + "/")
          }
          guard member != excepted else { continue }
          let language = isTable ? String(parent.lastPathComponent.dropLast(6)) : "*"
          let full = Self.normalize((path(folderID) ?? "") + "/" + file)
          if target.tables[url.lastPathComponent, default: [:]][language] == nil {
            target.tables[url.lastPathComponent, default: [:]][language] = full
          }
        }
      }
      // Only what lies inside the source root is the project's code.
      target.sources = Array(
        Set(target.sources.filter { !$0.hasPrefix("/") && !$0.hasPrefix("$(") && !$0.hasPrefix("..") })
      ).sorted()
      targets.append(target)
    }
    self.targets = targets
  }

  /// Whether a file is code the usage check reads, by its extension.
  static func isSource(_ path: String) -> Bool {
    ["swift", "m", "mm", "h", "c", "cpp", "cc", "cxx", "hpp", "hh"].contains(
      URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// Where a path leads: Foundation resolves the links of a path that exists; for one that does
  /// not, the nearest folder above it that exists is resolved and the rest appended.
  static func resolved(_ url: URL) -> String {
    var existing = url
    var rest: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      rest.insert(existing.lastPathComponent, at: 0)
      existing.deleteLastPathComponent()
    }
    var result = existing.resolvingSymlinksInPath()
    for component in rest { result.appendPathComponent(component) }
    return result.path
  }

  /// `a/./b/../c` → `a/c`.
  public static func normalize(_ path: String) -> String {
    var parts: [String] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", path.hasPrefix("/") {
        continue
      } else {
        parts.append(String(part))
      }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }
}
