import Testing

@testable import LayerMerge

@Suite struct OutputPathTests {
  @Test(arguments: [
    "en.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict", "Settings.bundle/zh-Hans.lproj/Root.strings",
    "Extensions/Today/fr.lproj/InfoPlist.strings", "Localizable.xcstrings", "Widgets/InfoPlist.xcstrings",
    // A merged catalog paired with a storyboard (`--catalogs merged`).
    "mul.lproj/Main.xcstrings", "Mac/mul.lproj/Main.xcstrings",
  ])
  func tablesOfEveryKindTheLibraryWritesAreAccepted(_ path: String) {
    #expect(OutputPath.isTablePath(path))
  }

  @Test(arguments: [
    "", ".", "..", "/", "en.lproj", "notes.txt", "en.lproj/", "/tmp/en.lproj/Localizable.strings",
    "../en.lproj/Localizable.strings", "en.lproj/../../x.strings", "a//en.lproj/X.strings", "./en.lproj/X.strings",
    ".locmerge/outputs.json", "en.lproj/.X.strings", ".lproj/X.strings", "en.lproj/.strings", "Localizable.strings",
    "en.lproj/Localizable.xcstrings", "en.lproj/X.strings\u{0}.txt", "link/file.strings",
  ])
  func anythingElseIsRefused(_ path: String) {
    #expect(!OutputPath.isTablePath(path))
  }
}
