import LayerMerge

struct AuditCommand {
  var options: AuditOptions
  var console: Console
  func run() -> ExitStatus { .internalError }
}
