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
}
