import Foundation

/// Locates `../shared` (formats, vectors, corpus) beside the package, when it is there.
///
/// A user's fresh clone has no `../shared`; tests that need it skip with a visible message (each test
/// target's `SharedFolder.required` trait). This target does not import `Testing`, so that
/// `swift build -c release --static-swift-stdlib`, which builds every non-test target, works.
public enum SharedFolder {
  /// The package's root folder.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared`, or `nil` when it is absent (set `LOCMERGE_SHARED` to point elsewhere).
  public static let url: URL? = {
    let candidates = [
      ProcessInfo.processInfo.environment["LOCMERGE_SHARED"].map { URL(fileURLWithPath: $0) },
      packageRoot.deletingLastPathComponent().appendingPathComponent("shared"),
    ].compactMap { $0 }
    // Resolved: a linked ../shared (a worktree beside the checkout) is walked like a folder.
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("formats").path) }?
      .resolvingSymlinksInPath()
  }()

  /// The message shown when a test is skipped because `../shared` is absent.
  public static let skipMessage =
    "../shared is absent (a fresh clone): tests against Apple vectors and the corpus are skipped"

  /// Every file under `relative` whose name ends in one of `extensions`, sorted.
  public static func files(under relative: String, extensions: Set<String>) -> [URL] {
    guard let root = url?.appendingPathComponent(relative),
      let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return [] }
    var result: [URL] = []
    for case let file as URL in enumerator where extensions.contains(file.pathExtension) {
      result.append(file)
    }
    return result.sorted { $0.path < $1.path }
  }

  /// Whether the corpus and vectors are available.
  public static var isAvailable: Bool { url != nil }
}
