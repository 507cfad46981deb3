import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `locmerge export -o DIR`: one XLIFF file (or `.xcloc`) per language for translators, from the
/// project's targets (``TranslationExport``). The folder is checked against every layer and
/// source of the project before anything is read or written; each file is replaced atomically,
/// and only when its bytes change.
struct ExportCommand {
  var options: ExportOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let context: ProjectContext
    do {
      context = try ProjectContext.load(options.project, environment: environment, console: console)
      try context.checkLayers(console: console)
      let folder = PathText.absolute(options.output)
      let check = ProjectWriteCheck(
        writes: [
          ProjectWriteCheck.Path(folder, role: .destination, label: "the export folder \(DisplayText.escaped(folder))")
        ],
        protected: context.project.protectedPaths())
      try ProjectContext.checkWrites(check, console: console)
    } catch {
      return error.status
    }
    let export = TranslationExport(
      project: context.project, targets: context.targets, options: context.settings, languages: options.languages,
      all: options.all)
    guard export.diagnostics.isEmpty else {
      export.diagnostics.forEach(printer.print)
      console.err("locmerge: nothing exported: the targets have errors 'build' would refuse; fix them first\n")
      return .failure
    }
    let folder = PathText.absolute(options.output)
    let tool = XLIFFTool(id: "locmerge", name: "locmerge", version: CommandLineTool.version)
    // Rendered on every core beforehand; an .xcloc lays its own out below.
    let renderings = options.xcloc ? [] : export.renderedXLIFF(tool: tool)
    do {
      for (index, language) in export.languages.enumerated() {
        let name = language.language + (options.xcloc ? ".xcloc" : ".xliff")
        let path = PathText.join(folder, name)
        guard language.unitCount > 0 || options.all else {
          let earlier = access(path, F_OK) == 0 ? " (\(DisplayText.escaped(path)) is from an earlier export)" : ""
          console.err("locmerge: \(language.language): nothing needs a translator\(earlier)\n")
          continue
        }
        let problems: [XLIFFWriteProblem]
        if options.xcloc {
          let document = language.xliff(developmentLanguage: export.developmentLanguage, tool: tool)
          let sources = language.tables.compactMap { table in
            FileBytes.read(table.path).map { XclocBundle.File(relativePath: table.original, bytes: $0) }
          }
          let bundle = XclocBundle.contents(
            for: document, language: language.language, developmentLanguage: export.developmentLanguage,
            project: PathText.lastComponent(PathText.absolute(context.project.folder)), sourceContents: sources)
          for folder in bundle.folders { try FolderPath.create(PathText.join(path, folder)) }
          for file in bundle.files { try write(file.bytes, to: PathText.join(path, file.relativePath)) }
          problems = bundle.problems
        } else {
          let rendering = renderings[index]
          try write(rendering.bytes, to: path)
          problems = rendering.problems
        }
        for problem in problems {
          console.err("locmerge: warning: \(DisplayText.escaped(problem.description)); the unit is left out\n")
        }
        console.err("locmerge: \(language.language): \(summary(language)) → \(DisplayText.escaped(path))\n")
      }
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    return .success
  }

  /// "5 strings in 3 tables (2 missing, 1 whose text a layer changed, 2 translated)".
  private func summary(_ language: TranslationExport.Language) -> String {
    let units = language.tables.flatMap(\.units)
    var parts: [String] = []
    let missing = units.count { $0.need == .missing }
    let changed = units.count { $0.need == .translatesOtherText }
    let translated = units.count { $0.target != nil }
    if missing > 0 { parts.append("\(missing) missing") }
    if changed > 0 { parts.append("\(changed) whose text a layer changed") }
    if translated > 0 { parts.append("\(translated) translated") }
    return "\(counted(units.count, "string")) in \(counted(language.tables.count, "table"))"
      + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
  }

  private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  /// Writes a file atomically, creating its folders.
  private func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    try FolderPath.create(PathText.parent(path))
    try AtomicFile.writeIfChanged(bytes, to: path)
  }
}
