import LayerMerge

/// `locmerge import PATH…`: translated XLIFF files (bare, in `.xcloc` folders, or a folder of
/// them) back into the layers that own their strings (``TranslationImport``). Every file is read
/// and every translation checked before anything is written; errors write nothing.
struct ImportCommand {
  var options: ImportOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let printer = DiagnosticPrinter(console: console)
    let context: ProjectContext
    do {
      context = try ProjectContext.load(options.project, environment: environment, console: console)
    } catch {
      return error.status
    }
    let project = context.project
    var diagnostics: [Diagnostic] = []
    var paths: [String] = []
    for path in options.paths {
      do {
        paths += try XclocBundle.xliffPaths(in: path)
      } catch {
        diagnostics.append(error.diagnostic)
      }
    }
    let (files, unreadable) = TranslationImportFile.read(xliffFiles: paths)
    diagnostics += unreadable
    let plan = TranslationImport(files, project: project, skippingInvalid: options.skipInvalid)
    diagnostics += plan.diagnostics
    // Writes only into the layers; never into the project file or a target's output.
    let check = ProjectWriteCheck(
      writes: plan.changes.map { .file($0.path, label: "the table") },
      protected: project.protectedPaths().filter { $0.role != .source || $0.path == project.path })
    diagnostics += check.problems().map(\.diagnostic)
    // The project's "rules" may silence a warning; errors that keep translations out stay.
    diagnostics = context.settings.rules.apply(to: diagnostics)
    diagnostics.forEach(printer.print)
    guard !diagnostics.containsErrors else {
      console.err("locmerge: nothing imported\n")
      return .failure
    }
    let root = project.folder
    if options.dryRun {
      console.out(plan.diff(relativeTo: root))
      console.err("locmerge: \(summary(plan, root: root)); nothing written (--dry-run)\n")
      return .success
    }
    do {
      try plan.write()
    } catch {
      printer.print(error.diagnostic)
      console.err("locmerge: nothing imported\n")
      return .failure
    }
    console.err("locmerge: \(summary(plan, root: root))\n")
    return .success
  }

  /// "12 translations into 3 files (created: …); 2 not translated yet, 1 left out".
  private func summary(_ plan: TranslationImport, root: String) -> String {
    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let changed = plan.changes.reduce(0) { $0 + $1.units }
    var text =
      plan.changes.isEmpty
      ? "\(counted(plan.translatedUnits, "translation")) read; every table already has them"
      : "\(counted(changed, "translation")) into \(counted(plan.changes.count, "file"))"
    for change in plan.changes where change.original == nil {
      let path = DisplayText.escaped(TranslationExport.original(change.path, root: root))
      text += "; created \(path)" + (change.encoding.map { " in \($0), as its development-language file" } ?? "")
    }
    if plan.untranslatedUnits > 0 { text += "; \(plan.untranslatedUnits) not translated yet" }
    if plan.skippedUnits > 0 { text += "; \(plan.skippedUnits) left out" }
    return text
  }
}
