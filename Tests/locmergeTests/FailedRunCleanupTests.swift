import Foundation
import Testing

/// A run that fails while writing cleans up after itself (issue 23, case 11): a write error on
/// the record (the disk full) left the new outputs' temporary files, `pending-*.tmp`, in
/// `.locmerge/` until the next run.
@Suite struct FailedRunCleanupTests {
  /// The record is the largest file the run writes: with a file size limit below it (`ulimit -f`,
  /// the signal ignored so that the write fails with EFBIG as a full disk fails with ENOSPC),
  /// every output is ready and the record cannot be written.
  @Test func aFailedRecordLeavesNoTemporaryFiles() throws {
    let scratch = try Scratch()
    for table in 0..<200 {
      try scratch.write("\"key0\" = \"v\";\n", to: "Base/en.lproj/Table-with-a-long-name-\(table).strings")
    }
    try scratch.write("\"key0\" = \"w\";\n", to: "Target/en.lproj/Table-with-a-long-name-0.strings")
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\"", ToolRunner.binary.path, "-b", "Base", "-s", "Target",
        "-d", "Out",
      ], in: scratch.root, environment: [:])
    #expect(outcome.status == 1, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("File too large"), "\(outcome.standardError)")
    let left = (FileManager.default.enumerator(atPath: scratch.path("Out"))?.allObjects as? [String] ?? []).sorted()
    #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    #expect(
      !left.contains { $0.hasSuffix(".strings") || $0.hasSuffix(".lproj") }, "a failed run wrote outputs: \(left)")
  }
}
