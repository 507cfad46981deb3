import Foundation
import Testing

@testable import LayerMerge

/// Writing an edited project: atomic, permissions kept, never over a file that changed or is read-only.
@Suite struct XcodeProjectEditTests {
  static func copyOfBrandApp() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-edit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("BrandApp.xcodeproj"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: PhaseShapeTests.fixtures.appendingPathComponent("BrandApp/BrandApp.xcodeproj/project.pbxproj"),
      to: folder.appendingPathComponent("BrandApp.xcodeproj/project.pbxproj"))
    return folder
  }

  @Test func writeReplacesTheFileAndKeepsItsPermissions() throws {
    let folder = try Self.copyOfBrandApp()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("BrandApp.xcodeproj/project.pbxproj")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
    let project = try XcodeProjectReader.read(path: folder.appendingPathComponent("BrandApp.xcodeproj").path)
    let edit = try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Widget"])
    try edit.write()
    #expect(try [UInt8](Data(contentsOf: file)) == edit.bytes)
    let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
    // Nothing but the file: no temporary file left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["project.pbxproj"])
  }

  @Test func aFileChangedSinceItWasReadIsNotOverwritten() throws {
    let folder = try Self.copyOfBrandApp()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("BrandApp.xcodeproj/project.pbxproj")
    let project = try XcodeProjectReader.read(path: folder.appendingPathComponent("BrandApp.xcodeproj").path)
    let edit = try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Widget"])
    // Xcode saves the project meanwhile.
    let saved = Data(String(decoding: try Data(contentsOf: file), as: UTF8.self).replacing("Acme", with: "Acma").utf8)
    try saved.write(to: file)
    #expect(throws: XcodeProjectError.self) { try edit.write() }
    #expect(try Data(contentsOf: file) == saved)
  }

  @Test func aReadOnlyFileIsRefusedEvenForRoot() throws {
    let folder = try Self.copyOfBrandApp()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("BrandApp.xcodeproj/project.pbxproj")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
    let project = try XcodeProjectReader.read(path: folder.appendingPathComponent("BrandApp.xcodeproj").path)
    let edit = try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Widget"])
    #expect(
      throws: XcodeProjectError.readOnly(
        path: file.path, reason: "the file is read-only (no write permission; check it out or chmod u+w)")
    ) { try edit.write() }
  }
}
