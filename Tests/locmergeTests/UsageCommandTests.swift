import Foundation
import Testing

/// `locmerge usage`, and the code `lint`, `build` and `files` find for each target: run as a user
/// runs them, on a copy of the Shelf fixture (an Xcode project whose two targets share code
/// through Compile Sources and a synchronized folder with exceptions).
@Suite struct UsageCommandTests {
  static let fixture = ToolRunner.packageRoot.appendingPathComponent("Tests/Fixtures/xcodeproj/Shelf")

  /// A copy of the Shelf project; with `layers`, a locmerge.json whose targets Shelf and ShelfPro
  /// stack the fixture's tables (as a base) under a layer each, ShelfPro's code given as
  /// `"sources"`.
  static func shelf(projectFile: Bool = true) throws -> Scratch {
    let scratch = try Scratch()
    for item in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
      try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: scratch.url(item))
    }
    guard projectFile else { return scratch }
    try scratch.write("\"pro.upgrade\" = \"Go Pro\";\n", to: "Localization/ShelfPro/en.lproj/Localizable.strings")
    try scratch.write("\"shelf.title\" = \"My Shelf\";\n", to: "Localization/Shelf/en.lproj/Localizable.strings")
    try scratch.write(
      """
      {
        "base": "Shelf",
        "destination": "build/{target}",
        "targets": {
          "Shelf": {"layers": ["Localization/Shelf"]},
          "ShelfPro": {"layers": ["Localization/ShelfPro"], "sources": ["Shelf/**/*.swift", "Extras/Promo"]}
        }
      }
      """, to: "locmerge.json")
    return scratch
  }

  @Test func theInputListsNameEachTargetsCodeAndTheProjectItComesFrom() throws {
    let scratch = try Self.shelf()
    let files = try ToolRunner.run(["files"], in: scratch.root)
    #expect(files.status == 0, "\(files.standardError)")
    let shelf = try #require(scratch.read("Localization/Shelf-inputs.xcfilelist"))
    let pro = try #require(scratch.read("Localization/ShelfPro-inputs.xcfilelist"))
    // Shelf's code is its Xcode target's: the sandboxed phase must read those files and the project.
    for line in [
      "$(SRCROOT)/Shared/Greeting.swift", "$(SRCROOT)/Shared/Old/Legacy.m", "$(SRCROOT)/Shelf/ShelfApp.swift",
      "$(SRCROOT)/Shelf.xcodeproj/project.pbxproj",
    ] {
      #expect(shelf.contains("\n\(line)\n"), "\(line) in \(shelf)")
    }
    #expect(!shelf.contains("ProOnly.swift"))
    // ShelfPro's is its "sources": no project involved.
    for line in [
      "$(SRCROOT)/Shelf/ShelfApp.swift", "$(SRCROOT)/Shelf/Pro/ProOnly.swift", "$(SRCROOT)/Extras/Promo/Banner.swift",
    ] {
      #expect(pro.contains("\n\(line)\n"), "\(line) in \(pro)")
    }
    #expect(!pro.contains("project.pbxproj"))
    #expect(!pro.contains("Greeting.swift"))
    #expect(try ToolRunner.run(["files", "--check"], in: scratch.root).status == 0)
  }

  @Test func usageSaysWhatItNeedsAndRefusesTwoDocumentsOnOneOutput() throws {
    let scratch = try Scratch()
    let none = try ToolRunner.run(["usage"], in: scratch.root)
    #expect(none.status == 64)
    #expect(
      none.standardError.contains(
        "no locmerge.json and no *.xcodeproj here; name the project with --xcodeproj P.xcodeproj"),
      "\(none.standardError)")
    let both = try ToolRunner.run(["usage", "--json", "--reporter", "sarif"], in: scratch.root)
    #expect(both.status == 64)
    #expect(both.standardError.contains("--json and --reporter sarif both print on standard output"))
    let unknown = try ToolRunner.run(
      ["usage", "--xcodeproj", Self.fixture.appendingPathComponent("Shelf.xcodeproj").path, "--target", "Shelff"],
      in: scratch.root)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("no target 'Shelff' in Shelf.xcodeproj; did you mean 'Shelf'?"))
  }
}
