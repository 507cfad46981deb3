/// The shapes a path inside a destination may have when locmerge writes or removes it.
///
/// Outputs, and the entries of the record that later runs trust for removing stale outputs, are
/// plain relative paths of tables: `[folders/]<lang>.lproj/<Table>.strings`, `.stringsdict`, or a
/// string catalog `[folders/][mul.lproj/]<Table>.xcstrings`. No component is empty, `.`, `..` or
/// hidden (so `.locmerge/` and anything like it is never an output), and nothing starts with `/`.
package enum OutputPath {
  /// Whether `path` is a plain relative path of a table inside a destination.
  /// - Parameter path: A path relative to the destination.
  package static func isTablePath(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let file = components.last, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
    for component in components where component.isEmpty || component.hasPrefix(".") { return false }
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return false }
    switch file[file.index(after: dot)...] {
    case "strings", "stringsdict":
      guard components.count >= 2 else { return false }
      let folder = components[components.count - 2]
      return folder.hasSuffix(".lproj") && folder.count > ".lproj".count
    case "xcstrings":
      // Not in a language folder, but in `mul.lproj` beside a storyboard, as Xcode allows.
      return components.count < 2 || !components[components.count - 2].hasSuffix(".lproj")
        || components[components.count - 2] == "mul.lproj"
    default:
      return false
    }
  }

  /// The folder part of a relative path (`""` for a file at the top).
  static func folder(of path: String) -> String {
    // By bytes: a search by `Character` walks grapheme clusters, and `/` always ends one.
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }

  /// The last component of a relative path.
  static func name(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// `folder/relative`, or `relative` for the top folder.
  static func join(_ folder: String, _ relative: String) -> String {
    folder.isEmpty ? relative : folder + "/" + relative
  }
}
