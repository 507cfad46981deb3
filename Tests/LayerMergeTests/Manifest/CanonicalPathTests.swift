import Foundation
import LayerMerge
import Testing

/// File lists name every input by its real path; a merge resolves each folder once.
@Suite struct CanonicalPathTests {
  @Test func resolvesLinkedFoldersLinkedFilesAndMissingTails() throws {
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("canonical-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("real/en.lproj"), withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: root) }
    let real = DestinationSafety.canonicalPath(root.appendingPathComponent("real").path)
    try Data("\"a\" = \"b\";\n".utf8).write(to: root.appendingPathComponent("real/en.lproj/Localizable.strings"))
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("linked").path, withDestinationPath: root.appendingPathComponent("real").path)
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("real/en.lproj/Alias.strings").path,
      withDestinationPath: "Localizable.strings")

    let given = [
      root.appendingPathComponent("linked/en.lproj/Localizable.strings").path,
      root.appendingPathComponent("linked/en.lproj/Alias.strings").path,
      root.appendingPathComponent("real/./en.lproj/../en.lproj/Localizable.strings").path,
      root.appendingPathComponent("real/new/folder/File.strings").path,
    ]
    let expected = [
      real + "/en.lproj/Localizable.strings",
      real + "/en.lproj/Localizable.strings",
      real + "/en.lproj/Localizable.strings",
      real + "/new/folder/File.strings",
    ]
    #expect(DestinationSafety.canonicalPaths(given) == expected)
    #expect(given.map(DestinationSafety.canonicalPath) == expected)
  }
}
