import Foundation
import Testing

/// The example's catalog flavor (InitechGo) through the built binary: merged catalogs in Xcode's
/// exact layout, and runs that change nothing when nothing changed.
@Suite struct CatalogLayersEndToEndTests {
  static let initechGo = ["-b", "Base", "-s", "Catalogs/Base", "-s", "Catalogs/Initech", "-s", "Targets/InitechGo"]

  /// The example's catalogs are as Xcode writes them; a merge of one of them alone gives its bytes back.
  @Test(arguments: ["Catalogs/Base", "Catalogs/Initech"])
  func aMergedCatalogIsWrittenInXcodesLayout(_ layer: String) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let run = try ToolRunner.run(["-b", layer, "-d", "Out", "--catalogs", "merged", "-q"], in: scratch.root)
    #expect(run.status == 0, "\(run.standardError)")
    let written = try #require(scratch.read("Out/Localizable.xcstrings"))
    #expect(written == scratch.read("\(layer)/Localizable.xcstrings"))
    #expect(!written.hasSuffix("\n"))
  }

  @Test(arguments: [[], ["--catalogs", "merged"]])
  func aSecondRunChangesNoModificationTime(_ mode: [String]) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let first = try ToolRunner.run(Self.initechGo + ["-d", "Out"] + mode, in: scratch.root)
    #expect(first.status == 0, "\(first.standardError)")
    let written = try scratch.modificationDates(under: "Out")
    #expect(
      written.keys.contains {
        $0.hasSuffix(mode.isEmpty ? "de.lproj/Localizable.stringsdict" : "Localizable.xcstrings")
      })
    let second = try ToolRunner.run(Self.initechGo + ["-d", "Out"] + mode, in: scratch.root)
    #expect(second.status == 0)
    #expect(try scratch.modificationDates(under: "Out") == written)
    #expect(second.standardError.contains("up to date: 0 written"), "\(second.standardError)")
    // A touched catalog costs a full run that still rewrites nothing.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 5)],
      ofItemAtPath: scratch.path("Catalogs/Initech/Localizable.xcstrings"))
    let third = try ToolRunner.run(Self.initechGo + ["-d", "Out"] + mode, in: scratch.root)
    #expect(third.standardError.contains(" 0 written, "), "\(third.standardError)")
    #expect(!third.standardError.contains("up to date"), "\(third.standardError)")
    // The stamp records the new input; no output changes.
    #expect(
      try scratch.modificationDates(under: "Out").filter { !$0.key.hasSuffix("stamp.json") }
        == written.filter { !$0.key.hasSuffix("stamp.json") })
  }

  /// A change of mode is a full run, and the other mode's outputs are removed as stale.
  @Test func switchingModesReplacesTheOutputs() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.initechGo + ["-d", "Out"], in: scratch.root).status == 0)
    let merged = try ToolRunner.run(Self.initechGo + ["-d", "Out", "--catalogs", "merged"], in: scratch.root)
    #expect(merged.status == 0, "\(merged.standardError)")
    let files = scratch.snapshot("Out").keys.filter { !$0.hasPrefix(".locmerge/") }.sorted()
    #expect(
      files == [
        "Localizable.xcstrings", "de.lproj/InfoPlist.strings", "en.lproj/InfoPlist.strings",
        "fr.lproj/InfoPlist.strings",
      ])
  }
}
