import Foundation

/// What the plugin keeps in its work folder for one target.
struct WorkFolder {
  var url: URL

  init(_ url: URL) { self.url = url }

  /// The merged tables, and nothing else.
  var destination: URL { url.appending(path: "LocMerge", directoryHint: .isDirectory) }
  /// locmerge's record, stamp and lock (`--state`), beside the tables rather than among them. Only
  /// declared outputs become resources anyway.
  var state: URL { url.appending(path: "state", directoryHint: .isDirectory) }
  /// What `locmerge files --json` printed while SwiftPM planned the build: what was declared.
  var plannedFiles: URL { url.appending(path: "files.json") }
  /// Its diagnostics.
  var planningErrors: URL { url.appending(path: "files-errors.txt") }
  /// The same, asked again when the build command runs, to see whether the plan still holds.
  var currentFiles: URL { url.appending(path: "files-now.json") }
  /// A folder SwiftPM watches between builds (see ``CheckedBuild``).
  var replan: URL { url.appending(path: "replan", directoryHint: .isDirectory) }
}
