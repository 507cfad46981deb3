import LayerMerge
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
