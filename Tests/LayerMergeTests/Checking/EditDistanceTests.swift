import LayerMerge
import TestSupport
import Testing

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("Title", "Titel", 1),  // two neighbours swapped: one edit
    ("login_button", "login button", 1),
    ("ab", "ba", 1),
    ("abc", "ca", 3),  // optimal string alignment: no substring is edited twice
    ("kitten", "sitting", 3),
    ("", "abc", 3),
    ("same", "same", 0),
  ])
  func countsTranspositionsAsOneEdit(lhs: String, rhs: String, distance: Int) {
    #expect(EditDistance.between(lhs, rhs) == distance)
    #expect(EditDistance.between(rhs, lhs) == distance)
  }

  @Test func stopsAtTheLimit() {
    #expect(EditDistance.between("abcdef", "ghijkl", limit: 2) == 3)
    #expect(EditDistance.between("Title", "Titel", limit: 1) == 1)
  }
}

/// A suggestion for a mistyped word costs time in proportion to the words (issue 23, case 5): a
/// long `--target` name was compared with every long target name cell by cell.
@Suite struct SuggestionTimeTests {
  @Test func aLongUnknownTargetName() throws {
    let ratio = try LinearTime.ratio(
      n: 300,
      prepare: { length -> (ProjectFile, String) in
        let names = (0..<4).map { String(repeating: "ab", count: length - 1) + "c\($0)" }
        let json =
          "{\"base\": \"Base\", \"destination\": \"out/{target}\", \"targets\": {"
          + names.map { "\"\($0)\": {\"layers\": []}" }.joined(separator: ", ") + "}}"
        let project = try #require(ProjectFileReader.parse(Array(json.utf8), path: "/p/locmerge.json").project)
        return (project, String(repeating: "ab", count: length))
      }
    ) { project, name in
      #expect(throws: ProjectFile.SelectionError.self) { try project.targets(named: [name]) }
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× longer names")
  }

  @Test func suggestsTheClosestNearEnoughWord() {
    #expect(EditDistance.suggestion(for: "AcmePri", among: ["GlobexGo", "AcmePro"]) == "AcmePro")
    #expect(EditDistance.suggestion(for: "acmepro", among: ["AcmePro"], ignoringCase: true) == "AcmePro")
    #expect(EditDistance.suggestion(for: "Initech", among: ["AcmePro"]) == nil)
    #expect(EditDistance.suggestion(for: "near-mis-key", among: ["near-miss-key", "nearby"]) == "near-miss-key")
  }
}
