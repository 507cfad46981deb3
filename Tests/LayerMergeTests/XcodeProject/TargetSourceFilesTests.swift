import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// Which code belongs to which target: Compile Sources through the group tree, synchronized
/// folders with their membership exceptions, nothing outside the source root.
@Suite struct TargetSourceFilesTests {
  static let shelf = PhaseShapeTests.fixtures.appendingPathComponent("Shelf/Shelf.xcodeproj").path

  @Test func compileSourcesAndSynchronizedFoldersGiveEachTargetItsCode() throws {
    let project = try XcodeProjectReader.read(path: Self.shelf)
    let files = project.sourceFiles(of: project.targets)
    // Shelf: its Compile Sources (the group path Shared/Old for Legacy.m; not ../Outside.swift, not
    // the generated $(BUILT_PRODUCTS_DIR) file, not a Core Data model) and the folder Shelf, less
    // its exception Pro; the explicit folder Fixtures, hidden folders and asset catalogs are not code.
    #expect(files[0] == ["Shared/Greeting.swift", "Shared/Old/Legacy.m", "Shelf/ShelfApp.swift"])
    // ShelfPro: the whole folder Shelf, and Extras/Promo/Banner.swift, which its exception adds
    // from a folder it does not list.
    #expect(
      files[1] == [
        "Extras/Promo/Banner.swift", "Shared/Greeting.swift", "Shelf/Pro/ProOnly.swift", "Shelf/ShelfApp.swift",
      ])
  }

  /// Every shared project's Compile Sources agree with Foundation's reading of the file and an
  /// independent walk of the group tree (the corpus has no code on disk for synchronized folders;
  /// the fixture above covers them).
  @Test(SharedFolder.required)
  func everySharedProjectsCodeIsWhatTheReferenceReads() throws {
    var compared = 0
    var files = 0
    for file in PBXOracle.sharedProjectFiles {
      let bytes = [UInt8](try Data(contentsOf: file))
      let root = XcodeProjectReaderTests.sourceRoot(of: file)
      guard let reference = ReferenceProjectReading(bytes: bytes, sourceRoot: root),
        let project = try? XcodeProjectReader.parse(bytes, path: file.path, sourceRoot: root)
      else { continue }
      let ours = project.sourceFiles(of: project.targets)
      for (target, theirs) in zip(project.targets.indices, reference.targets) {
        #expect(ours[target] == theirs.sources, "\(file.path) \(theirs.name)")
        files += ours[target].count
      }
      compared += 1
    }
    #expect(compared >= 80)
    #expect(files > 1000)
  }
}
