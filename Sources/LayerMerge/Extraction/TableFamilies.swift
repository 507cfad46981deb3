/// Which tables of an Xcode project are per-target copies, as the project itself records them.
///
/// A **family** is a table name (`InfoPlist.strings`, `Localizable.xcstrings`) that two or more
/// product targets (``XcodeProject/Target/isProduct``: apps, extensions, plugin bundles, XPC
/// services) have under different files: each target's files are its copy, wherever they lie
/// (a brand folder for one table, a shared folder for another). `init --xcodeproj` extracts each
/// family into a base and an overlay per target. Tables the targets share through the same files,
/// and tables only one target has, are left where they are; a target whose copy misses a file on
/// disk is left out of the family (its build would fail anyway), and said so.
public struct TableFamilies: Hashable, Sendable {
  /// A table name several product targets copy.
  public struct Family: Hashable, Sendable {
    /// The table's file name.
    public var table: String
    /// Each target's copy, in the project's target order.
    public var members: [Member]

    /// The members' names.
    public var targets: [String] { members.map(\.target) }
  }

  /// One target's copy of a family's table.
  public struct Member: Hashable, Sendable {
    /// The target.
    public var target: String
    /// Each language's file relative to the source root (a catalog's one file under `"*"`).
    public var files: [String: String]
  }

  /// A table left where it is.
  public struct LeftTable: Hashable, Sendable {
    /// Why a table is left.
    public enum Reason: Hashable, Sendable {
      /// Every target that has it has the same files: nothing is copied.
      case sameFiles
      /// One product target has it.
      case oneTarget
      /// Only one target's copy is on disk (the others miss files).
      case oneCopyOnDisk
    }

    /// The table's file name.
    public var table: String
    /// The product targets that have it.
    public var targets: [String]
    /// Why it is left.
    public var reason: Reason
  }

  /// A target left out of a family because files of its copy are missing.
  public struct MissingCopy: Hashable, Sendable {
    /// The table's file name.
    public var table: String
    /// The target.
    public var target: String
    /// The files that do not exist, relative to the source root, sorted.
    public var missing: [String]
  }

  /// The families, sorted by table name.
  public var families: [Family]
  /// The tables of product targets that are left where they are, sorted by table name.
  public var left: [LeftTable]
  /// Copies left out of their family, sorted by table and target.
  public var missingCopies: [MissingCopy]
  /// The product targets, in the project's order.
  public var productTargets: [String]
  /// The project's development region (`developmentRegion`), if it names one.
  public var developmentRegion: String?

  /// Sorts the tables of a project's product targets.
  /// - Parameter project: The project, with its tables read (paths relative to its source root).
  public init(project: XcodeProject) {
    let products = project.targets.filter(\.isProduct)
    var holders: [String: [(target: String, files: [String: String])]] = [:]
    for target in products {
      for table in target.tables { holders[table.name, default: []].append((target.name, table.files)) }
    }
    var families: [Family] = []
    var left: [LeftTable] = []
    var missingCopies: [MissingCopy] = []
    for name in holders.keys.sorted() {
      let all = holders[name] ?? []
      guard all.count > 1 else {
        left.append(LeftTable(table: name, targets: all.map(\.target), reason: .oneTarget))
        continue
      }
      guard Set(all.map(\.files)).count > 1 else {
        left.append(LeftTable(table: name, targets: all.map(\.target), reason: .sameFiles))
        continue
      }
      var members: [Member] = []
      for holder in all {
        let missing = holder.files.values.filter { FileBytes.size(PathText.join(project.sourceRoot, $0)) == nil }
        if missing.isEmpty {
          members.append(Member(target: holder.target, files: holder.files))
        } else {
          missingCopies.append(MissingCopy(table: name, target: holder.target, missing: missing.sorted()))
        }
      }
      if members.count > 1 {
        families.append(Family(table: name, members: members))
      } else {
        left.append(LeftTable(table: name, targets: all.map(\.target), reason: .oneCopyOnDisk))
      }
    }
    self.families = families
    self.left = left
    self.missingCopies = missingCopies
    self.productTargets = products.map(\.name)
    self.developmentRegion = project.developmentRegion
  }

  /// The targets of every family, in the project's order.
  public var targets: [String] {
    let members = Set(families.flatMap(\.targets))
    return productTargets.filter(members.contains)
  }
}
