import Foundation
import LayerMerge
import Testing

/// `locmerge init` and `extract` write project files: they must read back as the same project.
@Suite struct ProjectFileWriterTests {
  /// The project without where its targets stand in the text (which differs between two layouts).
  static func withoutPositions(_ project: ProjectFile) -> ProjectFile {
    var copy = project
    copy.basePosition = nil
    for index in copy.targets.indices { copy.targets[index].position = nil }
    return copy
  }

  @Test func aWrittenProjectReadsBackTheSame() throws {
    let project = try #require(ProjectFileReaderTests.read(ProjectFileReaderTests.example).project)
    let text = ProjectFileWriter.text(for: project)
    let again = try #require(ProjectFileReaderTests.read(text).project, "\(text)")
    #expect(Self.withoutPositions(again) == Self.withoutPositions(project))
    #expect(
      text == """
        {
          "base": "Localization/Base",
          "destination": "$(DERIVED_FILE_DIR)/LocMerge",
          "targets": {
            "AcmePro": {"layers": ["Localization/Brands/Acme", "Localization/Targets/AcmePro"]},
            "GlobexGo": {"layers": ["Localization/Brands/Globex", {"name": "Go", "path": "Localization/Targets/GlobexGo"}], "destination": "build/{target}"}
          },
          "developmentLanguage": "en",
          "rules": {"missing-translation": "off", "redundant-override": "error"},
          "exclude": ["**/Untranslated.strings"]
        }

        """)
  }

  /// Found by the project-file fuzz target: folders that share a name are named by their paths,
  /// and what the writer leaves out the reader must name the same again. And (a later run) a
  /// path inside the project's folder written with a doubled slash after it (`/project//Brands`):
  /// it lost the folder and was written as `/Brands`, a folder at the root of the disk.
  @Test(arguments: [
    #"{"base": "/project//Base", "targets": {"A": {"layers": ["/project//Brands/Acme", "/project///T"]}}}"#,
    #"{"base": "Shared", "targets": {"A": {"layers": ["Base"]}, "B": {"layers": ["Catalogs/Base"]}}}"#,
    #"{"base": "Base", "targets": {"A": {"layers": [{"name": "Catalogs/Base", "path": "X"}, "Catalogs/Base"]}}}"#,
    #"{"base": "B", "targets": {"A": {"layers": ["a/Acme", {"name": "Acme", "path": "b/Acme"}]}}, "catalogs": "merged"}"#,
    #"{"base": "B", "targets": {"A": {"layers": [], "catalogs": "merged", "state": "s/{target}"}}}"#,
    #"{"base": "B", "targets": {"A": {"layers": [], "sources": ["App/**/*.swift", "Shared"]}}, "lookups": [{"call": "L10n.tr", "key": 1, "table": 0}, {"call": "loc", "key": "key", "defaultTable": "M"}, {"property": "localized", "table": "T"}, {"property": "p"}]}"#,
  ])
  func everyProjectTheReaderAcceptsWritesBackTheSame(_ text: String) throws {
    let project = try #require(ProjectFileReaderTests.read(text).project)
    let written = ProjectFileWriter.text(for: project)
    let again = try #require(ProjectFileReaderTests.read(written).project, "\(written)")
    #expect(Self.withoutPositions(again) == Self.withoutPositions(project), "\(written)")
  }

  /// A project made in code in a relative folder, its base under it with a doubled slash: the
  /// written base is the folder's `Localization/Base`, not `/Localization/Base` (the disk's root)
  /// nor the path again under the folder.
  @Test func aRelativeFolderWithADoubledSlashWritesWhatFollows() throws {
    let project = ProjectFile(path: "App/locmerge.json", base: Layer(path: "App//Localization/Base"), targets: [])
    let written = ProjectFileWriter.text(for: project)
    #expect(written.contains(#""base": "Localization/Base""#), "\(written)")
  }

  @Test func aFolderLayoutGivesOneTargetPerFolder() throws {
    let fixture = try TemporaryLayers([
      "Localization/Base": ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"],
      "Localization/Targets/Pro": ["en.lproj/Localizable.strings": "\"a\" = \"P\";\n"],
      "Localization/Targets/Lite": ["en.lproj/Localizable.strings": "\"a\" = \"L\";\n"],
      "Localization/Targets/.hidden": ["x": ""],
      "Localization/Targets/notes.txt": [:],
    ])
    try fixture.write(Data(), to: "Localization/Targets/README")
    let path = fixture.path("locmerge.json")
    let project = ProjectFile.starting(
      path: path, base: fixture.path("Localization/Base"), targetsFolder: fixture.path("Localization/Targets"))
    let text = ProjectFileWriter.text(for: project)
    #expect(
      text == """
        {
          "base": "Localization/Base",
          "destination": "$(DERIVED_FILE_DIR)/LocMerge",
          "targets": {
            "Lite": {"layers": ["Localization/Targets/Lite"]},
            "Pro": {"layers": ["Localization/Targets/Pro"]}
          }
        }

        """)
    let read = try #require(ProjectFileReader.parse(Array(text.utf8), path: path).project)
    #expect(Self.withoutPositions(read) == project)
    // The base beside the targets is not a target.
    let beside = ProjectFile.starting(
      path: path, base: fixture.path("Localization/Targets/Pro"), targetsFolder: fixture.path("Localization/Targets"))
    #expect(beside.targets.map(\.name) == ["Lite"])
  }
}
