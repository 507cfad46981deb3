#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the localization tables of a layer folder.
///
/// Every `.strings` and `.stringsdict` file directly inside a folder named `<lang>.lproj`, at any
/// depth, is a table; every `.xcstrings` file at any depth is a String Catalog, but in a language
/// folder other than `mul.lproj` (Xcode refuses those, see ``TableAddress/init(catalogPath:)``). Hidden files and folders (`.git`, `.DS_Store`) are skipped, and so is
/// everything else. Symbolic links are followed, but each folder is read once (folders are
/// known by device and inode): a link back into the walk, or into the merge's destination, is
/// skipped with a warning, and so is a folder or table whose name is not valid UTF-8.
public enum LayerScanner {
  /// The tables of a layer, by address, with their paths on disk.
  /// - Parameter layer: The layer to scan.
  /// - Returns: The tables found (empty if the folder does not exist).
  public static func tables(in layer: Layer) -> [TableAddress: String] {
    scan(layer).tables
  }

  /// The String Catalogs of a layer, by address, with their paths on disk.
  /// - Parameter layer: The layer to scan.
  /// - Returns: The catalogs found (empty if the folder does not exist).
  public static func catalogs(in layer: Layer) -> [TableAddress: String] {
    scan(layer).catalogs
  }

  /// The tables of a layer, and what was skipped while finding them.
  /// - Parameters:
  ///   - layer: The layer to scan.
  ///   - destination: The folder a merge writes; links from the layer into it are not followed.
  /// - Returns: The tables and the warnings: skipped links and names, and a layer without tables.
  public static func scan(_ layer: Layer, skippingLinksInto destination: String? = nil) -> LayerScan {
    scan(layer, skippingLinksInto: destination.map { [$0] } ?? [])
  }

  /// The tables of a layer shared by several merges, none of whose destinations is read.
  /// - Parameters:
  ///   - layer: The layer to scan.
  ///   - destinations: The folders the merges write; links from the layer into them are not followed.
  /// - Returns: The tables and the warnings: skipped links and names, and a layer without tables.
  public static func scan(_ layer: Layer, skippingLinksInto destinations: [String]) -> LayerScan {
    scan(layer, skippingLinksIntoResolved: destinations.compactMap(resolvedPath))
  }

  /// The same, with the destinations' links resolved already (``resolvedPath(_:)``): many layers
  /// scanned for many destinations resolve each destination once.
  static func scan(_ layer: Layer, skippingLinksIntoResolved destinations: [String]) -> LayerScan {
    var walk = Walk(root: layer.path, resolvedRoot: resolvedPath(layer.path), destinations: destinations)
    walk.run()
    // A folder kept by a placeholder (`.gitkeep`, as `extract` keeps an empty base) is empty on purpose.
    if walk.tables.isEmpty && walk.catalogs.isEmpty && isDirectory(layer.path)
      && access(PathText.join(layer.path, Extraction.placeholderName), F_OK) != 0
    {
      walk.diagnostics.append(
        Diagnostic(
          .warning, .emptyLayer,
          "layer '\(layer.name)' has no tables (no <lang>.lproj folder with .strings or .stringsdict files, "
            + "no .xcstrings file)",
          at: SourceLocation(path: layer.path)))
    }
    return LayerScan(tables: walk.tables, catalogs: walk.catalogs, diagnostics: walk.diagnostics)
  }

  /// Whether a folder exists at `path` (following symbolic links).
  public static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  // MARK: - Private

  /// The path with every link resolved, or `nil` if it does not exist.
  static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A folder on disk, whatever path leads to it.
  private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  /// One walk over a layer: depth first, names in order, with an explicit stack.
  private struct Walk {
    let root: String
    /// The layer folder with links resolved.
    let resolvedRoot: String?
    /// The destinations with links resolved, those that exist.
    let destinations: [String]
    var tables: [TableAddress: String] = [:]
    var catalogs: [TableAddress: String] = [:]
    var diagnostics: [Diagnostic] = []
    /// Every folder read so far, with the path it was first read under.
    var visited: [FolderIdentity: String] = [:]

