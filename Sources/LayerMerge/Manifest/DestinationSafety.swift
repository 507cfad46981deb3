import Foundation

/// Refuses destinations that would overwrite sources.
public enum DestinationSafety {
  /// Why `destination` is unsafe for these layers, or `nil` if it is safe: it must not be a layer,
  /// lie inside one, or contain one.
  /// - Parameters:
  ///   - destination: The output folder.
  ///   - layers: The layers of the merge.
  public static func problem(destination: String, layers: [Layer]) -> String? {
    let target = canonical(destination)
    for layer in layers {
      let source = canonical(layer.path)
      if target == source {
        return "the destination \(destination) is the layer '\(layer.name)'; merged files would overwrite its sources"
      }
      if target.hasPrefix(source + "/") {
        return "the destination \(destination) lies inside the layer '\(layer.name)' (\(layer.path)); merged files "
          + "would be read back as sources"
      }
      if source.hasPrefix(target + "/") {
        return "the destination \(destination) contains the layer '\(layer.name)' (\(layer.path)); stale-output "
          + "cleanup could remove its sources"
      }
    }
    return nil
  }

  /// An absolute path with symbolic links resolved as far as the path exists.
  /// An absolute path with symbolic links resolved as far as the path exists.
  public static func canonicalPath(_ path: String) -> String { canonical(path) }

  static func canonical(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var url = URL(fileURLWithPath: absolute).standardizedFileURL
    // Resolve the longest existing prefix, then re-append the rest.
    var suffix: [String] = []
    while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
      suffix.insert(url.lastPathComponent, at: 0)
      url.deleteLastPathComponent()
    }
    var resolved = url.resolvingSymlinksInPath().path
    for component in suffix { resolved += (resolved.hasSuffix("/") ? "" : "/") + component }
    return resolved.count > 1 && resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
  }
}
