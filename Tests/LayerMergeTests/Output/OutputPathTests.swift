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

  /// An ASCII path is judged on its bytes, which must say what its characters say: random paths
  /// made of the pieces that matter (separators, dots, language folders, extensions, a line
  /// break that is one character with the carriage return before it).
  @Test func anASCIIPathIsJudgedOnItsBytesAsOnItsCharacters() {
    let pieces = [
      "/", "/", ".", "en", "mul", ".lproj", ".strings", ".stringsdict", ".xcstrings", "Localizable", "x", "\r", "\n",
      "\r\n", "\u{0}", "..", "lproj", "strings",
    ]
    var generator = SeededGenerator(seed: 28)
    var accepted = 0
    for _ in 0..<20_000 {
      let path = (0..<(1 + Int(generator.next() % 7))).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let expected = OutputPath.isTablePathByCharacters(path)
      #expect(OutputPath.isTablePath(path) == expected, "\(Array(path.utf8))")
      if expected { accepted += 1 }
    }
    // Enough accepted paths that both answers were tried.
    #expect(accepted > 100)
  }
}
