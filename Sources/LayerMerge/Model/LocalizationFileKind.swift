/// The kinds of localization tables LayerMerge reads and writes.
public enum LocalizationFileKind: String, Hashable, Sendable, CaseIterable {
  /// `<Table>.strings`: key-value pairs.
  case strings
  /// `<Table>.stringsdict`: plural, device and width rules.
  case stringsdict
  /// `<Table>.xcstrings`: a String Catalog, every language of a table in one file. Read by
  /// ``StringCatalogReader``, not by ``LocalizationFileReader``.
  case xcstrings

  /// The file-name extension, without the dot.
  public var fileExtension: String { rawValue }

  /// The kind for a path, judged by its extension; `nil` for other files.
  /// - Parameter path: A file path or name.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: String(path[path.index(after: dot)...]))
  }
}
