import Testing

@testable import LayerMerge

@Suite struct NearMissIndexTests {
  @Test func swappedNeighboursAreOneEdit() {
    let index = NearMissIndex(["Title", "Subtitle"])
    #expect(index.nearMiss(for: "Titel") == "Title")
    #expect(index.nearMiss(for: "Sutbitle") == "Subtitle")
  }

  @Test func insertionDeletionAndSubstitutionStillCount() {
    let index = NearMissIndex(["login_button"])
    #expect(index.nearMiss(for: "login button") == "login_button")
    #expect(index.nearMiss(for: "login_buton") == "login_button")
    #expect(index.nearMiss(for: "login_buttonn") == "login_button")
  }

  @Test func twoSwapsOrDistantKeysAreNotNearMisses() {
    let index = NearMissIndex(["Title"])
    #expect(index.nearMiss(for: "iTtel") == nil)
    #expect(index.nearMiss(for: "Tilte2") == nil)
  }

  /// Tuned on the corpus: numbered siblings and singular/plural pairs are deliberate keys.
  @Test func numberedAndPluralSiblingsAreNotNearMisses() {
    let index = NearMissIndex([
      "onboarding.step1", "kiosk.minutes_1", "AntiAdBlockWarningDescription", "action.title.bookmark",
      "duration_hour_minutes", "wallet.selectAccountTitle",
    ])
    #expect(index.nearMiss(for: "onboarding.step2") == nil)
    #expect(index.nearMiss(for: "kiosk.minutes_10") == nil)
    #expect(index.nearMiss(for: "AntiAdBlockWarningDescription2") == nil)
    #expect(index.nearMiss(for: "action.title.bookmarks") == nil)
    #expect(index.nearMiss(for: "duration_hours_minutes") == nil)
    #expect(index.nearMiss(for: "wallet.selectAccountsTitle") == nil)
    // A missing or extra s inside a word, a case slip, a separator are still typos.
    #expect(index.nearMiss(for: "action.title.boskmark") == "action.title.bookmark")
    #expect(index.nearMiss(for: "Action.title.bookmark") == "action.title.bookmark")
    #expect(index.nearMiss(for: "duration_hour-minutes") == "duration_hour_minutes")
  }

  /// The index finds what comparing the key with every indexed key finds: keys over a small
  /// alphabet (with digits, `s`, a combining accent and a scalar outside the BMP) are often one
  /// edit apart in every way.
  @Test func findsWhatComparingWithEveryKeyFinds() {
    let alphabet: [Unicode.Scalar] = ["a", "b", "s", "S", "1", "_", "\u{301}", "é", "😀"]
    var generator = SeededGenerator(seed: 11)
    func randomKey() -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<(2 + Int(generator.next() % 6)) {
        scalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
      }
      return String(scalars)
    }
    for _ in 0..<20 {
      let keys = (0..<150).map { _ in randomKey() }
      let index = NearMissIndex(keys)
      for query in keys.prefix(40) + (0..<60).map({ _ in randomKey() }) {
        let scalars = Array(query.unicodeScalars)
        var expected: String?
        if scalars.count >= NearMissIndex.minimumLength {
          for key in keys where key != query && key.unicodeScalars.count >= NearMissIndex.minimumLength {
            guard expected.map({ key < $0 }) ?? true, let edit = NearMissIndex.edit(scalars, Array(key.unicodeScalars)),
              !edit.isDeliberate
            else { continue }
            expected = key
          }
        }
        #expect(index.nearMiss(for: query) == expected, "\(query.unicodeScalars.map(\.value))")
      }
    }
  }
}
