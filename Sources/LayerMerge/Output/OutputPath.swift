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
    // Paths are nearly always ASCII, where every byte is a character: looked at as bytes, a path
    // costs a few hundred instructions instead of tens of thousands for splitting it into
    // characters (a build checks every output path of every target).
    var bytes = path
    if let ascii = bytes.withUTF8({ isASCIITablePath($0) }) { return ascii }
    return isTablePathByCharacters(path)
  }

  /// ``isTablePath(_:)`` worked out on characters, for any path.
  static func isTablePathByCharacters(_ path: String) -> Bool {
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

  /// ``isTablePath(_:)`` for a path given as UTF-8 bytes, or `nil` when it is not all ASCII.
  private static func isASCIITablePath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    guard !bytes.contains(0) else { return false }
    // Each component: not empty, not starting with a dot.
    var componentStart = 0
    var fileStart = 0
    var folder: Range<Int>?
    var components = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == slash {
      guard index > componentStart, bytes[componentStart] != dot else { return false }
      components += 1
      if index < bytes.count { folder = componentStart..<index } else { fileStart = componentStart }
      componentStart = index + 1
    }
    let file = UnsafeBufferPointer(rebasing: bytes[fileStart...])
    guard let dotIndex = file.lastIndex(of: dot), dotIndex != 0 else { return false }
    let fileExtension = UnsafeBufferPointer(rebasing: file[(dotIndex + 1)...])
    let lproj = Array(".lproj".utf8)
    func isLanguageFolder(_ range: Range<Int>) -> Bool {
      range.count > lproj.count && bytes[(range.upperBound - lproj.count)..<range.upperBound].elementsEqual(lproj)
    }
    if fileExtension.elementsEqual("strings".utf8) || fileExtension.elementsEqual("stringsdict".utf8) {
      guard components >= 2, let folder else { return false }
      return isLanguageFolder(folder)
    }
    if fileExtension.elementsEqual("xcstrings".utf8) {
      // Not in a language folder, but in `mul.lproj` beside a storyboard, as Xcode allows.
      guard components >= 2, let folder else { return true }
      return !isLanguageFolder(folder) || bytes[folder].elementsEqual("mul.lproj".utf8)
    }
    return false
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
