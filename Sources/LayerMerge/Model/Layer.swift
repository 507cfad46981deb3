/// One folder of localization tables in a stack: the base, a brand, a target…
///
/// Every `<lang>.lproj/<Table>.strings` or `.stringsdict` under the folder, at any depth, is one
/// table, addressed by its path relative to the folder. Layers line up by that path.
public struct Layer: Hashable, Sendable {
  /// A short label for diagnostics and provenance (by default the folder's name).
  public var name: String
  /// The folder.
  public var path: String

  /// Creates a layer.
  /// - Parameters:
  ///   - name: The label; `nil` uses the last component of `path`.
  ///   - path: The folder.
  public init(name: String? = nil, path: String) {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    self.path = trimmed
    self.name = name ?? (trimmed.split(separator: "/").last.map(String.init) ?? trimmed)
  }
}
