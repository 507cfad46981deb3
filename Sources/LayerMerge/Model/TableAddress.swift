#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a table lives inside a layer: `[directory/]<language>.lproj/<table>.<kind>`, or for a
/// String Catalog `[directory/]<table>.xcstrings`.
///
/// One language of a catalog has the catalog's address with that language: its path is the
/// catalog's, which holds every language.
public struct TableAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The folders above the `.lproj` folder (`Settings.bundle`, `Extensions/Today`), or `""`; for a
  /// catalog, the folders above it (`Resources`, `mul.lproj`).
  public var directory: String
  /// The `.lproj` folder's name without the extension (`en`, `zh-Hans`, `Base`); for a catalog,
  /// `""` for the whole catalog, or the language of one of its localizations.
  public var language: String
  /// The table name (`Localizable`, `InfoPlist`).
  public var table: String
  /// `.strings`, `.stringsdict` or `.xcstrings`.
  public var kind: LocalizationFileKind

  /// Creates an address.
  public init(directory: String, language: String, table: String, kind: LocalizationFileKind) {
    self.directory = directory
    self.language = language
    self.table = table
    self.kind = kind
  }

  /// Parses a relative path such as `Settings.bundle/de.lproj/Root.strings`; `nil` if the path is
  /// not a `.strings` or `.stringsdict` table inside an `.lproj` folder (see ``init(catalogPath:)``
  /// for catalogs).
  public init?(relativePath: String) {
    if let parsed = Self.parseASCII(relativePath) {
      guard let address = parsed else { return nil }
      self = address
      return
    }
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard components.count >= 2, let kind = LocalizationFileKind(path: components[components.count - 1]),
      kind != .xcstrings
    else {
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

  /// ``init(relativePath:)`` on the bytes of an ASCII path without empty components, where a
  /// character is a byte (splitting into characters cost most of a layer scan): `.some(nil)` for
  /// no table, `nil` for a path this does not read.
  private static func parseASCII(_ path: String) -> TableAddress?? {
    let slash = UInt8(ascii: "/")
    var previous = slash
    for byte in path.utf8 {
      guard byte < 0x80, byte != slash || previous != slash else { return nil }
      previous = byte
    }
    guard previous != slash else { return nil }
    let bytes = path.utf8
    guard let fileSlash = bytes.lastIndex(of: slash) else { return .some(nil) }
    let file = path[bytes.index(after: fileSlash)...]
    let parent = path[..<fileSlash]
    let folderSlash = parent.utf8.lastIndex(of: slash)
    let folder = folderSlash.map { parent[parent.utf8.index(after: $0)...] } ?? parent
    guard let dot = file.utf8.lastIndex(of: UInt8(ascii: ".")),
      let kind = LocalizationFileKind(rawValue: String(file[file.utf8.index(after: dot)...])), kind != .xcstrings,
      folder.utf8.count > 6, folder.utf8.suffix(6).elementsEqual(".lproj".utf8)
    else { return .some(nil) }
    let table = String(file[..<dot])
    guard !table.isEmpty else { return .some(nil) }
    return TableAddress(
      directory: folderSlash.map { String(parent[..<$0]) } ?? "",
      language: String(folder[..<folder.utf8.index(folder.utf8.endIndex, offsetBy: -6)]), table: table, kind: kind)
  }

  /// Parses the relative path of a String Catalog, such as `Resources/InfoPlist.xcstrings` or
  /// `mul.lproj/Main.xcstrings`; `nil` for anything else. Xcode refuses a catalog inside a
  /// language folder other than `mul.lproj` (which pairs it with a storyboard), so such a path is
  /// no catalog either.
  /// - Parameter catalogPath: The path relative to a layer.
  public init?(catalogPath: String) {
    let components = catalogPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard let file = components.last, file.hasSuffix(".xcstrings"), file.count > ".xcstrings".count else {
      return nil
    }
    if components.count >= 2 {
      let folder = components[components.count - 2]
      guard !folder.hasSuffix(".lproj") || folder == "mul.lproj" else { return nil }
    }
    self.directory = components.dropLast().joined(separator: "/")
    self.language = ""
    self.table = String(file.dropLast(".xcstrings".count))
    self.kind = .xcstrings
  }

  /// The path relative to a layer's folder (for a catalog, the catalog's, whatever the language).
  public var relativePath: String {
    let file =
      kind == .xcstrings ? "\(table).\(kind.fileExtension)" : "\(language).lproj/\(table).\(kind.fileExtension)"
    return directory.isEmpty ? file : "\(directory)/\(file)"
  }

  /// Whether this is a String Catalog, or one language of one.
  public var isCatalog: Bool { kind == .xcstrings }

  /// The folder a table's `<language>.lproj` folders are in: the directory, without a catalog's
  /// `mul.lproj` (its compiled tables go beside the storyboard's other languages).
  public var languageFoldersDirectory: String {
    guard kind == .xcstrings else { return directory }
    if directory == "mul.lproj" { return "" }
    if directory.hasSuffix("/mul.lproj") { return String(directory.dropLast("/mul.lproj".count)) }
    return directory
  }

  /// The same table in another language.
  public func inLanguage(_ language: String) -> TableAddress {
    TableAddress(directory: directory, language: language, table: table, kind: kind)
  }

  public var description: String { relativePath }

  /// Addresses sort by their relative paths' bytes; the languages of one catalog, which share
  /// its path, by language. Merges sort addresses often, so the paths are compared part by part
  /// rather than built.
  public static func < (lhs: TableAddress, rhs: TableAddress) -> Bool {
    if let decided = sameFolderPrecedes(lhs, rhs) { return decided }
    var left = PathBytes(lhs)
    var right = PathBytes(rhs)
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return lhs.language.utf8.lexicographicallyPrecedes(rhs.language.utf8)
      case (nil, _): return true
      case (_, nil): return false
      case (let a?, let b?) where a != b: return a < b
      default: continue
      }
    }
  }

  /// `<` for two tables in one folder (the usual case), part by part with `memcmp`; `nil` when
  /// that cannot decide (catalogs, other folders, a name running into a `.`).
  private static func sameFolderPrecedes(_ lhs: TableAddress, _ rhs: TableAddress) -> Bool? {
    guard lhs.kind != .xcstrings, rhs.kind != .xcstrings, lhs.directory.utf8.elementsEqual(rhs.directory.utf8)
    else { return nil }
    // `<language>.lproj/<table>.<extension>`: each name is followed by a `.`.
    guard let languages = orderBeforeDot(lhs.language, rhs.language) else { return nil }
    if languages != 0 { return languages < 0 }
    guard let tables = orderBeforeDot(lhs.table, rhs.table) else { return nil }
    if tables != 0 { return tables < 0 }
    return lhs.kind == .strings && rhs.kind == .stringsdict
  }

  /// How `left + "."` compares with `right + "."` by bytes (-1, 0, 1), or `nil` when a name goes
  /// on where the other has its `.` with a `.` of its own (the rest of the path decides).
  private static func orderBeforeDot(_ left: String, _ right: String) -> Int? {
    let order = left.utf8.withContiguousStorageIfAvailable { a in
      right.utf8.withContiguousStorageIfAvailable { b -> Int? in
        let common = min(a.count, b.count)
        if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
          let order = memcmp(pa, pb, common)
          if order != 0 { return order < 0 ? -1 : 1 }
        }
        if a.count == b.count { return 0 }
        // The shorter name's `.` against the longer name's next byte.
        let next = a.count > b.count ? a[common] : b[common]
        if next == UInt8(ascii: ".") { return nil }
        let dotFirst = UInt8(ascii: ".") < next
        return (a.count < b.count) == dotFirst ? -1 : 1
      }
    }
    // Strings not stored as UTF-8 (none that locmerge makes) take the general way.
    return (order ?? nil) ?? nil
  }

  /// The part of the relative path at `index`, in order, or `nil` past the last one (see
  /// ``relativePath``).
  fileprivate func pathPart(_ index: Int) -> String? {
    switch index {
    case 0: return directory
    case 1: return directory.isEmpty ? "" : "/"
    case 2: return kind == .xcstrings ? "" : language
    case 3: return kind == .xcstrings ? "" : ".lproj/"
    case 4: return table
    case 5: return "."
    case 6: return kind.fileExtension
    default: return nil
    }
  }
}

/// The bytes of an address's relative path, one at a time, without building it.
private struct PathBytes: IteratorProtocol {
  private let address: TableAddress
  private var part = 0
  private var bytes: String.UTF8View.Iterator

  init(_ address: TableAddress) {
    self.address = address
    bytes = (address.pathPart(0) ?? "").utf8.makeIterator()
  }

  mutating func next() -> UInt8? {
    while true {
      if let byte = bytes.next() { return byte }
      part += 1
      guard let text = address.pathPart(part) else { return nil }
      bytes = text.utf8.makeIterator()
    }
  }
}
