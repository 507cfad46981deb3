import Foundation
import LayerMerge

/// The `locmerge` executable: everything happens in ``CommandLineTool``.
@main
enum LocMerge {
  static func main() {
    ShortLivedProcess.keepFreedMemory()
    let status = CommandLineTool.run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
      console: StandardConsole())
    exit(status.rawValue)
  }
}
