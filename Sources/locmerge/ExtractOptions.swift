import LayerMerge

/// Options of `extract`: the copies (`NAME=DIR`), the folder to create, brands and the report.
struct ExtractOptions: Equatable {
  enum Format: String, CaseIterable { case text, json }

  var copies: [LayerArgument] = []
  var output = ""
  /// Where `locmerge.json` goes; `nil`: beside OUT.
  var config: String?
  var groups: [ExtractionOptions.Group] = []
  var preferred: String?
  var format: Format = .text
  /// `--only-lproj`: a copy is its own `<lang>.lproj` folders and catalogs, not its subfolders'.
  var onlyLanguageFolders = false
  /// `--keep-errors`: migrate values `build` would refuse, as known errors of the project file.
  var keepErrors = false

  /// The library's options.
  var extraction: ExtractionOptions {
    ExtractionOptions(groups: groups, preferred: preferred, onlyLanguageFolders: onlyLanguageFolders)
  }

  /// The project file's path: `--config`, else `locmerge.json` in OUT's parent folder.
  var projectFile: String {
    config ?? PathText.join(PathText.parent(output), ProjectFileReader.fileName)
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> ExtractOptions {
    var scanner = ArgumentScanner(arguments, specs: CommandForm.extract.options)
    var options = ExtractOptions()
    var output: String?
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
          value.index(after: equals) != value.endIndex
        else {
          throw UsageError("each copy is given as NAME=DIR (the target's name, then its folder), got '\(value)'")
        }
        options.copies.append(
          LayerArgument(name: String(value[..<equals]), path: String(value[value.index(after: equals)...])))
      case .option(let name, let value):
        let value = value ?? ""
        switch name {
        case "--output":
          guard output == nil else { throw UsageError("-o/--output is given twice") }
          guard !value.isEmpty else { throw UsageError("-o needs a folder") }
          output = value
        case "--group":
          guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw UsageError("--group needs BRAND=NAME,NAME,…, got '\(value)'")
          }
          let members = value[value.index(after: equals)...].split(separator: ",").map(String.init)
          options.groups.append(ExtractionOptions.Group(name: String(value[..<equals]), members: members))
        case "--prefer":
          guard options.preferred == nil else { throw UsageError("--prefer is given twice") }
          options.preferred = value
        case "--config":
          guard options.config == nil else { throw UsageError("-c/--config is given twice") }
          guard !value.isEmpty else { throw UsageError("-c needs a file") }
          options.config = value
        case "--only-lproj": options.onlyLanguageFolders = true
        case "--keep-errors": options.keepErrors = true
        case "--format":
          guard let format = Format(rawValue: value) else {
            throw UsageError("unknown format '\(value)'; use text or json")
          }
          options.format = format
        default: throw .unhandled(name)
        }
      }
    }
    guard let output else { throw UsageError("missing -o OUT (the new folder for the base and the overlays)") }
    options.output = output
    guard !options.copies.isEmpty else {
      throw UsageError("extract needs the copies, as NAME=DIR: one folder per target with its full tables")
    }
    let problems = options.extraction.problems(targets: options.copies.compactMap(\.name))
    if let first = problems.first { throw UsageError(first) }
    return options
  }

  static func == (lhs: ExtractOptions, rhs: ExtractOptions) -> Bool {
    lhs.copies == rhs.copies && lhs.output == rhs.output && lhs.config == rhs.config && lhs.groups == rhs.groups
      && lhs.preferred == rhs.preferred && lhs.format == rhs.format
      && lhs.onlyLanguageFolders == rhs.onlyLanguageFolders && lhs.keepErrors == rhs.keepErrors
  }
}
