/// Every form of every command: the options each parser takes, and where each usage line shows
/// them. Forms with the project file come first where a command has both.
extension CommandForm {
  /// The uses, then the three check options (listed).
  private static func withChecks(_ uses: [Use]) -> [Use] { uses + OptionSpec.checks.map(Use.listed) }
  private static let withProject = "with locmerge.json (no -b)"
  private static let withLayers = "with -b"

  static let build = CommandForm(
    words: "build",
    uses: withChecks([
      .shown(.buildTarget), .shown(.shard), .shown(.buildDestination), .listed(.buildState), .shown(.config),
      .shown(.strict), .listed(.quiet), .listed(.reporter), .listed(.projectCatalogs), .listed(.checkedXcodeproj),
      .listed(.sourceFolders),
    ]))

  static let merge = CommandForm(
    words: "[merge]",
    uses: withChecks([
      .required(.base), .shown(.overlay), .required(.destination), .listed(.state), .listed(.inputFileList),
      .listed(.outputFileList), .listed(.depfile), .listed(.srcroot), .listed(.provenance), .listed(.strict),
      .listed(.quiet), .listed(.reporter), .listed(.catalogs),
    ]))

  static let filesWithProject = CommandForm(
    words: "files", label: withProject,
    uses: withChecks([
      .shown(.projectTarget), .shown(.check), .shown(.config), .listed(.filesJSON), .listed(.projectSrcroot),
      .listed(.projectCatalogs),
    ]))

  static let filesWithLayers = CommandForm(
    words: "files", label: withLayers,
    uses: withChecks([
      .required(.base), .shown(.overlay), .required(.filesDestination), .shown(.inputFileList),
      .shown(.outputFileList), .listed(.depfile), .listed(.srcroot), .listed(.catalogs),
    ]))

  static let lintWithProject = CommandForm(
    words: "lint", label: withProject,
    uses: withChecks([
      .shown(.projectTarget), .shown(.shard), .shown(.config), .shown(.strict), .listed(.quiet), .listed(.reporter),
      .listed(.checkedXcodeproj), .listed(.sourceFolders),
    ]))

  static let usage = CommandForm(
    words: "usage",
    uses: withChecks([
      .shown(.usageTarget), .shown(.usageXcodeproj), .shown(.usageJSON), .listed(.config), .listed(.sourceFolders),
      .listed(.strict), .listed(.quiet), .listed(.reporter),
    ]))

  static let lintWithLayers = CommandForm(
    words: "lint", label: withLayers,
    uses: withChecks([
      .required(.base), .shown(.overlay), .shown(.strict), .listed(.quiet), .listed(.reporter), .listed(.provenance),
      .listed(.lintDestination),
    ]))

  static let auditWithProject = CommandForm(
    words: "audit", label: withProject,
    uses: withChecks([
      .shown(.projectTarget), .shown(.config), .shown(.auditFormat), .listed(.key), .listed(.changes),
      .listed(.status), .listed(.auditOutput),
    ]))

  static let auditWithLayers = CommandForm(
    words: "audit", label: withLayers,
    uses: withChecks([
      .required(.base), .required(.auditTarget), .shown(.auditFormat), .listed(.key), .listed(.changes),
      .listed(.status), .listed(.auditOutput),
    ]))

  static let initXcode = CommandForm(
    words: "init", label: "with --xcodeproj",
    uses: [.required(.xcodeprojOption), .shown(.initOutput), .shown(.initDryRun), .shown(.keepErrors)])

  static let initialize = CommandForm(
    words: "init", label: "with -b",
    uses: [.required(.initBase), .required(.targets), .shown(.initDestination), .shown(.initConfig), .shown(.force)])

  static let print = CommandForm(
    words: "print", operands: ("FILE...", "A .strings, .stringsdict or .xcstrings file."), uses: [.shown(.json)])

  static let compile = CommandForm(
    words: "compile", operands: ("CATALOG.xcstrings...", "The String Catalogs to compile."), operandsFirst: true,
    uses: [.required(.outputDirectory), .shown(.language), .shown(.dryRun), .shown(.forceBuildAllStrings)])

  static let extract = CommandForm(
    words: "extract", operands: ("NAME=DIR...", "A target and the folder with its full <lang>.lproj tables."),
    uses: [
      .required(.extractOutput), .shown(.group), .shown(.prefer), .shown(.onlyLproj), .shown(.keepErrors),
      .listed(.extractConfig), .shown(.extractFormat),
    ])

  static let export = CommandForm(
    words: "export",
    uses: withChecks([
      .required(.exportOutput), .shown(.exportLanguage), .shown(.exportTarget), .shown(.exportAll), .shown(.xcloc),
      .listed(.config),
    ]))

  static let importTranslations = CommandForm(
    words: "import",
    operands: ("PATH...", "An XLIFF file, an .xcloc folder, or a folder of them (as translators send them back)."),
    uses: [.shown(.importDryRun), .shown(.skipInvalid), .listed(.config)])

  static let xcodeShow = CommandForm(
    words: "xcode show", label: "of show",
    uses: [.shown(.xcodeProject), .shown(.xcodeJSON), .listed(.xcodeConfig)])

  static let xcodeInstall = CommandForm(
    words: "xcode install", label: "of install",
    uses: [
      .shown(.xcodeProject), .shown(.installTarget), .shown(.installDryRun), .shown(.xcodeCheck),
      .shown(.removeCopies), .listed(.tool), .listed(.xcodeConfig),
    ])

  static let xcodeUninstall = CommandForm(
    words: "xcode uninstall", label: "of uninstall",
    uses: [.shown(.xcodeProject), .shown(.uninstallTarget), .shown(.uninstallDryRun), .listed(.xcodeConfig)])
}
