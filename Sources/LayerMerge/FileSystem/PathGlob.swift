/// A shell-style pattern for paths inside a layer, used to exclude tables from a merge:
/// `Settings.bundle`, `*.lproj/Debug.strings`, `Extensions/**/InfoPlist.strings`.
///
/// - `*` matches any run of characters within one path component, `?` one character, and `**`
///   any run of characters across components (`a/**/b` also matches `a/b`).
/// - A pattern without `/` matches any component: `Settings.bundle` excludes every table under a
///   folder of that name, `Debug.strings` every file of that name.
/// - A pattern with `/` matches the path from the layer's folder, or a folder at its start:
///   `Extensions/Today` excludes everything under it.
public struct PathGlob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let scalars: [Unicode.Scalar]
  private let anchored: Bool

  /// Creates a pattern.
  /// - Parameter pattern: The pattern, with `/` between components.
  public init(_ pattern: String) {
    var trimmed = pattern
    while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.pattern = pattern
    self.scalars = Array(trimmed.unicodeScalars)
    self.anchored = trimmed.contains("/")
  }

  public var description: String { pattern }

  /// Whether a path relative to a layer's folder matches.
  /// - Parameter relativePath: A path such as `Settings.bundle/en.lproj/Root.strings`.
  /// - Returns: `true` when the pattern matches the path, a folder at its start or, for a pattern
  ///   without `/`, any one component.
  public func matches(_ relativePath: String) -> Bool {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: true).map {
      Array($0.unicodeScalars)
    }
    if !anchored {
      return components.contains { Self.match(scalars[...], $0[...]) }
    }
    var prefix: [Unicode.Scalar] = []
    for (index, component) in components.enumerated() {
      if index > 0 { prefix.append("/") }
      prefix.append(contentsOf: component)
      if Self.match(scalars[...], prefix[...]) { return true }
    }
    return false
  }

  // MARK: - Private

  private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    let rest = pattern.dropFirst()
    switch first {
    case "*":
      if rest.first == "*" {
        let afterStars = rest.dropFirst()
        // `**/` may also match no folder at all.
        if afterStars.first == "/", match(afterStars.dropFirst(), text) { return true }
        var remaining = text
        while true {
          if match(afterStars, remaining) { return true }
          guard !remaining.isEmpty else { return false }
          remaining = remaining.dropFirst()
        }
      }
      var remaining = text
      while true {
        if match(rest, remaining) { return true }
        guard let next = remaining.first, next != "/" else { return false }
        remaining = remaining.dropFirst()
      }
    case "?":
      guard let next = text.first, next != "/" else { return false }
      return match(rest, text.dropFirst())
    default:
      guard text.first == first else { return false }
      return match(rest, text.dropFirst())
    }
  }
}
