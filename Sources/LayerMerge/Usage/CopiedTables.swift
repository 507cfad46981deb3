/// Without a project file: the tables each Xcode target copies today (``XcodeProject/Target/tables``),
/// each file read once however many targets copy it, as one layer per target — to merge and check
/// its code against, as `locmerge usage --xcodeproj` does before any migration — and one holder
/// per table for the unused keys.
public struct CopiedTables: Sendable {
  /// Each target's tables as one layer, in the order of the targets.
  public var layers: [LoadedLayer]
  /// Each distinct table (its files in every language), with the targets that copy it.
  public var holders: [UnusedKeys.Holder]

  /// Reads the tables of these targets.
  /// - Parameters:
  ///   - project: The Xcode project.
  ///   - targets: Targets of the project.
  ///   - developmentLanguage: Whose file a holder's path is, when its table has one.
  public init(_ project: XcodeProject, targets: [XcodeProject.Target], developmentLanguage: String? = nil) {
    var distinct: [String] = []
    var seen: Set<String> = []
    for target in targets {
      for table in target.tables {
        for path in table.files.values.sorted() where seen.insert(path).inserted { distinct.append(path) }
      }
    }
    enum Read: Sendable {
      case table(ParsedFile)
      case catalog(ParsedCatalog)
    }
    let root = project.sourceRoot
    let read = distinct.concurrentMap { path -> Read in
      let full = PathText.join(root, path)
      if let kind = LocalizationFileKind(path: path), kind != .xcstrings {
        return .table(LocalizationFileReader.read(path: full, kind: kind))
      }
      return .catalog(StringCatalogReader.read(path: full))
    }
    var byPath: [String: Read] = [:]
    for (path, result) in zip(distinct, read) { byPath[path] = result }

    func loaded(_ tables: [XcodeProject.LocalizedTable], name: String) -> LoadedLayer {
      var layer = LoadedLayer(layer: Layer(name: name, path: root), files: [:])
      for table in tables {
        for (language, path) in table.files.sorted(by: { $0.key < $1.key }) {
          switch byPath[path] {
          case .table(let parsed)?:
            guard let kind = LocalizationFileKind(path: path) else { continue }
            let address = TableAddress(
              directory: "", language: language, table: String(table.name.dropLast(kind.fileExtension.count + 1)),
              kind: kind)
            if layer.files[address] == nil { layer.files[address] = parsed }
          case .catalog(let parsed)?:
            guard let address = TableAddress(catalogPath: table.name), layer.catalogs[address] == nil else { continue }
            layer.catalogs[address] = parsed
          case nil: continue
          }
        }
      }
      return layer
    }
    layers = targets.map { loaded($0.tables, name: $0.name) }
    var holders: [UnusedKeys.Holder] = []
    var holderIndex: [[String]: Int] = [:]
    for target in targets {
      for table in target.tables {
        let files = table.files.values.sorted()
        if let index = holderIndex[files] {
          holders[index].users.append((target.name, []))
          continue
        }
        holderIndex[files] = holders.count
        let first = PathText.join(root, developmentLanguage.flatMap { table.files[$0] } ?? files.first ?? table.name)
        holders.append(
          UnusedKeys.Holder(
            path: first, name: Self.name(of: table), loaded: loaded([table], name: target.name),
            users: [(target.name, [])]))
      }
    }
    self.holders = holders
  }

  /// How messages name a copied table: `Shelf/*.lproj/Localizable.strings`, or a catalog's path.
  private static func name(of table: XcodeProject.LocalizedTable) -> String {
    guard !table.isCatalog else { return table.files.values.sorted().first ?? table.name }
    let folders = Set(table.files.values.map { PathText.parent(PathText.parent($0)) })
    guard folders.count == 1, let folder = folders.first else { return table.name }
    return (folder.isEmpty ? "" : folder + "/") + "*.lproj/" + table.name
  }
}
