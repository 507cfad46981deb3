import Foundation
import Testing

@testable import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several files replaced together, all or nothing (``FileTransaction``), and the folder lock that
/// serializes edits of a project (``FolderLock``).
@Suite struct FileTransactionTests {
  static func scratch() throws -> TemporaryLayers {
    let scratch = try TemporaryLayers([:])
    try scratch.write(Data("old a".utf8), to: "a.txt")
    try scratch.write(Data("old c".utf8), to: "c.txt")
    return scratch
  }

  static func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  static func text(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `a.txt` replaced, `new/b.txt` created in a new folder, `c.txt` replaced expecting what it holds.
  static func transaction(_ scratch: TemporaryLayers) -> FileTransaction {
    var transaction = FileTransaction(root: scratch.root.path)
    transaction.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    transaction.replace(scratch.path("new/b.txt"), with: Array("new b".utf8))
    transaction.replace(
      scratch.path("c.txt"), with: Array("new c".utf8), expecting: .unchanged(Array("old c".utf8), fingerprint: nil),
      durable: true)
    return transaction
  }

  @Test func everyFileIsReplacedAndNoTemporaryFileStays() throws {
    let scratch = try Self.scratch()
    let written = try Self.transaction(scratch).commit()
    #expect(written == [scratch.path("a.txt"), scratch.path("new/b.txt"), scratch.path("c.txt")])
    #expect(Self.text(scratch.path("a.txt")) == "new a")
    #expect(Self.text(scratch.path("new/b.txt")) == "new b")
    #expect(Self.text(scratch.path("c.txt")) == "new c")
    #expect(try Self.names(in: scratch.root.path) == ["a.txt", "c.txt", "new"])
    // Again: every file holds its bytes, nothing is written.
    var again = FileTransaction(root: scratch.root.path)
    again.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    again.replace(
      scratch.path("new/b.txt"), with: Array("new b".utf8), expecting: .unchanged(Array("new b".utf8), fingerprint: nil)
    )
    #expect(try again.commit().isEmpty)
  }

  @Test func aFileSavedBeforeTheRenamesStopsEverything() throws {
    let scratch = try Self.scratch()
    let staged = try Self.transaction(scratch).stage()
    #expect(staged.temporaries.count == 3)
    // Another program saves c.txt: the same length, other bytes.
    try scratch.write(Data("mod c".utf8), to: "c.txt")
    #expect(throws: OutputError.changedSinceRead(path: scratch.path("c.txt"))) { try staged.commit() }
    #expect(Self.text(scratch.path("a.txt")) == "old a")
    #expect(Self.text(scratch.path("c.txt")) == "mod c")
    // No temporary file, and not the folder it created for b.txt.
    #expect(try Self.names(in: scratch.root.path) == ["a.txt", "c.txt"])
  }

  @Test func aFileTouchedSinceItWasReadCountsAsChanged() throws {
    let scratch = try Self.scratch()
    let read = try #require(FileBytes.readWithFingerprint(scratch.path("c.txt")))
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, scratch.path("c.txt"), &times, 0) == 0)
    var transaction = FileTransaction(root: scratch.root.path)
    transaction.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    transaction.replace(
      scratch.path("c.txt"), with: Array("new c".utf8), expecting: .unchanged(read.bytes, fingerprint: read.fingerprint)
    )
    #expect(throws: OutputError.changedSinceRead(path: scratch.path("c.txt"))) { try transaction.commit() }
    #expect(Self.text(scratch.path("a.txt")) == "old a")
    #expect(try Self.names(in: scratch.root.path) == ["a.txt", "c.txt"])
  }

  @Test func aRenameThatFailsPutsBackTheFilesRenamedBeforeIt() throws {
    let scratch = try Self.scratch()
    let staged = try Self.transaction(scratch).stage()
    // The last rename fails: its temporary file is gone.
    try FileManager.default.removeItem(atPath: try #require(staged.temporaries.last))
    #expect(throws: OutputError.interrupted(path: scratch.path("c.txt"), code: ENOENT, notRestored: [])) {
      try staged.commit()
    }
    #expect(Self.text(scratch.path("a.txt")) == "old a")
    #expect(Self.text(scratch.path("c.txt")) == "old c")
    #expect(try Self.names(in: scratch.root.path) == ["a.txt", "c.txt"])
  }

  @Test func aLinkInsideTheRootStaysALinkAndOneOutsideIsRefused() throws {
    let scratch = try Self.scratch()
    try FileManager.default.createSymbolicLink(atPath: scratch.path("link.txt"), withDestinationPath: "c.txt")
    var transaction = FileTransaction(root: scratch.root.path)
    transaction.replace(scratch.path("link.txt"), with: Array("through the link".utf8))
    try transaction.commit()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("link.txt")) == "c.txt")
    #expect(Self.text(scratch.path("c.txt")) == "through the link")

    let outside = try Self.scratch()
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("out.txt"), withDestinationPath: outside.path("a.txt"))
    var refused = FileTransaction(root: scratch.root.path)
    refused.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    refused.replace(scratch.path("out.txt"), with: Array("x".utf8))
    #expect {
      try refused.commit()
    } throws: { error in
      guard case OutputError.cannotReplace(let path, let reason) = error else { return false }
      return path == scratch.path("out.txt") && reason.contains("outside the project")
    }
    #expect(Self.text(outside.path("a.txt")) == "old a")
    #expect(Self.text(scratch.path("a.txt")) == "old a")
  }

  @Test func aFileWithHardLinksIsRefused() throws {
    let scratch = try Self.scratch()
    #expect(link(scratch.path("a.txt"), scratch.path("b.txt")) == 0)
    var transaction = FileTransaction(root: scratch.root.path)
    transaction.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    #expect {
      try transaction.commit()
    } throws: { error in
      guard case OutputError.cannotReplace(_, let reason) = error else { return false }
      return reason.hasPrefix("it has 2 hard links")
    }
    #expect(Self.text(scratch.path("b.txt")) == "old a")
  }

  @Test func leftoversOfKilledRunsAreRemovedForTheFilesWritten() throws {
    let scratch = try Self.scratch()
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/sh")
    finished.arguments = ["-c", "exit 0"]
    try finished.run()
    finished.waitUntilExit()
    let dead = finished.processIdentifier
    for name in [
      ".a.txt.locmerge-\(dead)-1.tmp", ".x.locmerge-y.locmerge-\(dead)-2.tmp", ".other.locmerge-\(dead).tmp",
    ] {
      try scratch.write(Data("half".utf8), to: name)
    }
    var transaction = FileTransaction(root: scratch.root.path)
    transaction.replace(scratch.path("a.txt"), with: Array("new a".utf8))
    transaction.replace(scratch.path("x.locmerge-y"), with: Array("odd name".utf8))
    try transaction.commit()
    #expect(try Self.names(in: scratch.root.path) == [".other.locmerge-\(dead).tmp", "a.txt", "c.txt", "x.locmerge-y"])
  }

  @Test func aSecondLockOnAFolderWaitsForTheFirst() throws {
    let scratch = try Self.scratch()
    var first: FolderLock? = try FolderLock(folder: scratch.root.path)
    #expect(first?.isHeld == true)
    let acquired = LockFlag()
    let path = scratch.root.path
    let waiter = Thread {
      let second = try? FolderLock(folder: path)
      acquired.set(second?.isHeld == true)
    }
    waiter.start()
    Thread.sleep(forTimeInterval: 0.5)
    #expect(acquired.value == nil, "the second lock did not wait")
    first = nil
    let deadline = Date(timeIntervalSinceNow: 10)
    while acquired.value == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(acquired.value == true)
  }
}

/// A value one thread sets and another reads.
private final class LockFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Bool?

  var value: Bool? { lock.withLock { stored } }
  func set(_ value: Bool) { lock.withLock { stored = value } }
}
