import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Options of `init`.
struct InitOptions: Equatable {
  var base = ""
  var targetsFolder = ""
  var config = ProjectFileReader.fileName
  var destination = "$(DERIVED_FILE_DIR)/LocMerge"
  var force = false

  static func parse(_ arguments: [String]) throws(UsageError) -> InitOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.initialize.options)
    var options = InitOptions()
    var base: String?
    var targets: String?
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; give the folders with -b BASE --targets FOLDER")
      case .option(let name, let value):
        let value = value ?? ""
        switch name {
        case "--base": base = value
        case "--targets": targets = value
        case "--destination": options.destination = value
        case "--config": options.config = value
        case "--force": options.force = true
        default: throw .unhandled(name)
        }
      }
    }
    guard let base, !base.isEmpty else { throw UsageError("missing -b BASE (the folder with the shared translations)") }
    guard let targets, !targets.isEmpty else {
      throw UsageError("missing --targets FOLDER (the folder with one overlay folder per target)")
    }
    options.base = base
    options.targetsFolder = targets
    return options
  }
}

/// `locmerge init -b BASE --targets FOLDER`: writes a starting `locmerge.json` with one target per
/// folder of FOLDER, and prints the build phase that serves every target.
struct InitCommand {
  var options: InitOptions
  var console: Console

  func run() -> ExitStatus {
    for folder in [options.base, options.targetsFolder] where !LayerScanner.isDirectory(folder) {
      console.error("'\(folder)' is not a folder")
      return .usage
    }
    if !options.force, access(options.config, F_OK) == 0 {
      console.error("\(options.config) exists; give --force to replace it")
      return .usage
    }
    let project = ProjectFile.starting(
      path: options.config, base: options.base, targetsFolder: options.targetsFolder,
      destination: PathTemplate(options.destination))
    guard !project.targets.isEmpty else {
      console.error("'\(options.targetsFolder)' has no folders; each of its folders is a target")
      return .usage
    }
    // The project file must not replace or join a layer's sources.
    do {
      try ProjectContext.checkWrites(
        ProjectWriteCheck(writes: [.file(options.config, label: "the project file")], protected: project.layerPaths),
        console: console)
    } catch {
      return error.status
    }
    let text = ProjectFileWriter.text(for: project)
    // What init writes must read back: a folder name JSON or the reader cannot take is caught here.
    let check = ProjectFileReader.parse(Array(text.utf8), path: options.config)
    guard check.project != nil else {
      check.diagnostics.forEach(DiagnosticPrinter(console: console).print)
      return .internalError
    }
    do {
      try AtomicFile.writeIfChanged(Array(text.utf8), to: options.config)
    } catch {
      DiagnosticPrinter(console: console).print(error.diagnostic)
      return .failure
    }
    console.err(
      "locmerge: wrote \(DisplayText.escaped(options.config)) with \(project.targets.count) "
        + "target\(project.targets.count == 1 ? "" : "s") "
        + "(\(DisplayText.escaped(project.targets.map(\.name).joined(separator: ", ")))); add brands and shared "
        + "layers to their \"layers\"\n"
    )
    console.out(
      """
      Build phase for every target (Run Script, before Copy Bundle Resources, Shell /bin/sh):

        "$SRCROOT/tools/locmerge" build --target "$TARGET_NAME"

      Then declare its files with 'locmerge files' (see docs/xcode-integration.md).

      """)
    return .success
  }
}
