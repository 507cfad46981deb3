import LayerMerge

struct MergeCommand {
  enum Mode { case merge, files, lint }
  var options: MergeOptions
  var environment: [String: String]
  var console: Console
  func run(mode: Mode) -> ExitStatus { .internalError }
}
