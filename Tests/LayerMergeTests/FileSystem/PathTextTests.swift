import Foundation
import Testing

@testable import LayerMerge

/// `PathText` against Foundation's `NSString` path arithmetic, which it replaces.
@Suite struct PathTextTests {
  static let paths = [
    "a/b.strings", "a/b/", "/", "/a", "a//b", "/a/b/c.lproj/", "../x", "./y.z", ".hidden", "a.b/c",
    "archive.tar.gz", "/usr/", "a/b.", "dir.d/",
  ]

  @Test(arguments: paths) func componentsMatchNSString(_ path: String) {
    let ns = path as NSString
    #expect(PathText.lastComponent(path) == ns.lastPathComponent)
    #expect(PathText.parent(path) == ns.deletingLastPathComponent)
    #expect(PathText.pathExtension(path) == ns.pathExtension)
  }

  /// `NSString.deletingLastPathComponent` traps on `""` and `"b"` on Linux (Swift 6.3.1), so these
  /// are checked against what it returns on Darwin.
  @Test func pathsFoundationTrapsOn() {
    #expect(PathText.lastComponent("") == "")
    #expect(PathText.parent("") == "")
    #expect(PathText.pathExtension("") == "")
    #expect(PathText.lastComponent("b") == "b")
    #expect(PathText.parent("b") == "")
  }

  @Test func joinAndAbsolute() {
    #expect(PathText.join("a", "b") == "a/b")
    #expect(PathText.join("a/", "b") == "a/b")
    #expect(PathText.join("a", "/b") == "/b")
    #expect(PathText.join("", "b") == "b")
    #expect(PathText.absolute("x/../y/./z", relativeTo: "/base/dir") == "/base/dir/y/z")
    #expect(PathText.absolute("/a/../../b") == "/b")
    #expect(PathText.absolute("sub") == FileManager.default.currentDirectoryPath + "/sub")
    #expect(PathText.currentDirectory() == FileManager.default.currentDirectoryPath)
  }

  @Test func systemErrorsInPlainWords() {
    #expect(PathText.systemErrorDescription(ENOENT) == "No such file or directory")
    #expect(PathText.systemErrorDescription(ENOSPC) == "No space left on device")
  }
}
