/// An Xcode project together with the project file (`locmerge.json`) that says what each of its
/// targets merges: what `locmerge xcode show`, `install` and `uninstall` work on.
///
/// It answers, per target: whether the phase is there and current for the project file, which
/// tables are per-target copies (other targets have a table of that name under different files),
/// and which copies are in the way of the merged tables (the same file in the product twice is
/// Xcode's "Multiple commands produce" error).
public struct XcodeIntegration: Sendable {
  /// A build file (or synchronized-folder item) a target still copies into its product that
  /// brings a file the phase writes there too.
  public struct CopyInTheWay: Hashable, Sendable {
    /// A file that taking the copy out would take out of the app: the phase does not write it.
    public struct LostFile: Hashable, Sendable {
      /// The file.
      public var file: XcodeProject.ProductFile
      /// The languages it brings that the phase does not write: its folder's (none for a file in
      /// no language folder), or those a catalog compiles into; empty for a catalog whose
      /// languages cannot be known (outside the project, unreadable).
      public var languages: [String]
    }

    /// The target.
    public var target: String
    /// What Xcode calls the copy: the table (`Localizable.strings`, `Localizable.xcstrings`) or,
    /// for an interface's variant group, the interface (`MainInterface.storyboard`).
    public var table: String
    /// Every file it brings, relative to the source root, sorted.
    public var files: [String]
    /// How it reaches the target.
    public var source: XcodeProject.LocalizedTable.Source
    /// The interface it translates, when it is an interface's variant group.
    public var interface: String?
    /// What the phase writes that the copy brings too, where it lands in the product
    /// (`en.lproj/Localizable.strings`), sorted.
    public var written: [String]
    /// What the copy brings that the phase does not write: taking it out would take these out of
    /// the app, so `--remove-copies` refuses.
    public var lost: [LostFile]

    /// Languages of the copy that the merge does not write (they leave the app with the copy).
    public var languagesNotMerged: [String] { Set(lost.flatMap(\.languages)).sorted() }
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
    for target in project.targets {
      for id in XcodeProjectEditor.installedPhases(named: LocMergePhase.name, in: target, project: project) {
        let script = XcodeProjectEditor.script(ofPhase: id, in: project.document)
        if let tool = script.flatMap(LocMergePhase.tool(inScript:)) { return tool }
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

  /// The copies a target still has that bring a file the phase writes into its product too,
  /// each with what taking it out would lose: every file it brings that the phase does not write
  /// (a language the layers lack, an interface's storyboard). A copied catalog brings the
  /// `.strings` and `.stringsdict` of each language it holds; its languages are read from it (inside
  /// the source root only).
  /// - Parameters:
  ///   - target: A target of the project file.
  ///   - outputs: The tables the target's merge writes (``LayerMerger/plannedFiles(_:options:)``).
  public func copiesInTheWay(of target: XcodeProject.Target, outputs: [TableAddress]) -> [CopyInTheWay] {
    // What lands at the top of the product: `<lang>.lproj/<Table>.<ext>`.
    var merged: Set<String> = []
    for output in outputs where output.directory.isEmpty && !output.isCatalog {
      merged.insert("\(output.language).lproj/\(output.table).\(output.kind.fileExtension)")
    }
    guard !merged.isEmpty else { return [] }
    var copies: [CopyInTheWay] = []
    for item in target.localizedSources {
      var written: [String] = []
      var lost: [CopyInTheWay.LostFile] = []
      for file in item.files {
        guard file.isCatalog else {
          if merged.contains(file.productPath) {
            written.append(file.productPath)
          } else {
            lost.append(CopyInTheWay.LostFile(file: file, languages: file.language.map { [$0] } ?? []))
          }
          continue
        }
        // Xcode compiles a copied catalog into `<lang>.lproj/<Table>.strings` and, for plural and
        // device variations, `.stringsdict`: a language is kept only if the phase writes each.
        let table = String(file.name.dropLast(".xcstrings".count))
        guard let products = catalogProducts(file) else {
          // Languages unknown: any language of the table the phase writes may clash.
          let clashing = merged.filter {
            PathText.lastComponent($0) == table + ".strings" || PathText.lastComponent($0) == table + ".stringsdict"
          }
          written += clashing.sorted()
          lost.append(CopyInTheWay.LostFile(file: file, languages: []))
          continue
        }
        var missing: [String] = []
        for (language, paths) in products.sorted(by: { $0.key < $1.key }) {
          let present = paths.filter(merged.contains)
          written += present
          if present.isEmpty || present.count < paths.count { missing.append(language) }
        }
        if !missing.isEmpty { lost.append(CopyInTheWay.LostFile(file: file, languages: missing)) }
      }
      guard !written.isEmpty else { continue }
      copies.append(
        CopyInTheWay(
          target: target.name, table: item.name, files: item.files.map(\.path).sorted(), source: item.source,
          interface: item.interface, written: Set(written).sorted(), lost: lost))
    }
    return copies
  }

  /// What a catalog compiles into, per language (its source language and every language it has
  /// a localization for): `<lang>.lproj/<Table>.strings` and, for variations, `.stringsdict`, as
  /// ``CatalogCompiler`` writes them; `nil` when it lies outside the source root or cannot be read.
  private func catalogProducts(_ file: XcodeProject.ProductFile) -> [String: [String]]? {
    guard !file.isOutsideProject, !file.path.hasPrefix("$("),
      let catalog = StringCatalogReader.read(path: PathText.join(project.sourceRoot, file.path)).catalog
    else { return nil }
    let table = String(file.name.dropLast(".xcstrings".count))
    var products: [String: [String]] = [:]
    for language in [catalog.sourceLanguage] + catalog.languages {
      products[language] = ["\(language).lproj/\(table).strings"]
    }
    let compiled = CatalogCompiler.compile(catalog, path: PathText.join(project.sourceRoot, file.path))
    for language in compiled.languages where !language.stringsdict.isEmpty {
      products[language.language, default: []].append("\(language.language).lproj/\(table).stringsdict")
    }
    return products
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
