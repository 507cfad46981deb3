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
  /// The group that lists each child (its key and value nodes), by the child's key node: the
  /// first group in the file that lists it.
  private var parents: [Int32: (key: Int32, value: Int32)] = [:]
  private var places: [Place] = []
  /// Each group's place (an index into ``places``, -1 for the source root), by its key node.
  private var groupPlaces: [Int32: Int] = [:]

  init(document: PBXDocument) {
    self.document = document
    guard let objects = document.objects else { return }
    let entries = document.children(objects)
    var k = entries.startIndex
    while k + 1 < entries.endIndex {
      let value = entries[k + 1]
      if document.kind(value) == .dictionary, let children = document.value("children", in: value),
        document.kind(children) == .array
      {
        for child in document.children(children) {
          guard let childEntry = document.entry(referencedBy: child), parents[childEntry.key] == nil else { continue }
          parents[childEntry.key] = (entries[k], value)
        }
      }
      k += 2
    }
  }

  /// The path of a file reference, group or synchronized folder.
  mutating func path(of id: String) -> String? {
    guard let entry = document.entry(id) else { return nil }
    return path(of: entry)
  }

  /// The path of the object a string node names (a variant group's child).
  mutating func path(referencedBy node: Int32) -> String? {
    guard let entry = document.entry(referencedBy: node) else { return nil }
    return path(of: entry)
  }

  // MARK: - Private

  private mutating func path(of entry: (key: Int32, value: Int32)) -> String? {
    guard document.kind(entry.value) == .dictionary else { return nil }
    let base = parents[entry.key].map { place(ofGroup: $0) } ?? -1
    let own = place(entry.value, in: base)
    return spelled(own.place, appending: own.text)
  }

  /// A group's place, worked out from the nearest ancestor already known.
  private mutating func place(ofGroup group: (key: Int32, value: Int32)) -> Int {
    if let known = groupPlaces[group.key] { return known }
    // Walk up to the root or to a known place, then fill the chain in from the top.
    var chain: [(key: Int32, value: Int32)] = []
    var seen: Set<Int32> = []
    var current: (key: Int32, value: Int32)? = group
    var base = -1
    while let entry = current {
      if let known = groupPlaces[entry.key] {
        base = known
        break
      }
      guard seen.insert(entry.key).inserted else { break }  // A cycle: treat its top as the root.
      chain.append(entry)
      current = parents[entry.key]
    }
    for entry in chain.reversed() {
      var here = base
      if document.kind(entry.value) == .dictionary {
        let own = place(entry.value, in: base)
        if let text = own.text {
          places.append(Place(parent: own.place, text: text))
          here = places.count - 1
        } else {
          here = own.place
        }
      }
      groupPlaces[entry.key] = here
      base = here
    }
    return groupPlaces[group.key] ?? -1
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
    var joined = ""
    for part in parts.reversed() where !part.isEmpty {
      if !joined.isEmpty { joined += "/" }
      joined += part
    }
    if joined.hasPrefix("$(") || Self.isNormal(joined) { return joined }
    return Self.normalized(joined)
  }

  /// Whether a path has no `.` or `..` component, no empty one and no trailing `/` (most paths of
  /// a project: they need no normalizing).
  private static func isNormal(_ path: String) -> Bool {
    var length = 0
    var dots = 0
    var index = 0
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        if length == 0 && index > 0 { return false }
        if length > 0 && length == dots && dots <= 2 { return false }
        length = 0
        dots = 0
      } else {
        length += 1
        if byte == UInt8(ascii: "."), dots == length - 1 { dots += 1 }
      }
      index += 1
    }
    if length == 0 && index > 1 { return false }
    return !(length > 0 && length == dots && dots <= 2)
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
