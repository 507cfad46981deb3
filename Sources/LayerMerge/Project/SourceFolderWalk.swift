#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Source files under a folder, listed lazily and once per subfolder, each numbered once: the
/// targets that compile a file share its path.
struct SourceFolderWalk {
  /// The most folders listed; a project's code is far smaller, and a link loop must end.
  static let maximumFolders = 100_000

  let root: String
  /// What the paths given out start with (the root as the caller names it), or `nil` for paths
  /// relative to the root.
  let prefix: String?
  /// Every file walked, as given out (``prefix`` and the relative path), by number.
  private(set) var paths: [String] = []
  /// Every file walked, relative to the root, by number: what the patterns match.
  private var relativePaths: [String] = []
  /// The numbers of the files under each folder walked, sorted by path, by the folder.
  private var walked: [String: Range<Int>] = [:]
  /// Whether a folder was walked inside another walked one: then a file can have two numbers.
  private(set) var walkedNestedFolders = false

  init(root: String, prefix: String?) {
    self.root = root
    self.prefix = prefix
  }

  /// The files some pattern matches, as given out, sorted by their paths relative to the root,
  /// each once.
  mutating func files(matching patterns: [PathGlob]) -> [String] {
    numbers(matching: patterns).map { paths[$0] }
  }

  /// The numbers of the files some pattern matches, sorted by their paths relative to the root,
  /// each once.
  mutating func numbers(matching patterns: [PathGlob]) -> [Int] {
    // A folder named without wildcards (`Sources/Shared`) matches by prefix: the glob matcher
    // tries every leading run of a path's components, which cost more than the scan at 3,600 files.
    // Bytes, not Characters: the glob compares Unicode scalars, not canonical equivalents.
    let folders = patterns.map { Self.literalFolder(of: $0).map { Array($0.utf8) } }
    // The starting folders are disjoint and each one's files sorted: the matches of each, merged,
    // are the answer (18 targets over one shared folder made, hashed and sorted its paths 18 times).
    var result: [Int] = []
    for start in startingFolders(of: patterns) {
      let files = numbers(under: start)
      // A pattern naming this folder or one above it matches every file under it.
      let matched =
        folders.contains { $0.map { Self.isInside(start, folder: $0) } ?? false }
        ? Array(files)
        : files.filter { number in
          zip(patterns, folders).contains { pattern, folder in
            folder.map { Self.isInside(relativePaths[number], folder: $0) } ?? pattern.matches(relativePaths[number])
          }
        }
      result = result.isEmpty ? matched : merged(result, matched)
    }
    return result
  }

  /// For a pattern with `/` and no wildcard, the path it names with a `/` after it: it matches
  /// that path and everything under it, as ``PathGlob`` does.
  static func literalFolder(of pattern: PathGlob) -> String? {
    var text = Substring(pattern.pattern)
    while text.hasPrefix("./") { text = text.dropFirst(2) }
    while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
    guard text.contains("/"), !text.contains("//"), !text.contains("*"), !text.contains("?") else { return nil }
    return text + "/"
  }

  /// The folders to search for a set of patterns: each pattern's leading components without a
  /// wildcard (`App/Views` for `App/Views/**/*.swift`), the root for a pattern without `/`
  /// (it matches a name at any depth), a folder inside another searched only once. A pattern
  /// without wildcards is searched from the folder it names when the walk would enter that folder
  /// (see ``isWalkedFolder(_:)``), else from the folder it is in (it names a file).
  func startingFolders(of patterns: [PathGlob]) -> [String] {
    var folders: Set<String> = []
    for pattern in patterns {
      var text = Substring(pattern.pattern)
      while text.hasPrefix("./") { text = text.dropFirst(2) }
      let components = text.split(separator: "/", omittingEmptySubsequences: true)
      guard components.count > 1 else {
        folders.insert("")
        continue
      }
      let literal = components.prefix { !$0.contains("*") && !$0.contains("?") }
      guard literal.count == components.count else {
        folders.insert(literal.joined(separator: "/"))
        continue
      }
      // Searching from the parent listed every sibling for each target naming its own folder
      // (`Sources/Target07`), and matched each of them against the target's patterns.
      let named = literal.joined(separator: "/")
      folders.insert(isWalkedFolder(named) ? named : literal.dropLast().joined(separator: "/"))
    }
    return folders.sorted().filter { folder in
      !folders.contains { other in Self.isFolder(folder, inside: other) }
    }
  }

