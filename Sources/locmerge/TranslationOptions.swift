import LayerMerge

/// Options of `export`.
struct ExportOptions: Equatable {
  /// `-o DIR`.
  var output = ""
  /// `--lang L`, in order; empty for every language a target ships.
  var languages: [String] = []
  var all = false
  var xcloc = false
  /// The project file and targets (`--config`, `--target`, the check options).
  var project = ProjectOptions()

  static func parse(_ arguments: [String]) throws(UsageError) -> ExportOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.export.options)
    var options = ExportOptions()
    var output: String?
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; name the folder with -o DIR and languages with --lang")
      case .option(let name, let value):
        let value = value ?? ""
        if try options.project.checks.take(name, value) { continue }
        switch name {
        case "--output":
          guard !value.isEmpty else { throw UsageError("-o needs a folder") }
          output = value
        case "--lang":
          guard LanguageCode.isValid(value) else {
            throw UsageError("--lang needs a language code such as de or zh-Hans, got '\(value)'")
          }
          if !options.languages.contains(value) { options.languages.append(value) }
        case "--target":
          guard !value.isEmpty, !value.contains("=") else {
            throw UsageError("--target takes a target's name from \(ProjectFileReader.fileName), got '\(value)'")
          }
          options.project.targets.append(value)
        case "--all": options.all = true
        case "--xcloc": options.xcloc = true
        case "--config": options.project.config = value
        default: throw .unhandled(name)
        }
      }
    }
    guard let output else { throw UsageError("missing -o DIR (the folder for the translators' files)") }
    options.output = output
    return options
  }
}

/// Options of `import`.
struct ImportOptions: Equatable {
  /// The XLIFF files, `.xcloc` folders and folders of them.
  var paths: [String] = []
  var dryRun = false
  var skipInvalid = false
  /// The project file (`--config`).
  var project = ProjectOptions()

  static func parse(_ arguments: [String]) throws(UsageError) -> ImportOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.importTranslations.options)
    var options = ImportOptions()
    while let token = try scanner.next() {
      switch token {
      case .positional(let path): options.paths.append(path)
      case .option(let name, let value):
        switch name {
        case "--dry-run": options.dryRun = true
        case "--skip-invalid": options.skipInvalid = true
        case "--config": options.project.config = value
        default: throw .unhandled(name)
        }
      }
    }
    guard !options.paths.isEmpty else {
      throw UsageError("'import' needs the translated files: an .xliff file, an .xcloc folder, or a folder of them")
    }
    return options
  }
}
