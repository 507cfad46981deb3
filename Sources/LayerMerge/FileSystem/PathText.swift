#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic on `/`-separated strings, and the few process facts it needs, without Foundation
/// (the shipped binary does not link it; see docs/performance.md for the size this saves).
package enum PathText {
  /// The last component: `"a/b.strings"` → `"b.strings"`, `"a/b/"` → `"b"`, `"/"` → `"/"`.
  package static func lastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    // Bytes, not characters: a run asks this of every source file's path.
    guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
    return trimmed == "/" ? "/" : String(trimmed[trimmed.utf8.index(after: slash)...])
  }

  /// Everything before the last component: `"a/b.strings"` → `"a"`, `"b"` → `""`, `"/a"` → `"/"`.
  package static func parent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return trimmingTrailingSlashes(String(trimmed[..<slash]))
  }

  /// `base/relative`, or `relative` alone when it is absolute or `base` is empty.
  package static func join(_ base: String, _ relative: String) -> String {
    if relative.hasPrefix("/") || base.isEmpty { return relative }
    if relative.isEmpty { return base }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
  }

  /// The current working folder, or `"."` if it cannot be determined.
  package static func currentDirectory() -> String {
    guard let buffer = getcwd(nil, 0) else { return "." }
    defer { free(buffer) }
    return String(cString: buffer)
  }

  /// An absolute path with `.` and `..` resolved as text (symbolic links are not looked at).
  /// - Parameters:
  ///   - path: A path, relative to `base` when it does not start with `/`.
  ///   - base: The folder relative paths start from; the current folder by default.
  package static func absolute(_ path: String, relativeTo base: String? = nil) -> String {
    let full = path.hasPrefix("/") ? path : join(base ?? currentDirectory(), path)
    var components: [Substring] = []
    for component in full.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// The file-name extension without the dot (`"Localizable.strings"` → `"strings"`), or `""`.
  package static func pathExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
    return String(name[name.utf8.index(after: dot)...])
  }

  /// What the system says about the last failed call (`errno`), in plain words.
  package static func systemErrorDescription(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    let bytes = path.utf8
    var end = bytes.endIndex
    var count = bytes.count
    while count > 1, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
      end = bytes.index(before: end)
      count -= 1
    }
    return end == bytes.endIndex ? path : String(path[..<end])
  }
}
