import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `locmerge files` with the project file: every chosen target's input and output `.xcfilelist`,
/// at the paths `fileLists` names; with `--check`, only says which lists are out of date.
struct ProjectFilesCommand {
  var options: ProjectOptions
  var environment: [String: String]
  var console: Console

  func run() -> ExitStatus {
    let context: ProjectContext
    let code: TargetCode
    do {
      context = try ProjectContext.load(options, environment: environment, console: console)
      try context.checkLayers(console: console)
      // The code the build phase checks is among its inputs.
      code = try TargetCode.find(
        project: context.project, targets: context.targets, options: options, environment: environment,
        console: console, required: false)
    } catch {
      return error.status
    }
    if options.json { return printJSON(context, code: code) }
    let printer = DiagnosticPrinter(console: console)
    let targetLists: [ProjectFile.TargetFileLists]
    do {
      let project = context.project
      targetLists = try project.fileLists(
        for: context.targets, environment: environment, srcroot: options.srcroot ?? environment["SRCROOT"],
        options: context.settings
      ) { target, options in project.plannedFiles(of: target, options: options).addingCode(code.inputs(of: target)) }
    } catch {
      console.error(error.description)
      return .usage
    }
    // A list must not replace a source, land in a destination, or be another list.
    do {
      try ProjectContext.checkWrites(context.project.writeCheck(writingFileLists: targetLists), console: console)
    } catch {
      return error.status
    }
    let lists = targetLists.flatMap { [$0.inputs, $0.outputs] }
    if options.check {
      let stale = lists.filter { !$0.isOnDisk }
      for list in stale {
        let problem =
          access(list.path, F_OK) == 0
          ? "the file list is out of date (a language, table or layer changed)" : "the file list is missing"
        printer.print(
          Diagnostic(
            .error, .staleFileList, problem + "; run 'locmerge files' to write it", at: SourceLocation(path: list.path))
        )
      }
      console.err("locmerge: \(lists.count - stale.count) of \(lists.count) file lists up to date\n")
      return stale.isEmpty ? .success : .failure
    }
    // All together or none; leftover temporary files are looked for once per folder, not once per
    // list (a folder of thousands of lists was listed once for each of them).
    var transaction = FileTransaction(root: context.project.sourceRoot)
    for list in lists { transaction.replace(list.path, with: list.bytes) }
    let written: Int
    do {
      written = try transaction.commit().count
    } catch {
      printer.print(error.diagnostic)
      return .failure
    }
    console.err("locmerge: \(lists.count) file lists: \(written) written, \(lists.count - written) unchanged\n")
    return .success
  }

  /// `--json`: every chosen target's layer folders and inputs (absolute) and outputs (relative to
  /// its destination), for a build system that declares them itself, such as the SwiftPM plugin.
  /// Writes nothing.
  private func printJSON(_ context: ProjectContext, code: TargetCode) -> ExitStatus {
    let targets = context.targets.map { target -> JSONValue in
      let planned = context.project.plannedFiles(of: target, options: context.settings).addingCode(
        code.inputs(of: target))
      return .object([
        ("name", .string(target.name)), ("layers", .array(planned.layers.map(JSONValue.string))),
        ("inputs", .array(planned.inputs.map(JSONValue.string))),
        ("outputs", .array(planned.outputs.map(JSONValue.string))),
      ])
    }
    console.out(JSONValue.object([("targets", .array(targets))]).serialized(indent: 2) + "\n")
    return .success
  }
}