    init(root: String, resolvedRoot: String?, destinations: [String]) {
      self.root = root
      self.resolvedRoot = resolvedRoot
      self.destinations = destinations
    }

    mutating func run() {
      var pending: [(path: String, relative: String)] = [(root, "")]
      while let (directory, relative) = pending.popLast() {
        guard let identity = FolderIdentity(directory) else { continue }
        guard visited[identity] == nil else { continue }
        visited[identity] = directory
        guard let entries = DirectoryListing.entries(of: directory) else { continue }
        let isLproj = directory.hasSuffix(".lproj")
        var subfolders: [(path: String, relative: String)] = []
        for entry in entries.sorted(by: { $0.nameBytes.lexicographicallyPrecedes($1.nameBytes) }) {
          if entry.nameBytes.first == UInt8(ascii: ".") { continue }
          guard let name = entry.name else {
            if entry.isDirectory || hasTableExtension(entry.nameBytes) || hasCatalogExtension(entry.nameBytes) {
              skip(directory + "/" + DirectoryListing.escaped(entry.nameBytes), "the name is not valid UTF-8")
            }
            continue
          }
          let path = directory + "/" + name
          let relativePath = relative.isEmpty ? name : relative + "/" + name
          if entry.isDirectory {
            if isLproj && hasTableExtension(entry.nameBytes) {
              skip(path, "a folder named like a table is not a table")
            } else if hasCatalogExtension(entry.nameBytes) {
              skip(path, "a folder named like a catalog is not a catalog")
            } else if entry.isSymbolicLink, let reason = reasonToSkipLink(path) {
              skip(path, reason)
            } else {
              subfolders.append((path, relativePath))
            }
          } else if isLproj, let address = TableAddress(relativePath: relativePath) {
            tables[address] = path
          } else if hasCatalogExtension(entry.nameBytes), let address = TableAddress(catalogPath: relativePath) {
            catalogs[address] = path
          }
        }
        pending += subfolders.reversed()
      }
    }

    /// Why a link to a folder must not be followed, if it must not.
    func reasonToSkipLink(_ path: String) -> String? {
      guard let target = LayerScanner.resolvedPath(path) else { return nil }
      func isInside(_ folder: String) -> Bool {
        target == folder || target.hasPrefix(folder == "/" ? "/" : folder + "/")
      }
      if let destination = destinations.first(where: isInside) {
        return "this symbolic link leads into the destination (\(destination))"
      }
      if let identity = FolderIdentity(path), let first = visited[identity] {
        return "this symbolic link leads to a folder already read (\(first))"
      }
      // A folder of the layer itself is read under its own name, once.
      if let resolvedRoot, isInside(resolvedRoot) {
        return "this symbolic link leads to \(target), a folder of this layer that is read under its own name"
      }
      return nil
    }

    mutating func skip(_ path: String, _ reason: String) {
      diagnostics.append(Diagnostic(.warning, .skippedPath, "skipped: \(reason)", at: SourceLocation(path: path)))
    }

    func hasTableExtension(_ name: [UInt8]) -> Bool {
      name.count > 8 && name.suffix(8).elementsEqual(".strings".utf8)
        || name.count > 12 && name.suffix(12).elementsEqual(".stringsdict".utf8)
    }

    func hasCatalogExtension(_ name: [UInt8]) -> Bool {
      name.count > 10 && name.suffix(10).elementsEqual(".xcstrings".utf8)
    }
  }
}

/// What scanning a layer found.
public struct LayerScan: Sendable {
  /// The tables, by address, with their paths on disk.
  public var tables: [TableAddress: String]
  /// The String Catalogs, by address (language `""`), with their paths on disk.
  public var catalogs: [TableAddress: String] = [:]
  /// What was skipped (links that loop or lead into the destination, names that are not UTF-8,
  /// folders named like tables) and a layer without tables, as warnings.
  public var diagnostics: [Diagnostic]
}
