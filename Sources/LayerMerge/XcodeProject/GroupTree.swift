/// Resolves the paths of file references, groups and synchronized folders through the group tree,
/// as Xcode does (PBXPROJ.md §3):
///
/// - `sourceTree = "<group>"` (or none): relative to the folder of the group that lists it;
/// - `SOURCE_ROOT` (also `SRCROOT`, `PROJECT_DIR`): relative to the source root;
/// - `"<absolute>"`: the path as written;
/// - any other build setting (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`…): `$(NAME)/path`,
///   a place this tool does not look into.
///
/// A group without `path` adds no folder. Paths come out relative to the source root (`""` is the
/// root itself), absolute, or starting with `$(`. Each group's folder is worked out once, so the
/// whole tree costs time linear in its size; a group that lists itself or an ancestor (a broken
/// file) stops the walk there instead of looping.
struct GroupTree {
  private let document: PBXDocument
  /// The group that lists each child, by the child's ID (the first such group).
  private var parents: [String: String] = [:]
  /// Each group's folder, once worked out.
  private var folders: [String: String] = [:]

  init(document: PBXDocument) {
    self.document = document
    guard let objects = document.objects else { return }
    let entries = document.children(objects)
    var k = entries.startIndex
    while k + 1 < entries.endIndex {
      let value = entries[k + 1]
      if document.kind(value) == .dictionary, let id = document.string(entries[k]),
        let children = document.value("children", in: value), document.kind(children) == .array
      {
        for child in document.children(children) {
          guard let childID = document.string(child), parents[childID] == nil else { continue }
          parents[childID] = id
        }
      }
      k += 2
    }
  }

  /// The group that lists an object, if any.
  func parent(of id: String) -> String? { parents[id] }

  /// The path of a file reference, group or synchronized folder.
  mutating func path(of id: String) -> String? {
    guard let object = document.object(id), document.kind(object) == .dictionary else { return nil }
    return place(object, in: folder(containing: id))
  }

  // MARK: - Private

  /// The folder that `<group>` paths of a child of `id`'s parent start from.
  private mutating func folder(containing id: String) -> String {
    guard let parent = parents[id] else { return "" }
    return folder(of: parent)
  }

  /// The folder a group stands for, worked out from the nearest ancestor already known.
  private mutating func folder(of group: String) -> String {
    if let known = folders[group] { return known }
    // Walk up to the root or to a known folder, then fill the chain in from the top.
    var chain: [String] = []
    var seen: Set<String> = []
    var current: String? = group
    var base = ""
    while let id = current {
      if let known = folders[id] {
        base = known
        break
      }
      guard seen.insert(id).inserted else { break }  // A cycle: treat its top as the root.
      chain.append(id)
      current = parents[id]
    }
    for id in chain.reversed() {
      let object = document.object(id)
      let folder = object.flatMap { document.kind($0) == .dictionary ? place($0, in: base) : nil } ?? base
      folders[id] = folder
      base = folder
    }
    return folders[group] ?? ""
  }

  /// Where an object's `path` lands when its `<group>` paths start from `folder`.
  private func place(_ object: Int32, in folder: String) -> String {
    let path = document.string("path", in: object)
    let tree = document.string("sourceTree", in: object) ?? "<group>"
    switch tree {
    case "<group>":
      guard let path else { return folder }
      return Self.normalized(PathText.join(folder, path))
    case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
      return Self.normalized(path ?? "")
    case "<absolute>":
      return Self.normalized(path ?? "/")
    default:
      return "$(\(tree))" + (path.map { $0.isEmpty ? "" : "/" + $0 } ?? "")
    }
  }

  /// `a/./b/../c` → `a/c`; leading `..` stay (a file beside the source root).
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : joined
  }
}
