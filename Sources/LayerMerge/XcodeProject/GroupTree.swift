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
/// root itself), absolute, or starting with `$(`. Each group's place is worked out once and kept
/// as a link to its parent's place plus its own `path`, and a path is spelled out only for what is
/// asked (walking up its links), so the whole tree costs time linear in its size plus the length
/// of the paths asked for — however deep groups nest. A group that lists itself or an ancestor (a
/// broken file) stops the walk there instead of looping.
struct GroupTree {
  /// A folder: a parent folder (an index into ``places``, or -1 for the source root) and what the
  /// group's `path` appends to it; a `SOURCE_ROOT`, absolute or build-setting path starts anew.
  private struct Place {
    var parent: Int
    var text: String
  }

  private let document: PBXDocument
  /// The group that lists each child, by the child's ID (the first such group).
  private var parents: [String: String] = [:]
  private var places: [Place] = []
  /// Each group's place (an index into ``places``, -1 for the source root), once worked out.
  private var groupPlaces: [String: Int] = [:]

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
    let base = parents[id].map { place(ofGroup: $0) } ?? -1
    let own = place(object, in: base)
    return spelled(own.place, appending: own.text)
  }

  // MARK: - Private

  /// A group's place, worked out from the nearest ancestor already known.
  private mutating func place(ofGroup group: String) -> Int {
    if let known = groupPlaces[group] { return known }
    // Walk up to the root or to a known place, then fill the chain in from the top.
    var chain: [String] = []
    var seen: Set<String> = []
    var current: String? = group
    var base = -1
    while let id = current {
      if let known = groupPlaces[id] {
        base = known
        break
      }
      guard seen.insert(id).inserted else { break }  // A cycle: treat its top as the root.
      chain.append(id)
      current = parents[id]
    }
    for id in chain.reversed() {
      var here = base
      if let object = document.object(id), document.kind(object) == .dictionary {
        let own = place(object, in: base)
        if let text = own.text {
          places.append(Place(parent: own.place, text: text))
          here = places.count - 1
        } else {
          here = own.place
        }
      }
      groupPlaces[id] = here
      base = here
    }
    return groupPlaces[group] ?? -1
  }

  /// Where an object lands when its `<group>` paths start at `base`: a place, and the text its
  /// `path` appends (`nil` when it appends nothing). A place of -2 starts from nothing: the text is
  /// the whole path.
  private func place(_ object: Int32, in base: Int) -> (place: Int, text: String?) {
    let path = document.string("path", in: object)
    let tree = document.string("sourceTree", in: object) ?? "<group>"
    switch tree {
    case "<group>":
      return (base, path.flatMap { $0.isEmpty ? nil : $0 })
    case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
      return (-1, path.flatMap { $0.isEmpty ? nil : $0 } ?? "")
    case "<absolute>":
      return (-2, path.map { $0.hasPrefix("/") ? $0 : "/" + $0 } ?? "/")
    default:
      return (-2, "$(\(tree))" + (path.map { $0.isEmpty ? "" : "/" + $0 } ?? ""))
    }
  }

  /// The path of a place with `text` appended, normalized.
  private func spelled(_ place: Int, appending text: String?) -> String {
    var parts: [String] = text.map { [$0] } ?? []
    var current = place
    while current >= 0 {
      parts.append(places[current].text)
      current = places[current].parent
    }
    let joined = parts.reversed().filter { !$0.isEmpty }.joined(separator: "/")
    if joined.hasPrefix("$(") { return joined }
    return Self.normalized(joined)
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
