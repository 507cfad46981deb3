import LayerMerge

/// A parsed command line: what to run and with which options. Parsing does no I/O.
struct Invocation: Equatable {
  /// The subcommands.
  enum Command: Equatable {
    case help(String?)
    case version
    case print(paths: [String])
    case merge(MergeOptions)
    case files(MergeOptions)
    case lint(MergeOptions)
    case audit(AuditOptions)
    case compile(CompileOptions)
    /// `extract`: full per-target copies into a base and overlays.
    case extract(ExtractOptions)
    /// `build`: targets of the project file.
    case build(ProjectOptions)
    /// `files` without `-b`: every target's file lists from the project file.
    case projectFiles(ProjectOptions)
    /// `lint` without `-b`: every target of the project file.
    case projectLint(ProjectOptions)
    /// `audit` without `-b`: every target's stack from the project file.
    case projectAudit(ProjectOptions, AuditOptions)
    /// `init`: a starting project file.
    case initProject(InitOptions)
    /// `init --xcodeproj`: the per-target copies an Xcode project records, extracted.
    case initXcode(InitXcodeOptions)
    /// `xcode show`, `xcode install`, `xcode uninstall`.
    case xcode(XcodeOptions)
    /// `usage`: the keys each target's code looks up against its tables.
    case usage(ProjectOptions)
    /// `export`: XLIFF for translators.
    case export(ExportOptions)
    /// `import`: translated XLIFF back into the layers.
    case importTranslations(ImportOptions)
  }

  var command: Command

  /// The words that select a command, and `help`.
  static let subcommands = CommandSpec.all.map(\.name) + ["help"]

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return Invocation(command: .help(nil)) }
    if first == "--version" { return Invocation(command: .version) }
    if first == "--help" || first == "-h" { return Invocation(command: .help(nil)) }
    if first == "help" {
      let topic = arguments.dropFirst().first
      if let topic, !subcommands.contains(topic) {
        let hint = ArgumentScanner.closest(to: topic, among: subcommands).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("no help for '\(topic)'\(hint) (topics: \(subcommands.joined(separator: ", ")))")
      }
      return Invocation(command: .help(topic))
    }
    let name: String
    let rest: [String]
    if first.hasPrefix("-") {
      name = "merge"
      rest = arguments
    } else if subcommands.contains(first) {
      name = first
      rest = Array(arguments.dropFirst())
    } else {
      let hint = ArgumentScanner.closest(to: first, among: subcommands).map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError("unknown command '\(first)'\(hint)")
    }
    if rest.contains("--help") || rest.contains("-h") { return Invocation(command: .help(name)) }
    switch name {
    case "print": return Invocation(command: .print(paths: try parsePrint(rest)))
    case "merge": return Invocation(command: .merge(try MergeOptions.parse(rest, form: .merge)))
    case "build": return Invocation(command: .build(try ProjectOptions.parse(rest, for: .build)))
    case "init" where rest.contains { $0 == "--xcodeproj" || $0.hasPrefix("--xcodeproj=") }:
      return Invocation(command: .initXcode(try InitXcodeOptions.parse(rest)))
    case "init": return Invocation(command: .initProject(try InitOptions.parse(rest)))
    case "compile": return Invocation(command: .compile(try CompileOptions.parse(rest)))
    case "extract": return Invocation(command: .extract(try ExtractOptions.parse(rest)))
    case "xcode": return Invocation(command: .xcode(try XcodeOptions.parse(rest)))
    case "usage": return Invocation(command: .usage(try ProjectOptions.parse(rest, for: .usage)))
    case "export": return Invocation(command: .export(try ExportOptions.parse(rest)))
    case "import": return Invocation(command: .importTranslations(try ImportOptions.parse(rest)))
    default: break
    }
    // files, lint and audit read the project file unless the layers are given with -b.
    let namesLayers = ProjectOptions.namesLayers(rest)
    if namesLayers, let config = rest.first(where: { $0 == "--config" || $0 == "-c" || $0.hasPrefix("--config=") }) {
      throw UsageError("\(config) and -b are two ways to name the layers; give one")
    }
    switch name {
    case "files" where namesLayers:
      return Invocation(command: .files(try MergeOptions.parse(rest, form: .filesWithLayers)))
    case "files": return Invocation(command: .projectFiles(try ProjectOptions.parse(rest, for: .files)))
    case "lint" where namesLayers:
      return Invocation(command: .lint(try MergeOptions.parse(rest, form: .lintWithLayers)))
    case "lint": return Invocation(command: .projectLint(try ProjectOptions.parse(rest, for: .lint)))
    case _ where namesLayers: return Invocation(command: .audit(try AuditOptions.parse(rest)))
    default:
      let (project, audit) = try AuditOptions.parseForProject(rest)
      return Invocation(command: .projectAudit(project, audit))
    }
  }

  private static func parsePrint(_ arguments: [String]) throws(UsageError) -> [String] {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.print.options)
    var paths: [String] = []
    while let token = try scanner.next() {
      if case .positional(let path) = token { paths.append(path) }
    }
    guard !paths.isEmpty else { throw UsageError("'print' needs at least one file") }
    return paths
  }
}

