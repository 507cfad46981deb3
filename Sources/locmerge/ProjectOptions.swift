import LayerMerge

/// Options of the commands that take their layers from the project file: `build`, and `files`,
/// `lint` and `audit` when no `-b` is given.
struct ProjectOptions: Equatable {
  /// `--shard I/N`: the I-th of N disjoint shares of the targets.
  struct Shard: Equatable {
    var index: Int
    var count: Int
  }

  /// The command the options are for; each accepts a different set.
  enum Command: String {
    case build, files, lint, audit, usage
  }

  /// `--config F`; `nil` looks for `locmerge.json` in the current folder, then in `$SRCROOT`.
  var config: String?
  /// `--target NAME`, in order; empty means every target.
  var targets: [String] = []
  var shard: Shard?
  /// `-d DEST`: a destination instead of the project file's (`build`).
  var destination: String?
  /// `--state DIR`: where each target's record, stamp and lock live, instead of the project
  /// file's `state` (`build`).
  var state: String?
  var strict = false
  var quiet = false
  /// `--reporter`, over the project file's `"reporter"` (`build`, `lint`).
  var reporter: DiagnosticReporter?
  /// `files --check`: compare the lists on disk with what they should say, write nothing.
  var check = false
  /// `files --json`: print each target's inputs and outputs as JSON, write nothing (the SwiftPM plugin).
  var json = false
  var srcroot: String?
  /// `--catalogs compiled|merged` (`build`, `files`): on top of the project file's `catalogs`.
  var catalogOutput: CatalogOutput?
  /// `--xcodeproj P`: the Xcode project the targets' code is read from (`usage`, `lint`, `build`).
  var xcodeproj: String?
  /// `--sources DIR`: the targets' code is the source files under these folders (the SwiftPM plugin).
  var sources: [String] = []
  var checks = CheckArguments()

  /// The form of the command with the project file: the options it takes.
  static func form(for command: Command) -> CommandForm {
    switch command {
    case .build: return .build
    case .files: return .filesWithProject
    case .lint: return .lintWithProject
    case .audit: return .auditWithProject
    case .usage: return .usage
    }
  }

  /// Whether a command line of `files`, `lint` or `audit` names its layers itself (`-b BASE`)
  /// rather than reading the project file.
  static func namesLayers(_ arguments: [String]) -> Bool {
    arguments.contains { $0 == "-b" || $0 == "--base" || $0.hasPrefix("--base=") }
  }

  static func parse(_ arguments: [String], for command: Command) throws(UsageError) -> ProjectOptions {
    if command == .build,
      let layer = arguments.first(where: { ["-b", "--base", "-s", "--overlay"].contains($0.prefix { $0 != "=" }) })
    {
      throw UsageError(
        "build takes every layer from \(ProjectFileReader.fileName), not \(layer); to merge layers named on the "
          + "command line, use 'locmerge merge -b BASE -s OVERLAY -d DEST'")
    }
    var scanner = ArgumentScanner(arguments, specs: form(for: command).options)
    var options = ProjectOptions()
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError(
          "unexpected argument '\(value)'; targets are chosen with --target NAME (the layers come from "
            + "\(ProjectFileReader.fileName))")
      case .option(let name, let value):
        let value = value ?? ""
        if try options.checks.take(name, value) { continue }
        switch name {
        case "--config": options.config = value
        case "--target":
          guard !value.isEmpty, !value.contains("=") else {
            throw UsageError(
              "--target takes a target's name from \(ProjectFileReader.fileName), got '\(value)'"
                + (value.contains("=") ? " (NAME=LAYERS needs -b BASE)" : ""))
          }
          options.targets.append(value)
        case "--shard":
          guard options.shard == nil else { throw UsageError("--shard is given twice; give one I/N") }
          options.shard = try parseShard(value)
        case "--destination": options.destination = value
        case "--state": options.state = value
        case "--strict": options.strict = true
        case "--quiet": options.quiet = true
        case "--reporter": options.reporter = try DiagnosticReporter(argument: value)
        case "--check": options.check = true
        case "--json": options.json = true
        case "--catalogs":
          options.catalogOutput = try CatalogOutput(argument: value)
        case "--srcroot": options.srcroot = value
        case "--xcodeproj":
          guard !value.isEmpty else { throw UsageError("--xcodeproj needs a project, such as App.xcodeproj") }
          options.xcodeproj = value
        case "--sources":
          guard !value.isEmpty else { throw UsageError("--sources needs a folder of source files") }
          options.sources.append(value)
        default: throw .unhandled(name)
        }
      }
    }
    if options.check && options.json {
      throw UsageError("--check and --json cannot be combined: --json prints the files, --check compares the lists")
    }
    if options.json, let reporter = options.reporter, reporter != .xcode {
      throw UsageError(
        "--json and --reporter \(reporter.rawValue) both print on standard output; the JSON document holds every "
          + "finding")
    }
    return options
  }

  /// `I/N` with 1 ≤ I ≤ N, both written with digits only (no sign).
  private static func parseShard(_ value: String) throws(UsageError) -> Shard {
    let parts = value.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
    else {
      throw UsageError("--shard needs I/N with 1 ≤ I ≤ N, such as 2/4, got '\(value)'")
    }
    return Shard(index: index, count: count)
  }
}
