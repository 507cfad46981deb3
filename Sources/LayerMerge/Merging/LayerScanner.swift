#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the localization tables of a layer folder.
///
/// Every `.strings` and `.stringsdict` file directly inside a folder named `<lang>.lproj`, at any
/// depth, is a table. Hidden files and folders (`.git`, `.DS_Store`) are skipped, and so is
/// everything else.
public enum LayerScanner {
  /// The tables of a layer, by address, with their paths on disk.
  /// - Parameter layer: The layer to scan.
  /// - Returns: The tables found (empty if the folder does not exist).
  public static func tables(in layer: Layer) -> [TableAddress: String] {
    var result: [TableAddress: String] = [:]
    scan(directory: layer.path, relative: "", into: &result)
    return result
  }

  /// Whether a folder exists at `path`.
  public static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  // MARK: - Private

  private static func scan(directory: String, relative: String, into result: inout [TableAddress: String]) {
    guard let entries = DirectoryListing.entries(of: directory) else { return }
    let isLproj = directory.hasSuffix(".lproj")
    for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
      let name = entry.name
      let path = directory + "/" + name
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      if entry.isDirectory {
        scan(directory: path, relative: relativePath, into: &result)
      } else if isLproj, let address = TableAddress(relativePath: relativePath) {
        result[address] = path
      }
    }
  }
}
