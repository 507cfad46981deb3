/// Where a table lives inside a layer: `[directory/]<language>.lproj/<table>.<kind>`.
public struct TableAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The folders above the `.lproj` folder (`Settings.bundle`, `Extensions/Today`), or `""`.
  public var directory: String
  /// The `.lproj` folder's name without the extension (`en`, `zh-Hans`, `Base`).
  public var language: String
  /// The table name (`Localizable`, `InfoPlist`).
  public var table: String
  /// `.strings` or `.stringsdict`.
  public var kind: LocalizationFileKind

  /// Creates an address.
  public init(directory: String, language: String, table: String, kind: LocalizationFileKind) {
    self.directory = directory
    self.language = language
    self.table = table
    self.kind = kind
  }

  /// Parses a relative path such as `Settings.bundle/de.lproj/Root.strings`; `nil` if the path is
  /// not a localization table inside an `.lproj` folder.
  public init?(relativePath: String) {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard components.count >= 2, let kind = LocalizationFileKind(path: components[components.count - 1]) else {
      return nil
    }
    let folder = components[components.count - 2]
    guard folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
    let file = components[components.count - 1]
    self.directory = components.dropLast(2).joined(separator: "/")
    self.language = String(folder.dropLast(6))
    self.table = String(file.dropLast(kind.fileExtension.count + 1))
    self.kind = kind
    guard !table.isEmpty else { return nil }
  }

  /// The path relative to a layer's folder.
  public var relativePath: String {
    let file = "\(language).lproj/\(table).\(kind.fileExtension)"
    return directory.isEmpty ? file : "\(directory)/\(file)"
  }

  /// The same table in another language.
  public func inLanguage(_ language: String) -> TableAddress {
    TableAddress(directory: directory, language: language, table: table, kind: kind)
  }

  public var description: String { relativePath }

  public static func < (lhs: TableAddress, rhs: TableAddress) -> Bool {
    lhs.relativePath.utf8.lexicographicallyPrecedes(rhs.relativePath.utf8)
  }
}
