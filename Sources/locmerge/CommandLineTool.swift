import LayerMerge

/// Runs one command line: parse, execute, map the outcome to an exit status.
enum CommandLineTool {
  static let version = "0.1.0"

  /// Runs `locmerge` with the given arguments (without the program name).
  /// - Returns: The exit status to end the process with.
  static func run(arguments: [String], environment: [String: String], console: Console) -> ExitStatus {
    // A build setting set to the empty string is unset: `DERIVED_FILE_DIR=` must not turn
    // `$(DERIVED_FILE_DIR)/LocMerge` into `/LocMerge`, nor `SRCROOT=` into the current folder.
    let environment = environment.filter { !$0.value.isEmpty }
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      console.error(error.message)
      // The help of the command the line was for, when it names one.
      let topic =
        arguments.first.flatMap { CommandSpec.named($0) }?.name
        ?? (arguments.first?.hasPrefix("-") == true ? "merge" : nil)
      console.err("Run 'locmerge \(topic.map { "\($0) " } ?? "")--help' for usage.\n")
      return .usage
    }
    switch invocation.command {
    case .help(let topic):
      console.out(HelpText.text(for: topic))
      return .success
    case .version:
      console.out("locmerge \(version)\n")
      return .success
    case .print(let paths):
      return PrintCommand(console: console).run(paths: paths)
    case .merge(let options):
      return MergeCommand(options: options, environment: environment, console: console).run(mode: .merge)
    case .files(let options):
      return MergeCommand(options: options, environment: environment, console: console).run(mode: .files)
    case .lint(let options):
      return MergeCommand(options: options, environment: environment, console: console).run(mode: .lint)
    case .audit(let options):
      // Text for a terminal fits its width; anything else (a file, a pipe, a test) 100 columns.
      let width =
        console is StandardConsole && options.output == nil ? TerminalWidth.ofStandardOutput() : TerminalWidth.fallback
      return AuditCommand(options: options, console: console, width: width).run()
    case .compile(let options):
      return CompileCommand(options: options, console: console).run()
    case .extract(let options):
      return ExtractCommand(options: options, console: console).run()
    case .build(let options):
      return BuildCommand(options: options, environment: environment, console: console).run()
    case .projectFiles(let options):
      return ProjectFilesCommand(options: options, environment: environment, console: console).run()
    case .projectLint(let options):
      return ProjectLintCommand(options: options, environment: environment, console: console).run()
    case .projectAudit(let project, let options):
      return projectAudit(project, options, environment: environment, console: console)
    case .initProject(let options):
      return InitCommand(options: options, console: console).run()
    case .initXcode(let options):
      return InitXcodeCommand(options: options, console: console).run()
    case .xcode(let options):
      return XcodeCommand(options: options, environment: environment, console: console).run()
    case .usage(let options):
      return UsageCommand(options: options, environment: environment, console: console).run()
    case .export(let options):
      return ExportCommand(options: options, environment: environment, console: console).run()
    case .importTranslations(let options):
      return ImportCommand(options: options, environment: environment, console: console).run()
    }
  }

  /// `audit` with the project file: every chosen target's stack, the project's settings.
  private static func projectAudit(
    _ project: ProjectOptions, _ options: AuditOptions, environment: [String: String], console: Console
  ) -> ExitStatus {
    let context: ProjectContext
    do {
      context = try ProjectContext.load(project, environment: environment, console: console)
    } catch {
      return error.status
    }
    if let changesOf = options.changesOf, !context.targets.contains(where: { $0.name == changesOf }) {
      console.error("--changes names '\(changesOf)', which is not a target of the audit")
      return .usage
    }
    var options = options
    options.checks.settings = context.settings
    let width =
      console is StandardConsole && options.output == nil ? TerminalWidth.ofStandardOutput() : TerminalWidth.fallback
    return AuditCommand(options: options, console: console, width: width).run(
      base: context.project.base, targets: context.targets.map { ($0.name, $0.overlays) },
      projectFile: context.project.path)
  }
}
