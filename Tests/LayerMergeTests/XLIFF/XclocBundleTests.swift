import Foundation
import LayerMerge
import Testing

/// `.xcloc` as Xcode lays one out, and finding its XLIFF file to import.
@Suite struct XclocBundleTests {
  static let tool = XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "15.4", buildNumber: "15F31d")

  @Test func theManifestIsXcodes() throws {
    let manifest = XclocManifest(
      developmentRegion: "en", project: "Shop.xcodeproj", targetLocale: "de", tool: Self.tool)
    #expect(
      String(decoding: manifest.rendered(), as: UTF8.self) == """
        {
          "developmentRegion" : "en",
          "project" : "Shop.xcodeproj",
          "targetLocale" : "de",
          "toolInfo" : {
            "toolBuildNumber" : "15F31d",
            "toolID" : "com.apple.dt.xcode",
            "toolName" : "Xcode",
            "toolVersion" : "15.4"
          },
          "version" : "1.0"
        }
        """)
    #expect(try XclocManifest.read(manifest.rendered(), path: "contents.json") == manifest)
    // Foundation reads it as the same object.
    let object = try? JSONSerialization.jsonObject(with: Data(manifest.rendered())) as? [String: Any]
    #expect(object?["targetLocale"] as? String == "de")
    #expect((object?["toolInfo"] as? [String: String])?["toolID"] == "com.apple.dt.xcode")
  }

  @Test func theBundleHoldsXcodesFiles() throws {
    let document = XLIFFDocument(files: [
      XLIFFFile(
        original: "Shop/en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "de", tool: Self.tool,
        units: [XLIFFUnit(id: "k", source: "v"), XLIFFUnit(id: "bad", source: "\u{1}")])
    ])
    let contents = XclocBundle.contents(
      for: document, language: "de", developmentLanguage: "en", project: "Shop.xcodeproj",
      sourceContents: [
        XclocBundle.File(relativePath: "Shop/en.lproj/Localizable.strings", bytes: Array("\"k\" = \"v\";\n".utf8)),
        XclocBundle.File(relativePath: "../outside.strings", bytes: []),
        XclocBundle.File(relativePath: "/abs.strings", bytes: []),
      ])
    #expect(XclocBundle.bundleName(language: "de") == "de.xcloc")
    #expect(
      contents.files.map(\.relativePath) == [
        "contents.json", "Localized Contents/de.xliff", "Source Contents/Shop/en.lproj/Localizable.strings",
      ])
    #expect(contents.folders == ["Localized Contents", "Notes", "Source Contents"])
    #expect(contents.refusedSourcePaths == ["../outside.strings", "/abs.strings"])
    #expect(contents.problems.map(\.unitID) == ["bad"])
    #expect(try XLIFFReader.read(contents.files[1].bytes, path: "de.xliff").files[0].units.map(\.id) == ["k"])
  }

  @Test func theXLIFFFileIsFoundInABundleOrAFolderOfThem() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcloc-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    func write(_ path: String, _ text: String = "x") throws {
      let full = root + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    let manifest = XclocManifest(developmentRegion: "en", project: "P.xcodeproj", targetLocale: "fr", tool: nil)
    try write("exports/fr.xcloc/contents.json", String(decoding: manifest.rendered(), as: UTF8.self))
    try write("exports/fr.xcloc/Localized Contents/fr.xliff")
    try write("exports/fr.xcloc/Localized Contents/old.xliff")
    try write("exports/de.xcloc/Localized Contents/de.xliff")
    try write("exports/ja.xliff")
    try write("exports/readme.txt")
    #expect(
      try XclocBundle.xliffPaths(in: root + "/exports") == [
        root + "/exports/de.xcloc/Localized Contents/de.xliff", root + "/exports/fr.xcloc/Localized Contents/fr.xliff",
        root + "/exports/ja.xliff",
      ])
    #expect(try XclocBundle.xliffPaths(in: root + "/exports/ja.xliff") == [root + "/exports/ja.xliff"])
    try write("broken.xcloc/Localized Contents/a.xliff")
    try write("broken.xcloc/Localized Contents/b.xliff")
    let several = try #require(throws: XLIFFError.self) { try XclocBundle.xliffPaths(in: root + "/broken.xcloc") }
    #expect(several.message.contains("several .xliff files (a.xliff, b.xliff)"))
    try write("empty/readme.txt")
    let none = try #require(throws: XLIFFError.self) { try XclocBundle.xliffPaths(in: root + "/empty") }
    #expect(none.kind == .unreadable)
    #expect(throws: XLIFFError.self) { try XclocBundle.xliffPaths(in: root + "/missing") }
  }
}
