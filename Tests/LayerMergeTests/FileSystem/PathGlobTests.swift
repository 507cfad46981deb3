import LayerMerge
import Testing

@Suite struct PathGlobTests {
  @Test(arguments: [
    ("Settings.bundle", "Settings.bundle/en.lproj/Root.strings", true),
    ("Debug.strings", "en.lproj/Debug.strings", true),
    ("Debug.strings", "en.lproj/Debugging.strings", false),
    ("*.lproj/Debug.strings", "de.lproj/Debug.strings", true),
    ("*.lproj/Debug.strings", "Extensions/Today/de.lproj/Debug.strings", false),
    ("**/Debug.strings", "Extensions/Today/de.lproj/Debug.strings", true),
    ("**/Debug.strings", "Debug.strings", true),
    ("Extensions/Today", "Extensions/Today/en.lproj/InfoPlist.strings", true),
    ("Extensions/Today", "Extensions/TodayPlus/en.lproj/InfoPlist.strings", false),
    ("Extensions/**/InfoPlist.strings", "Extensions/Today/en.lproj/InfoPlist.strings", true),
    ("Extensions/**/InfoPlist.strings", "Extensions/InfoPlist.strings", true),
    ("bs.lproj", "bs.lproj/InfoPlist.strings", true),
    ("?s.lproj", "bs.lproj/InfoPlist.strings", true),
    ("./Settings.bundle/", "Settings.bundle/en.lproj/Root.strings", true),
  ])
  func matchesPathsInsideALayer(pattern: String, path: String, matches: Bool) {
    #expect(PathGlob(pattern).matches(path) == matches)
  }
}
