import Foundation
import Testing

@testable import LayerMerge

/// A new folder appears whole or not at all.
@Suite struct FreshFolderTests {
  static func scratch() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-fresh-\(UUID().uuidString)")
  }

  static func files(in folder: URL) -> [String] {
    (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
  }

  @Test func writesEveryFileIntoANewFolderAndItsMissingParents() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("a/b/out")
    try FreshFolder.write(
      [
        OutputFile(relativePath: "Base/en.lproj/L.strings", bytes: Array("x".utf8)),
        OutputFile(relativePath: "p.json", bytes: []),
      ],
      to: out.path)
    #expect(Self.files(in: out) == ["Base", "Base/en.lproj", "Base/en.lproj/L.strings", "p.json"])
    #expect(
      Self.files(in: out.deletingLastPathComponent())
        == Self.files(in: out).map { "out/" + $0 }.reduce(["out"]) { $0 + [$1] })
  }

  @Test func anEmptyFolderIsReplacedAndANonEmptyOneRefused() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try FreshFolder.write([OutputFile(relativePath: "f", bytes: [1])], to: out.path)
    #expect(Self.files(in: out) == ["f"])
    #expect(throws: OutputError.folderInTheWay(path: out.path)) {
      try FreshFolder.write([OutputFile(relativePath: "g", bytes: [2])], to: out.path)
    }
    #expect(Self.files(in: out) == ["f"])
  }

  @Test func aFailedWriteLeavesNothingBehind() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let out = root.appendingPathComponent("out")
    #expect(throws: OutputError.self) {
      try FreshFolder.write(
        [OutputFile(relativePath: "a/one", bytes: [1]), OutputFile(relativePath: "b/../../escape", bytes: [2])],
        to: out.path)
    }
    #expect(Self.files(in: root) == [])
  }
}
