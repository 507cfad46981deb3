import Foundation
import Testing

@testable import LayerMerge

@Suite struct AtomicFileTests {
  @Test func writesOnlyWhenTheBytesChange() throws {
    let scratch = try TemporaryLayers([:])
    try FileManager.default.createDirectory(at: scratch.root, withIntermediateDirectories: true)
    let path = scratch.path("deps.d")
    #expect(try AtomicFile.writeIfChanged(Array("a".utf8), to: path))
    #expect(try !AtomicFile.writeIfChanged(Array("a".utf8), to: path))
    #expect(try AtomicFile.writeIfChanged(Array("b".utf8), to: path))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "b")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("")) == ["deps.d"])
  }

  @Test func temporariesOfDeadProcessesAreRemovedAndThoseOfLiveOnesKept() throws {
    let scratch = try TemporaryLayers([:])
    try FileManager.default.createDirectory(at: scratch.root, withIntermediateDirectories: true)
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/sh")
    finished.arguments = ["-c", "exit 0"]
    try finished.run()
    finished.waitUntilExit()
    let dead = finished.processIdentifier
    let live = ProcessInfo.processInfo.processIdentifier == 1 ? 2 : 1
    for name in [
      ".deps.d.locmerge-\(dead).tmp", ".deps.d.locmerge-\(dead)-77.tmp", ".deps.d.locmerge-\(live)-5.tmp",
      ".other.locmerge-\(dead).tmp",
    ] {
      try scratch.write(Data("half".utf8), to: name)
    }
    try AtomicFile.writeIfChanged(Array("new".utf8), to: scratch.path("deps.d"))
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("")).sorted()
    #expect(left == [".deps.d.locmerge-\(live)-5.tmp", ".other.locmerge-\(dead).tmp", "deps.d"])
  }

  @Test func aMissingFolderIsNamedInPlainWords() throws {
    let scratch = try TemporaryLayers([:])
    try FileManager.default.createDirectory(at: scratch.root, withIntermediateDirectories: true)
    let path = scratch.path("missing/deps.d")
    #expect(throws: OutputError.failed(path: path, action: "write the file", code: ENOENT)) {
      try AtomicFile.writeIfChanged([1], to: path)
    }
  }
}
