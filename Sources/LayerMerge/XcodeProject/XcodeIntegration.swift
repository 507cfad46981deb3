/// An Xcode project together with the project file (`locmerge.json`) that says what each of its
/// targets merges: what `locmerge xcode show`, `install` and `uninstall` work on.
///
/// It answers, per target: whether the phase is there and current for the project file, which
/// tables are per-target copies (other targets have a table of that name under different files),
/// and which copies are in the way of the merged tables (the same file in the product twice is
/// Xcode's "Multiple commands produce" error).
public struct XcodeIntegration: Sendable {
  /// A table a target still copies into its product that the phase writes there too.
  public struct CopyInTheWay: Hashable, Sendable {
    /// The target.
    public var target: String
    /// The table (`Localizable.strings`, `Localizable.xcstrings`).
    public var table: String
    /// Its files, relative to the source root, sorted.
    public var files: [String]
    /// How the table reaches the target.
    public var source: XcodeProject.LocalizedTable.Source
    /// Languages of the copy that the merge does not write (they leave the app with the copy).
    public var languagesNotMerged: [String]
  }

  /// The Xcode project.
  public let project: XcodeProject
  /// The project file, when there is one.
  public let configuration: ProjectFile?

  /// Puts a project and its project file together.
  public init(project: XcodeProject, configuration: ProjectFile?) {
    self.project = project
    self.configuration = configuration
  }

  /// The phase every configured target gets, or `nil` without a project file.
  /// - Parameter tool: The `locmerge` the phase runs.
  public func phase(tool: LocMergePhase.Tool) -> RunScriptPhase? {
    guard let configuration else { return nil }
    let root = PathText.absolute(project.sourceRoot)
    let configPath = Self.relative(PathText.absolute(configuration.path), to: root)
    func listPath(_ template: PathTemplate) -> String {
      let written = template.replacingTarget(with: "$(TARGET_NAME)")
      if written.hasPrefix("$(") { return written }
      return Self.relative(PathText.absolute(PathText.join(configuration.folder, written)), to: root)
    }
    return LocMergePhase.phase(
      tool: tool, configuration: configPath == ProjectFileReader.fileName ? nil : configPath,
      inputFileList: listPath(configuration.fileLists.inputs), outputFileList: listPath(configuration.fileLists.outputs)
    )
  }

  /// The tool the installed phases run (the first one found), so that a rerun without `--tool`
  /// keeps it on every machine.
  public var installedTool: LocMergePhase.Tool? {
    let document = project.document
    for target in project.targets {
      for id in XcodeProjectEditor.installedPhases(named: LocMergePhase.name, in: target, project: project) {
        guard let object = document.object(id), let script = document.value("shellScript", in: object) else {
          continue
        }
        // Format 90 writes the script as lines.
        let text =
          document.kind(script) == .array
          ? document.children(script).compactMap(document.string).joined(separator: "\n") : document.string(script)
        if let tool = text.flatMap(LocMergePhase.tool(inScript:)) { return tool }
      }
    }
    return nil
  }

  /// Whether a target has the phase, current for the project file: a target the project file
  /// does not name should have none (a phase there is outdated: `uninstall` it).
  /// - Parameters:
  ///   - target: A target of the project.
  ///   - tool: The tool the phase should run.
  public func status(of target: XcodeProject.Target, tool: LocMergePhase.Tool) -> XcodeProjectEditor.PhaseStatus {
    let name = LocMergePhase.name
    guard let phase = phase(tool: tool), configuration?.target(named: target.name) != nil else {
      let installed = !XcodeProjectEditor.installedPhases(named: name, in: target, project: project).isEmpty
      return installed || XcodeProjectEditor.orphan(named: name, of: target, in: project) != nil ? .outdated : .absent
    }
    return XcodeProjectEditor.status(of: phase, in: project, target: target)
  }

  /// The tables each target has under files other targets do not share: a table name that
  /// several targets have, with different files. By target name.
  public var perTargetCopies: [String: Set<String>] {
    var filesByTable: [String: Set<[String]>] = [:]
    for target in project.targets {
      for table in target.tables { filesByTable[table.name, default: []].insert(table.files.values.sorted()) }
    }
    var result: [String: Set<String>] = [:]
    for target in project.targets {
      for table in target.tables where (filesByTable[table.name]?.count ?? 0) > 1 {
        result[target.name, default: []].insert(table.name)
      }
    }
    return result
  }

  /// The copies of tables a target still has that the phase writes into its product too.
  /// - Parameters:
  ///   - target: A target of the project file.
  ///   - outputs: The tables the target's merge writes (``LayerMerger/plannedFiles(_:options:)``).
  public func copiesInTheWay(of target: XcodeProject.Target, outputs: [TableAddress]) -> [CopyInTheWay] {
    // What lands at the top of the product: `<lang>.lproj/<Table>.<ext>`, by table and extension.
    var merged: [String: Set<String>] = [:]
    for output in outputs where output.directory.isEmpty && !output.isCatalog {
      merged[output.table + "." + output.kind.fileExtension, default: []].insert(output.language)
    }
    var copies: [CopyInTheWay] = []
    for table in target.tables {
      let base = String(table.name.dropLast(PathText.pathExtension(table.name).count + 1))
      let languages: Set<String>
      let clashes: Bool
      if table.isCatalog {
        // Xcode compiles a copied catalog into `<lang>.lproj/<Table>.strings` and `.stringsdict`.
        languages = (merged[base + ".strings"] ?? []).union(merged[base + ".stringsdict"] ?? [])
        clashes = !languages.isEmpty
      } else {
        languages = merged[table.name] ?? []
        clashes = !languages.isDisjoint(with: table.files.keys)
      }
      guard clashes else { continue }
      for source in table.sources {
        copies.append(
          CopyInTheWay(
            target: target.name, table: table.name, files: table.files.values.sorted(), source: source,
            languagesNotMerged: table.isCatalog ? [] : table.files.keys.filter { !languages.contains($0) }.sorted()))
      }
    }
    return copies
  }

  // MARK: - Private

  /// `path` relative to `base`, both absolute: `a/b` under it, `../c` beside it.
  static func relative(_ path: String, to base: String) -> String {
    let pathParts = path.split(separator: "/")
    let baseParts = base.split(separator: "/")
    var common = 0
    while common < pathParts.count, common < baseParts.count, pathParts[common] == baseParts[common] { common += 1 }
    let up = Array(repeating: "..", count: baseParts.count - common)
    return (up + pathParts[common...].map(String.init)).joined(separator: "/")
  }
}
