import Foundation
import PackagePlugin

/// What the plugin does when `locmerge` is not built yet as SwiftPM plans the build.
///
/// `swift build` builds a plugin's tools before it runs the plugin, but Swift Build (Xcode, and
/// `swift build --build-system swiftbuild`) builds them afterwards, in the same build: on a clean
/// build the plugin cannot ask the tool which tables the target gets. Declaring none would make a
/// bundle without its tables and a build that passes. Instead this build fails with a message,
/// after the tool is built; the next build finds it. The binary plugin (an artifact bundle) never
/// gets here.
enum NotBuiltYet {
  static func command(tool: URL, target: String) -> Command {
    let message =
      "error: LocMergePlugin: locmerge was not built yet when this build asked which tables '\(target)' gets "
      + "(Xcode and Swift Build build a plugin's tools after asking it); it is built now: build again. "
      + "The binary plugin (docs/swiftpm-plugin.md) does not have this step."
    Diagnostics.warning("LocMergePlugin: \(tool.path) is not built yet; this build of '\(target)' will fail once")
    return .buildCommand(
      displayName: "locmerge: \(target) needs a second build", executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "printf '%s\\n' \"$1\" >&2; exit 1", "sh", message], inputFiles: [tool], outputFiles: [])
  }
}
