/// The project file, `locmerge.json`: every target's layer stack and destination, and the lint
/// settings, in one place, so one build-phase line serves every target.
///
///     {
///       "base": "Localization/Base",
///       "destination": "$(DERIVED_FILE_DIR)/LocMerge",
///       "targets": {
///         "AcmePro":  { "layers": ["Localization/Brands/Acme", "Localization/Targets/AcmePro"] },
///         "GlobexGo": { "layers": ["Localization/Brands/Globex", "Localization/Targets/GlobexGo"],
///                       "destination": "build/GlobexGo" }
///       },
///       "developmentLanguage": "en",
///       "rules": { "missing-translation": "off", "redundant-override": "error" },
///       "exclude": ["**/Untranslated.strings"],
///       "state": "$(DERIVED_FILE_DIR)/locmerge"
///     }
///
/// Paths are relative to the file's folder. docs/config.md describes every key; ``ProjectFileReader``
/// reads the file and reports every problem with its line and column.
public struct ProjectFile: Hashable, Sendable {
  /// One target: its overlays above the base, lowest first, and where its merged tables go.
  public struct Target: Hashable, Sendable {
    /// The target's name, as Xcode's `$(TARGET_NAME)` spells it.
    public var name: String
    /// The overlays above the base, lowest first, with paths resolved against the project folder.
    public var overlays: [Layer]
    /// The destination template for this target, if it has its own (see ``ProjectFile/destination``).
    public var destination: PathTemplate?
    /// Where the target's name stands in the project file.
    public var position: TextPosition?
    /// What this target writes for String Catalogs, if not what the project says
    /// (``MergeOptions/catalogOutput``): one flavor may write merged catalogs while the others
    /// write compiled tables.
    public var catalogOutput: CatalogOutput?
    /// The state folder template for this target, if it has its own (see ``ProjectFile/state``).
    public var state: PathTemplate?
    /// The target's code, as patterns of paths relative to the project folder (`"sources"`):
    /// what `locmerge usage` and the `missing-key` check read; `nil` takes the Xcode target of
    /// the same name.
    public var sources: [PathGlob]?

    /// Creates a target.
    public init(
      name: String, overlays: [Layer], destination: PathTemplate? = nil, position: TextPosition? = nil,
      catalogOutput: CatalogOutput? = nil, state: PathTemplate? = nil, sources: [PathGlob]? = nil
    ) {
      self.name = name
      self.overlays = overlays
      self.destination = destination
      self.position = position
      self.catalogOutput = catalogOutput
      self.state = state
      self.sources = sources
    }
  }

  /// Where each target's `.xcfilelist`s go (`locmerge files`), as templates with `{target}`.
  public struct FileLists: Hashable, Sendable {
    /// The input list's path template, relative to the project folder.
    public var inputs: PathTemplate
    /// The output list's path template, relative to the project folder.
    public var outputs: PathTemplate

    /// The default: `Localization/<target>-inputs.xcfilelist` and `-outputs.xcfilelist`.
    public static let `default` = FileLists(
      inputs: PathTemplate("Localization/{target}-inputs.xcfilelist"),
      outputs: PathTemplate("Localization/{target}-outputs.xcfilelist"))

    /// Creates the templates.
    public init(inputs: PathTemplate, outputs: PathTemplate) {
      self.inputs = inputs
      self.outputs = outputs
    }
  }

  /// The project file's path.
  public var path: String
  /// The folder relative paths start from: the project file's folder.
  public var folder: String
  /// The lowest layer of every target.
  public var base: Layer
  /// Where `"base"` is given in the file, when it was read from one: a problem with the base is
  /// reported there, not at a target.
  public var basePosition: TextPosition?
  /// The default destination template: may use `{target}` and build settings `$(NAME)` / `${NAME}`.
  public var destination: PathTemplate?
  /// The default state folder template — where each target's record, stamp and lock live — with
  /// `{target}` and build settings as in ``destination``; `nil` keeps them in `DEST/.locmerge/`.
  public var state: PathTemplate?
  /// The targets, in the file's order.
  public var targets: [Target] {
    didSet { targetIndex = NameIndex(targets.lazy.map(\.name)) }
  }
  /// Where each target's name first stands in ``targets``.
  private var targetIndex: NameIndex
  /// The settings every merge of the project uses: `developmentLanguage`, `rules` and `exclude`.
  public var options: MergeOptions
  /// Where `locmerge files` writes each target's file lists.
  public var fileLists: FileLists
  /// How `build` and `lint` report diagnostics (`"reporter"`), unless the command line says.
  public var reporter: DiagnosticReporter?
  /// The project's own lookup functions and properties (`"lookups"`), besides the standard ones.
  public var lookups: [LookupHelper] = []

  /// Creates a project description.
  public init(
    path: String, base: Layer, destination: PathTemplate? = nil, targets: [Target],
    options: MergeOptions = MergeOptions(),
    fileLists: FileLists = .default, state: PathTemplate? = nil, reporter: DiagnosticReporter? = nil
  ) {
    self.path = path
    self.folder = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
    self.base = base
    self.destination = destination
    self.state = state
    self.targets = targets
    self.targetIndex = NameIndex(targets.lazy.map(\.name))
    self.options = options
    self.fileLists = fileLists
    self.reporter = reporter
  }

  /// The target with this name, if the project has one.
  public func target(named name: String) -> Target? {
    targetIndex.position(of: name).map { targets[$0] }
  }

  /// The merge options of a target: `options` (the project's when `nil`) with the target's own
  /// ``Target/catalogOutput``, if it has one.
  public func options(for target: Target, from options: MergeOptions? = nil) -> MergeOptions {
    (options ?? self.options).catalogOutput(overriddenBy: target.catalogOutput)
  }

  /// A target's whole stack: the base, then its overlays.
  public func layers(of target: Target) -> [Layer] {
    [base] + target.overlays
  }

  /// Where a target's merged tables go: its own template or the project's, with `{target}` and
  /// build settings expanded, relative to the project folder.
  /// - Parameters:
  ///   - target: The target.
  ///   - environment: Build settings by name (the process environment inside Xcode).
  /// - Returns: The folder, or `nil` when neither the target nor the project names one.
  /// - Throws: ``PathTemplate/UnsetSettings`` naming every setting the environment lacks.
  public func destination(of target: Target, environment: [String: String]) throws(PathTemplate.UnsetSettings)
    -> String?
  {
    guard let template = target.destination ?? destination else { return nil }
    return PathText.join(folder, try template.expanded(target: target.name, environment: environment))
  }

  /// Where a target's record, stamp and lock live: its own state template or the project's, with
  /// `{target}` and build settings expanded, relative to the project folder.
  /// - Parameters:
  ///   - target: The target.
  ///   - environment: Build settings by name (the process environment inside Xcode).
  /// - Returns: The folder, or `nil` when neither names one (the state is `DEST/.locmerge/`).
  /// - Throws: ``PathTemplate/UnsetSettings`` naming every setting the environment lacks.
  public func state(of target: Target, environment: [String: String]) throws(PathTemplate.UnsetSettings) -> String? {
    guard let template = target.state ?? state else { return nil }
    return PathText.join(folder, try template.expanded(target: target.name, environment: environment))
  }
}