  /// Whether `path` (relative to the root) is a folder that a walk of its parent would enter: a
  /// real folder, not a link, hidden, `DerivedData` or a folder with an extension (`.bundle`).
  func isWalkedFolder(_ path: String) -> Bool {
    let name = PathText.lastComponent(path)
    guard !name.hasPrefix("."), PathText.pathExtension(name).isEmpty, name != "DerivedData" else { return false }
    var status = stat()
    return lstat(PathText.join(root, path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  // MARK: - Private

  /// Whether `folder` (relative, `""` the root) is inside `other`, and not `other` itself.
  private static func isFolder(_ folder: String, inside other: String) -> Bool {
    other != folder && (other.isEmpty || folder.hasPrefix(other + "/"))
  }

  /// Two sorted lists with no file in common, as one sorted list.
  private func merged(_ a: [Int], _ b: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if relativePaths[b[j]] < relativePaths[a[i]] {
        result.append(b[j])
        j += 1
      } else {
        result.append(a[i])
        i += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }

  /// Whether `path` is under `folder` (its bytes, ending in `/`) or is that folder.
  private static func isInside(_ path: String, folder: [UInt8]) -> Bool {
    var path = path
    return path.withUTF8 { bytes in
      let named = bytes.count + 1 == folder.count
      guard bytes.count >= folder.count || named else { return false }
      let length = named ? bytes.count : folder.count
      return folder.withUnsafeBufferPointer {
        bytesEqual(UnsafeBufferPointer(rebasing: bytes[..<length]), UnsafeBufferPointer(rebasing: $0[..<length]))
      }
    }
  }

  private mutating func numbers(under start: String) -> Range<Int> {
    if let known = walked[start] { return known }
    if walked.keys.contains(where: { Self.isFolder(start, inside: $0) || Self.isFolder($0, inside: start) }) {
      walkedNestedFolders = true
    }
    var found: [String] = []
    var allASCII = true
    var pending = [start]
    var visited = 0
    while let relative = pending.popLast(), visited < Self.maximumFolders {
      visited += 1
      let folder = Array((relative.isEmpty ? "" : relative + "/").utf8)
      let folderIsASCII = folder.allSatisfy { $0 < 0x80 }
      // Names are read in place: a file becomes a string only when it is source.
      _ = DirectoryListing.visitEntries(of: PathText.join(root, relative.isEmpty ? "." : relative)) {
        name, isDirectory, isSymbolicLink in
        // A name that is not UTF-8 is left out, as a string cannot spell it.
        let isASCII = SourceBytes.isASCII(name)
        guard !Self.isHidden(name), isASCII || String(validating: name, as: UTF8.self) != nil else { return }
        if isDirectory {
          if !Self.hasExtension(name), !isSymbolicLink, !name.elementsEqual(Self.derivedData) {
            pending.append(Self.path(folder, name))
          }
        } else if SourceLanguage(fileName: name) != nil {
          allASCII = allASCII && folderIsASCII && isASCII
          found.append(Self.path(folder, name))
        }
      }
    }
    if allASCII {
      Self.sortASCII(&found)
    } else {
      found.sort()
    }
    let numbers = relativePaths.count..<relativePaths.count + found.count
    relativePaths += found
    // Each path given out is made once, whatever number of targets compile the file.
    if let prefix, !prefix.isEmpty {
      let folder = Array((prefix.hasSuffix("/") ? prefix : prefix + "/").utf8)
      paths += found.map { relative in
        var relative = relative
        return relative.withUTF8 { Self.path(folder, $0) }
      }
    } else {
      paths += found
    }
    walked[start] = numbers
    return numbers
  }

  private static let derivedData = Array("DerivedData".utf8)

  /// Whether a name is hidden as `hasPrefix(".")` says: its first character is a dot (a dot and a
  /// combining mark after it are another character).
  private static func isHidden(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.first == UInt8(ascii: ".") else { return false }
    guard name.count > 1, name[1] >= 0x80 else { return true }
    return String(decoding: name, as: UTF8.self).hasPrefix(".")
  }

  /// Whether a name has an extension as ``PathText/pathExtension(_:)`` finds one: text after a
  /// last dot that does not start it.
  private static func hasExtension(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
    return dot > 0 && dot < name.count - 1
  }

  /// A folder's path (with its `/`, or empty for the root) and a name in it, made at once.
  private static func path(_ folder: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: folder.count + name.count) { buffer in
      _ = UnsafeMutableBufferPointer(rebasing: buffer[..<folder.count]).initialize(from: folder)
      _ = UnsafeMutableBufferPointer(rebasing: buffer[folder.count...]).initialize(fromContentsOf: name)
      return folder.count + name.count
    }
  }

  /// Sorts paths of ASCII as `<` sorts strings, comparing their bytes: a string compares by
  /// Unicode scalars, which for ASCII is the order of the bytes, and its comparisons were most of
  /// the walk.
  private static func sortASCII(_ paths: inout [String]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    starts.reserveCapacity(paths.count + 1)
    for path in paths {
      starts.append(bytes.count)
      bytes += path.utf8
    }
    starts.append(bytes.count)
    let order = bytes.withUnsafeBufferPointer { all in
      paths.indices.sorted { a, b in
        let left = UnsafeBufferPointer(rebasing: all[starts[a]..<starts[a + 1]])
        let right = UnsafeBufferPointer(rebasing: all[starts[b]..<starts[b + 1]])
        let common = min(left.count, right.count)
        var order: Int32 = 0
        if common > 0, let leftBytes = left.baseAddress, let rightBytes = right.baseAddress {
          order = memcmp(leftBytes, rightBytes, common)
        }
        return order != 0 ? order < 0 : left.count < right.count
      }
    }
    paths = order.map { paths[$0] }
  }
}