/// A layer named on the command line: `-b DIR`, or `-s [NAME=]DIR`, optionally named
/// (`-s Acme=Brands/Acme`).
struct LayerArgument: Equatable {
  var name: String?
  var path: String

  /// Parses `PATH` or `NAME=PATH`.
  init(_ argument: String) {
    if let equals = argument.firstIndex(of: "="), !argument[..<equals].contains("/") {
      name = String(argument[..<equals])
      path = String(argument[argument.index(after: equals)...])
    } else {
      name = nil
      path = argument
    }
  }

  init(name: String?, path: String) {
    self.name = name
    self.path = path
  }

  /// The layer: `NAME=PATH` names the folder PATH, unless the whole argument is a folder and PATH
  /// is not (a folder named `a=b`).
  var layer: Layer {
    // The first `=` split the argument, so NAME=PATH is the argument as given.
    if let name, LayerScanner.isDirectory(name + "=" + path), !LayerScanner.isDirectory(path) {
      return Layer(name: nil, path: name + "=" + path)
    }
    return Layer(name: name, path: path)
  }
}

/// `--development-language`, `--rule` and `--exclude`: the settings the library applies to every
/// merge, shared by `merge`, `files`, `lint` and `audit`.
struct CheckArguments: Equatable {
  var settings = LayerMerge.MergeOptions()

  /// Takes one of the three options; `false` if `name` is another option.
  mutating func take(_ name: String, _ value: String) throws(UsageError) -> Bool {
    switch name {
    case "--development-language":
      guard !value.isEmpty else { throw UsageError("--development-language needs a language, such as en or de") }
      settings.developmentLanguage = value
    case "--rule":
      guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
        throw UsageError("--rule needs CODE=error|warning|off, got '\(value)'")
      }
      do {
        try settings.rules.set(
          level: String(value[value.index(after: equals)...]), forCode: String(value[..<equals]))
      } catch {
        throw UsageError("--rule \(value): \(error)")
      }
    case "--exclude":
      guard !value.isEmpty else { throw UsageError("--exclude needs a pattern, such as 'Settings.bundle'") }
      settings.exclude.append(PathGlob(value))
    default:
      return false
    }
    return true
  }
}

/// Options of `merge`, `files` and `lint`.
struct MergeOptions: Equatable {
  var base: LayerArgument
  var overlays: [LayerArgument] = []
  var destination: String?
  /// `--state DIR`: the folder of the record, stamp and lock, instead of `DEST/.locmerge`.
  var state: String?
  var outputFileList: String?
  var inputFileList: String?
  var depfile: String?
  var srcroot: String?
  var provenance: String?
  var strict = false
  var quiet = false
  /// `--reporter`; `nil` is Xcode's format.
  var reporter: DiagnosticReporter?
  var checks = CheckArguments()

  /// Parses the options of `merge`, or of `files` or `lint` with `-b`: those `form` lists.
  static func parse(_ arguments: [String], form: CommandForm) throws(UsageError) -> MergeOptions {
    var scanner = ArgumentScanner(arguments, specs: form.options)
    var base: LayerArgument?
    var options = MergeOptions(base: LayerArgument(name: nil, path: ""))
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; layers are given with -b BASE and -s OVERLAY")
      case .option(let name, let value):
        let value = value ?? ""
        if try options.checks.take(name, value) { continue }
        switch name {
        case "--base":
          guard base == nil else { throw UsageError("-b/--base is given twice; use -s for overlays") }
          base = LayerArgument(name: nil, path: value)  // a folder, as its help says: never NAME=DIR
        case "--overlay": options.overlays.append(LayerArgument(value))
        case "--destination": options.destination = value
        case "--state": options.state = value
        case "--output-file-list": options.outputFileList = value
        case "--input-file-list": options.inputFileList = value
        case "--depfile": options.depfile = value
        case "--srcroot": options.srcroot = value
        case "--provenance": options.provenance = value
        case "--strict": options.strict = true
        case "--catalogs":
          options.checks.settings.catalogOutput = try CatalogOutput(argument: value)
        case "--quiet": options.quiet = true
        case "--reporter": options.reporter = try DiagnosticReporter(argument: value)
        default: throw .unhandled(name)
        }
      }
    }
    guard let base else { throw UsageError("missing -b BASE (the folder with the shared translations)") }
    options.base = base
    let requiresDestination = form.uses.contains { $0.option.canonical == "--destination" && $0.place == .required }
    if requiresDestination && options.destination == nil {
      throw UsageError("missing -d DEST (the folder that receives the merged tables)")
    }
    return options
  }
}

