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
    #expect(index.nearMiss(for: "login_buttons") == "login_button")
  }

  @Test func twoSwapsOrDistantKeysAreNotNearMisses() {
    let index = NearMissIndex(["Title"])
    #expect(index.nearMiss(for: "iTtel") == nil)
    #expect(index.nearMiss(for: "Tilte2") == nil)
  }
}
