import Foundation

/// What the plugin keeps in its work folder for one target.
struct WorkFolder {
  var url: URL

  init(_ url: URL) { self.url = url }

  /// The merged tables: only declared outputs become resources, so locmerge's record, stamp and
  /// lock (in `.locmerge/` inside it) stay out of the bundle.
  var destination: URL { url.appending(path: "LocMerge", directoryHint: .isDirectory) }
  /// What `locmerge files --json` printed while SwiftPM planned the build: what was declared.
  var plannedFiles: URL { url.appending(path: "files.json") }
  /// Its diagnostics.
  var planningErrors: URL { url.appending(path: "files-errors.txt") }
  /// The same, asked again when the build command runs, to see whether the plan still holds.
  var currentFiles: URL { url.appending(path: "files-now.json") }
  /// A folder SwiftPM watches between builds (see ``CheckedBuild``).
  var replan: URL { url.appending(path: "replan", directoryHint: .isDirectory) }
}
