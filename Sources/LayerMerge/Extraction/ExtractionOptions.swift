/// How ``Extractor`` turns full per-target copies into a base and thin overlays.
public struct ExtractionOptions: Hashable, Sendable {
  /// A brand: targets that share an intermediate layer between the base and their own overlays.
  public struct Group: Hashable, Sendable {
    /// The brand's name; its layer is written to `OUT/<name>`.
    public var name: String
    /// The names of the targets in the brand, as the copies are named.
    public var members: [String]

    /// Creates a group.
    /// - Parameters:
    ///   - name: The brand's name.
    ///   - members: The targets it holds.
    public init(name: String, members: [String]) {
      self.name = name
      self.members = members
    }
  }

  /// The brands, each an intermediate layer (base → brand → target).
  public var groups: [Group]
  /// The target whose value the base (or a brand) takes when values are tied, if any.
  public var preferred: String?
  /// Whether a copy is only its own `<lang>.lproj` folders and String Catalogs (those directly in
  /// it or in its `mul.lproj`), not its subfolders': a copy may then hold another copy
  /// (`macosx` and `macosx/QuickLookPlugin`).
  public var onlyLanguageFolders: Bool

  /// Creates options.
  /// - Parameters:
  ///   - groups: The brands.
  ///   - preferred: The target that wins ties.
  ///   - onlyLanguageFolders: Read only each copy's own language folders and catalogs.
  public init(groups: [Group] = [], preferred: String? = nil, onlyLanguageFolders: Bool = false) {
    self.groups = groups
    self.preferred = preferred
    self.onlyLanguageFolders = onlyLanguageFolders
  }

  /// Whether a table of a copy counts, as ``onlyLanguageFolders`` says.
  func counts(_ address: TableAddress) -> Bool {
    !onlyLanguageFolders || address.languageFoldersDirectory.isEmpty
  }

  /// The name of the layer that holds what every target shares.
  public static let baseName = "Base"

  /// Every reason these options and target names cannot make a project, as sentences: a name that
  /// is not one plain folder name, a name used twice (targets and brands share `OUT`), a brand
  /// member or preferred target that is not a target, a target in two brands, an empty brand.
  /// - Parameter targets: The names of the copies, in order.
  /// - Returns: The problems, empty when extraction can go ahead.
  public func problems(targets: [String]) -> [String] {
    var problems: [String] = []
    var used: [String: String] = [Self.baseName.lowercased(): "the base"]
    func claim(_ name: String, as role: String) {
      if let reason = Self.folderNameProblem(name) {
        problems.append("\(role) name '\(name)' \(reason)")
      } else if let other = used[name.lowercased()] {
        // Case-insensitive file systems would put both in one folder.
        problems.append("\(role) name '\(name)' is already used by \(other); every layer needs its own folder")
      } else {
        used[name.lowercased()] = "\(role) '\(name)'"
      }
    }
    if targets.isEmpty { problems.append("no copies to extract from; give at least one NAME=DIR") }
    for name in targets { claim(name, as: "target") }
    var grouped: [String: String] = [:]
    for group in groups {
      claim(group.name, as: "brand")
      if group.members.isEmpty { problems.append("brand '\(group.name)' has no targets") }
      for member in group.members {
        if !targets.contains(member) {
          problems.append("brand '\(group.name)' names '\(member)', which is not a target (NAME=DIR)")
        } else if let other = grouped[member], other != group.name {
          problems.append("target '\(member)' is in two brands, '\(other)' and '\(group.name)'")
        } else if grouped[member] == group.name {
          problems.append("brand '\(group.name)' names '\(member)' twice")
        }
        grouped[member] = group.name
      }
    }
    if let preferred, !targets.contains(preferred) {
      problems.append("--prefer names '\(preferred)', which is not a target (NAME=DIR)")
    }
    return problems
  }

  // MARK: - Private

  private static func folderNameProblem(_ name: String) -> String? {
    if let problem = FolderName.problem(name) {
      return name.contains("/") ? "\(problem); it names one folder of OUT" : problem
    }
    if name.hasPrefix(".") { return "starts with '.'; hidden folders are not read as layers" }
    if name == ProjectFileReader.fileName { return "is the project file's name" }
    if name.hasSuffix(".lproj") { return "ends in .lproj; it would be read as a language folder" }
    return nil
  }
}