/// Options of `audit`.
struct AuditOptions: Equatable {
  enum Format: String, CaseIterable { case text, markdown, csv, json, html }

  var base: LayerArgument
  var targets: [(name: String, layers: [String])] = []
  var format: Format = .text
  var keyPattern: String?
  var changesOf: String?
  var output: String?
  /// The marks `--status` keeps; empty keeps every row.
  var statuses: Set<AuditReport.Mark> = []
  var checks = CheckArguments()

  static func == (lhs: AuditOptions, rhs: AuditOptions) -> Bool {
    lhs.base == rhs.base && lhs.format == rhs.format && lhs.keyPattern == rhs.keyPattern
      && lhs.changesOf == rhs.changesOf && lhs.output == rhs.output && lhs.statuses == rhs.statuses
      && lhs.checks == rhs.checks
      && lhs.targets.map(\.name) == rhs.targets.map(\.name) && lhs.targets.map(\.layers) == rhs.targets.map(\.layers)
  }

  /// `audit` with the project file: `--config F` and `--target NAME` choose the project and its
  /// targets; every other option is as with `-b`.
  static func parseForProject(_ arguments: [String]) throws(UsageError) -> (ProjectOptions, AuditOptions) {
    var project = ProjectOptions()
    var optional: ProjectOptions? = project
    let (audit, _) = try parse(arguments, form: .auditWithProject, project: &optional)
    project = optional ?? project
    project.checks = audit.checks
    return (project, audit)
  }

  /// `audit -b BASE --target NAME=LAYERS…`.
  static func parse(_ arguments: [String]) throws(UsageError) -> AuditOptions {
    var project: ProjectOptions?
    var (options, base) = try parse(arguments, form: .auditWithLayers, project: &project)
    guard let base else { throw UsageError("missing -b BASE (the folder with the shared translations)") }
    options.base = base
    guard !options.targets.isEmpty else { throw UsageError("audit needs at least one --target NAME=LAYER") }
    var names: Set<String> = []
    for target in options.targets where !names.insert(target.name).inserted {
      throw UsageError("--target '\(target.name)' is given twice")
    }
    if let changesOf = options.changesOf, !options.targets.contains(where: { $0.name == changesOf }) {
      throw UsageError("--changes names '\(changesOf)', which is not a --target")
    }
    return options
  }

  /// The options `form` lists; `--config` and `--target NAME` go to `project` (the form with the
  /// project file), `--target NAME=LAYERS` to the result.
  private static func parse(_ arguments: [String], form: CommandForm, project: inout ProjectOptions?)
    throws(UsageError) -> (AuditOptions, base: LayerArgument?)
  {
    var scanner = ArgumentScanner(arguments, specs: form.options)
    var options = AuditOptions(base: LayerArgument(name: nil, path: ""))
    var base: LayerArgument?
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; targets are given with --target NAME=LAYER[:LAYER…]")
      case .option(let name, let value):
        let value = value ?? ""
        if try options.checks.take(name, value) { continue }
        switch name {
        case "--base": base = LayerArgument(name: nil, path: value)  // a folder, as its help says: never NAME=DIR
        case "--config": project?.config = value
        case "--target" where project != nil:
          guard !value.isEmpty, !value.contains("=") else {
            throw UsageError(
              "--target takes a target's name from \(ProjectFileReader.fileName), got '\(value)' "
                + "(NAME=LAYERS needs -b BASE)")
          }
          project?.targets.append(value)
        case "--target":
          // NAME= (no layer) audits the base alone.
          guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw UsageError("--target needs NAME=LAYER[:LAYER…] (or NAME= for the base alone), got '\(value)'")
          }
          let layers = value[value.index(after: equals)...].split(separator: ":").map(String.init)
          options.targets.append((String(value[..<equals]), layers))
        case "--status":
          for word in value.split(separator: ",") {
            guard let mark = AuditReport.Mark(rawValue: String(word)), mark != .inherited else {
              throw UsageError(
                "unknown status '\(word)'; use overridden, added, redundant or error, separated by commas")
            }
            options.statuses.insert(mark)
          }
        case "--format":
          guard let format = Format(rawValue: value) else {
            let formats = Format.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown format '\(value)'; use one of \(formats)")
          }
          options.format = format
        case "--key": options.keyPattern = value
        case "--changes": options.changesOf = value
        case "--output": options.output = value
        default: throw .unhandled(name)
        }
      }
    }
    return (options, base)
  }
}
