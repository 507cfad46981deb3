import Foundation

/// ghostery's Xcode project (the largest shared one, 741 KB, 16 targets) beside its app's
/// localization files, copied from `../shared/corpus` (624 KB: a link would lead out of the
/// project, which `init`, `show` and `install` never read through), in a fresh temporary folder:
/// what the migration and Xcode benchmarks run on.
struct GhosteryScratch {
  /// The folder that holds `UserAgent.xcodeproj` and the app's files.
  let root: URL
  /// `UserAgent.xcodeproj`.
  let project: URL
  /// Its `project.pbxproj`.
  let projectFile: URL
  /// The project file's bytes as shared.
  let bytes: Data

  /// Makes the folder, named after `label`; ``remove()`` takes it away.
  init(shared: URL, label: String) throws {
    let app = "ghostery__user-agent-ios"
    let corpus = shared.appendingPathComponent("corpus/\(app)")
    bytes = try Data(contentsOf: shared.appendingPathComponent("xcodeproj/\(app)/UserAgent.xcodeproj/project.pbxproj"))
    root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-\(label)-\(UUID().uuidString)")
    project = root.appendingPathComponent("UserAgent.xcodeproj")
    projectFile = project.appendingPathComponent("project.pbxproj")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    for item in try FileManager.default.contentsOfDirectory(atPath: corpus.path) {
      try FileManager.default.copyItem(
        at: corpus.appendingPathComponent(item), to: root.appendingPathComponent(item))
    }
    try bytes.write(to: projectFile)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
