/// The files a merge reads and writes, rendered for Xcode and build tools.
public struct BuildManifest: Hashable, Sendable {
  /// Absolute paths of every file read, sorted.
  public var inputs: [String]
  /// Absolute paths of every file written, sorted.
  public var outputs: [String]

  /// Creates a manifest.
  public init(inputs: [String], outputs: [String]) {
    self.inputs = inputs.sorted()
    self.outputs = outputs.sorted()
  }

  /// An `.xcfilelist`: one path per line under a comment, `$(SRCROOT)/…` for paths under `srcroot`.
  /// - Parameters:
  ///   - paths: The paths to list.
  ///   - title: The comment line's text.
  ///   - srcroot: The project folder, or `nil` for absolute paths.
  public static func xcfilelist(_ paths: [String], title: String, srcroot: String?) -> String {
    var lines = ["# \(title) (written by locmerge; do not edit)"]
    let root = srcroot.map { DestinationSafety.canonical($0) }
    for path in paths.sorted() {
      if let root, path.hasPrefix(root + "/") {
        lines.append("$(SRCROOT)/" + path.dropFirst(root.count + 1))
      } else {
        lines.append(path)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Makefile-style dependency file: `output… : input…`, for Xcode's discovered dependencies
  /// and for make or ninja. Spaces are escaped with `\`, `$` doubled.
  public var depfile: String {
    func escaped(_ path: String) -> String {
      var result = ""
      for character in path {
        switch character {
        case "\\": result += "\\\\"
        case " ": result += "\\ "
        case "#": result += "\\#"
        case "$": result += "$$"
        default: result.append(character)
        }
      }
      return result
    }
    let targets = outputs.map(escaped).joined(separator: " \\\n  ")
    let prerequisites = inputs.map { " \\\n  " + escaped($0) }.joined()
    return "\(targets):\(prerequisites)\n"
  }
}
