/// Settings of a merge: which tables it leaves out and how it checks the rest. The command line
/// (`--development-language`, `--rule`, `--exclude`) and the project file build the same value.
public struct MergeOptions: Hashable, Sendable {
  /// The language other languages are compared with for missing translations and format
  /// arguments. `nil` picks `en` if the base has it, else the language whose base tables hold
  /// the most keys (English variants first on a tie), else `Base`.
  public var developmentLanguage: String?
  /// Levels of diagnostic codes that differ from the default.
  public var rules: CheckRules
  /// Tables left out of the merge entirely (not read, checked, merged or written), by their path
  /// inside a layer.
  public var exclude: [PathGlob]
  /// What is written for tables some layer holds as a String Catalog: the compiled tables
  /// (default) or the merged catalog.
  public var catalogOutput: CatalogOutput
  /// The folder the merge writes to: symbolic links from a layer into it are skipped, so that
  /// outputs are never read back as inputs.
  public var destination: String?
  /// Values a check reports as errors that the project keeps (the project file's `"baseline"`):
  /// their diagnostics are not reported.
  public var baseline: [KnownError] = []

  /// Creates options.
  /// - Parameters:
  ///   - developmentLanguage: The development language, or `nil` to pick one.
  ///   - rules: Levels of diagnostic codes.
  ///   - exclude: Patterns of tables to leave out.
  ///   - catalogOutput: What is written for String Catalogs.
  ///   - destination: The folder the merge writes to, or `nil`.
  ///   - baseline: Known errors not to report.
  public init(
    developmentLanguage: String? = nil, rules: CheckRules = CheckRules(), exclude: [PathGlob] = [],
    catalogOutput: CatalogOutput = .compiled, destination: String? = nil, baseline: [KnownError] = []
  ) {
    self.developmentLanguage = developmentLanguage
    self.rules = rules
    self.exclude = exclude
    self.catalogOutput = catalogOutput
    self.destination = destination
    self.baseline = baseline
  }

  /// Whether a table at this path inside a layer is left out.
  /// - Parameter relativePath: The table's path inside its layer.
  /// - Returns: `true` if an exclude pattern matches it.
  public func excludes(_ relativePath: String) -> Bool {
    exclude.contains { $0.matches(relativePath) }
  }

  /// These options with one target's own catalog output, if it has one.
  func catalogOutput(overriddenBy output: CatalogOutput?) -> MergeOptions {
    var options = self
    if let output { options.catalogOutput = output }
    return options
  }
}
