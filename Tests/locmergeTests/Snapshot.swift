import Foundation
import Testing

/// Compares text with a golden file in `Tests/locmergeTests/Snapshots`. `RECORD_SNAPSHOTS=1`
/// rewrites the file and fails the test, so a recording is never mistaken for a pass.
func expectSnapshot(
  _ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name)")
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try Data(actual.utf8).write(to: url)
    Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
    return
  }
  guard let expected = FileManager.default.contents(atPath: url.path) else {
    Issue.record("no snapshot \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  #expect(
    actual == String(decoding: expected, as: UTF8.self), "differs from Snapshots/\(name)",
    sourceLocation: sourceLocation)
}
