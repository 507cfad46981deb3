#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps what is read from an Xcode project inside the project's folder (`$(SRCROOT)`): a path the
/// project names may be read only when it lies in the source root both as written and where its
/// symbolic links lead. The one place the rule lives for reads, with the comparison the write check
/// uses (``ProjectWriteCheck``): `show`, `install` and `init --xcodeproj` ask it before they list a
/// folder or read a file.
///
/// Each folder on the way is resolved once (one `lstat`, a `realpath` only for a link), however
/// many files lie in it, and nothing below a folder that does not exist is looked at again.
struct SourceRootScope {
  /// Why a path may not be read.
  enum Problem: Hashable, Sendable {
    /// As written, the path leads out of the source root (`../x`, an absolute path elsewhere).
    case outside
    /// A symbolic link on the way leads out of the source root: `link` (relative to the root)
    /// leads to `target`.
    case linkOutside(link: String, target: String)

    /// What is wrong, for a message: `lies outside the project's folder (/p)`.
    func reason(root: String) -> String {
      switch self {
      case .outside:
        return "lies outside the project's folder (\(root))"
      case .linkOutside(let link, let target):
        return "leads outside the project's folder (\(root)) through the symbolic link \(link), to \(target)"
      }
    }
  }

  /// The source root, absolute.
  let root: String
  /// The source root with its links resolved.
  private let canonicalRoot: String
  /// Each folder (relative to the root) resolved so far: where it leads, the first link on the
  /// way that leads outside, and whether it exists.
  private var folders: [Substring: Resolved] = [:]

  private struct Resolved {
    var path: String
    var escape: (link: String, target: String)?
    var exists: Bool
  }

  /// The scope of a source root (relative to the current folder, or absolute).
  init(root: String) {
    self.root = PathText.absolute(root)
    self.canonicalRoot = DestinationSafety.canonicalPath(self.root)
  }

  /// Why `path` may not be read, or `nil` when it lies inside the source root.
  /// - Parameter path: As the project spells it: relative to the source root, absolute, or under
  ///   a build setting (`$(BUILT_PRODUCTS_DIR)/…`, never looked into, so never a problem).
  mutating func problem(_ path: String) -> Problem? {
    if path.hasPrefix("$(") { return nil }
    let absolute = PathText.absolute(path, relativeTo: root)
    guard ProjectWriteCheck.lies(absolute, within: root) else { return .outside }
    guard absolute.utf8.count > root.utf8.count + 1 || root == "/" else { return nil }
    let relative = Substring(absolute.dropFirst(root == "/" ? 1 : root.utf8.count + 1))
    let resolved = resolve(relative)
    guard let escape = resolved.escape else { return nil }
    return .linkOutside(link: escape.link, target: escape.target)
  }

  // MARK: - Private

  /// Where `relative` leads, from the nearest folder above it already resolved.
  private mutating func resolve(_ relative: Substring) -> Resolved {
    if relative.isEmpty { return Resolved(path: canonicalRoot, escape: nil, exists: true) }
    if let known = folders[relative] { return known }
    // The folders from the nearest known one down, walked without recursion (groups nest deep).
    var chain: [Substring] = [relative]
    var base = Resolved(path: canonicalRoot, escape: nil, exists: true)
    var current = relative
    while let slash = current.lastIndex(of: "/") {
      current = current[..<slash]
      if let known = folders[current] {
        base = known
        break
      }
      chain.append(current)
    }
    for prefix in chain.reversed() {
      let name = prefix.lastIndex(of: "/").map { prefix[prefix.index(after: $0)...] } ?? prefix
      var next = Resolved(path: (base.path == "/" ? "" : base.path) + "/" + name, escape: base.escape, exists: false)
      var status = stat()
      if base.exists, lstat(next.path, &status) == 0 {
        next.exists = true
        if status.st_mode & S_IFMT == S_IFLNK {
          let target = DestinationSafety.canonicalPath(next.path)
          next.path = target
          if next.escape == nil, !ProjectWriteCheck.lies(target, within: canonicalRoot) {
            next.escape = (String(prefix), target)
          }
          // A link that leads back in after leading out is judged by where it ends.
          if ProjectWriteCheck.lies(target, within: canonicalRoot) { next.escape = nil }
        }
      }
      folders[prefix] = next
      base = next
    }
    return base
  }
}
