import Foundation
import Testing

@testable import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a killed `extract` left beside its OUT is removed by a later run, and only that (issue 23,
/// case 11): a staging folder of this tool's name for the same OUT, whose process is gone and
/// which no one holds locked, with nothing but folders and files in it.
@Suite struct LeftoverCleanupTests {
  /// The id of a process that has just ended.
  static func deadProcess() throws -> pid_t {
    var pid: pid_t = 0
    let arguments = ["/bin/sh", "-c", "exit 0"]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    try #require(posix_spawn(&pid, "/bin/sh", nil, nil, &argv, nil) == 0)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return pid
  }

  @Test func aKilledExtractsStagingFolderIsRemovedByTheNextOne() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-leftover-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let dead = try Self.deadProcess()
    func make(_ name: String, link: Bool = false) throws -> String {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Base/en.lproj"), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: folder.appendingPathComponent("Base/en.lproj/L.strings"))
      if link {
        try FileManager.default.createSymbolicLink(
          atPath: folder.appendingPathComponent("link").path, withDestinationPath: "/")
      }
      return folder.path
    }
    let killed = try make(".Out.locmerge-\(dead)-12345.tmp")
    let running = try make(".Out.locmerge-\(getppid())-1.tmp")
    let locked = try make(".Out.locmerge-\(dead)-2.tmp")
    let otherOut = try make(".Other.locmerge-\(dead)-3.tmp")
    let notOurs = try make(".Out.locmerge-\(dead)-4.tmp", link: true)
    let lookalike = try make(".Out.locmerge-x\(dead)-5.tmp")
    // A run that is still writing holds its staging folder locked.
    let holder = open(locked, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    try #require(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)

    try FreshFolder.write([OutputFile(relativePath: "f", bytes: [1])], to: root.appendingPathComponent("Out").path)
    let left = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    #expect(!left.contains(PathText.lastComponent(killed)))
    #expect(
      left
        == ["Out", running, locked, otherOut, notOurs, lookalike].map { PathText.lastComponent($0) }.sorted())
    // The link inside the one that is not this tool's was not followed.
    #expect(FileManager.default.fileExists(atPath: notOurs + "/Base/en.lproj/L.strings"))
  }

  /// A failed write leaves no staging folder behind.
  @Test func aFailedExtractRemovesItsStagingFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-leftover-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(throws: OutputError.self) {
      try FreshFolder.write(
        [OutputFile(relativePath: "a", bytes: [1]), OutputFile(relativePath: "a/b", bytes: [2])],
        to: root.appendingPathComponent("Out").path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
  }
}
