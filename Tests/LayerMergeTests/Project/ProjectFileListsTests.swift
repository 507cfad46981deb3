import Foundation
import LayerMerge
import Testing

/// Every target's `.xcfilelist`s from the project file: inputs under `$(SRCROOT)`, outputs under
/// the destination's build setting, at the paths `fileLists` names.
@Suite struct ProjectFileListsTests {
  @Test func eachTargetListsItsInputsAndOutputs() throws {
    let fixture = try ProjectBuildTests.fixture()
    let text = """
      {"base": "Base", "destination": "$(DERIVED_FILE_DIR)/LocMerge", "targets": {
        "AcmePro": {"layers": ["Brands/Acme", "Targets/AcmePro"]},
        "GlobexGo": {"layers": ["Brands/Globex", "Targets/GlobexGo"], "destination": "out/{target}"}},
       "exclude": ["InfoPlist.strings"]}
      """
    let project = try #require(
      ProjectFileReader.parse(Array(text.utf8), path: fixture.path("locmerge.json")).project)
    let lists = try project.fileLists(for: project.targets)
    #expect(lists.map(\.target) == ["AcmePro", "GlobexGo"])
    let root = DestinationSafety.canonicalPath(fixture.root.path)
    #expect(lists[0].inputs.path == fixture.path("Localization/AcmePro-inputs.xcfilelist"))
    #expect(lists[1].outputs.path == fixture.path("Localization/GlobexGo-outputs.xcfilelist"))
    #expect(
      String(decoding: lists[0].inputs.bytes, as: UTF8.self) == """
        # Input files (written by locmerge; do not edit)
        $(SRCROOT)/Base/de.lproj/Localizable.strings
        $(SRCROOT)/Base/en.lproj/Localizable.strings
        $(SRCROOT)/Brands/Acme/en.lproj/Localizable.strings
        $(SRCROOT)/Targets/AcmePro/en.lproj/Localizable.strings
        $(SRCROOT)/locmerge.json

        """)
    #expect(
      String(decoding: lists[0].outputs.bytes, as: UTF8.self) == """
        # Output files (written by locmerge; do not edit)
        $(DERIVED_FILE_DIR)/LocMerge/.locmerge/lock
        $(DERIVED_FILE_DIR)/LocMerge/.locmerge/outputs.json
        $(DERIVED_FILE_DIR)/LocMerge/.locmerge/stamp.json
        $(DERIVED_FILE_DIR)/LocMerge/de.lproj/Localizable.strings
        $(DERIVED_FILE_DIR)/LocMerge/en.lproj/Localizable.strings

        """)
    // The excluded InfoPlist.strings of GlobexGo is neither read nor written; its destination
    // lies in the project folder.
    let globex = String(decoding: lists[1].outputs.bytes, as: UTF8.self)
    #expect(!globex.contains("InfoPlist"))
    #expect(globex.contains("$(SRCROOT)/out/GlobexGo/en.lproj/Localizable.strings"))
    #expect(root.hasPrefix("/"))
    // Another SRCROOT, another prefix; a list path with an unset setting is named.
    let absolute = try project.fileLists(for: project.targets, srcroot: "/elsewhere")
    #expect(String(decoding: absolute[0].inputs.bytes, as: UTF8.self).contains("\(root)/Base/en.lproj"))
    var custom = project
    custom.fileLists = ProjectFile.FileLists(
      inputs: PathTemplate("$(LISTS)/{target}-in.xcfilelist"), outputs: PathTemplate("{target}-out.xcfilelist"))
    #expect(
      throws: ProjectFile.SelectionError.unsetSettingsInFileList(
        target: "AcmePro", path: "$(LISTS)/{target}-in.xcfilelist", names: ["LISTS"])
    ) {
      try custom.fileLists(for: custom.targets)
    }
    #expect(
      try custom.fileLists(for: custom.targets, environment: ["LISTS": "/l"])[1].inputs.path
        == "/l/GlobexGo-in.xcfilelist")
  }

  @Test func aListOnDiskIsComparedByItsBytes() throws {
    let fixture = try TemporaryLayers([:])
    let list = CompanionFile(path: fixture.path("a.xcfilelist"), bytes: Array("# x\n".utf8))
    #expect(!list.isOnDisk)
    try fixture.write(Data("# x\n".utf8), to: "a.xcfilelist")
    #expect(list.isOnDisk)
    try fixture.write(Data("# y\n".utf8), to: "a.xcfilelist")
    #expect(!list.isOnDisk)
  }
}
