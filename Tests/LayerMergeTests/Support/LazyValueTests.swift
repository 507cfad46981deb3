import Testing

@testable import LayerMerge

/// A value made once, on first use, and not made again by a preparation that comes after its use.
@Suite struct LazyValueTests {
  @Test func aLatePreparationDoesNotMakeADiscardedValueAgain() {
    let lazy = LazyValue<Int>()
    var made = 0
    #expect(
      lazy.value {
        made += 1; return 7
      } == 7)
    #expect(
      !lazy.prepare {
        made += 1; return 8
      })
    lazy.discard()
    // The build's write came first and discarded the target; its preparation arrives late.
    #expect(
      !lazy.prepare {
        made += 1; return 9
      })
    #expect(!lazy.isMade && made == 1)
    // Asked for its value again, it is made again.
    #expect(
      lazy.value {
        made += 1; return 10
      } == 10)
  }

  @Test func aPreparationAheadOfUseMakesTheValueOnce() {
    let lazy = LazyValue<Int>()
    var made = 0
    #expect(
      lazy.prepare {
        made += 1; return 3
      })
    #expect(
      lazy.value {
        made += 1; return 4
      } == 3)
    #expect(made == 1)
  }
}
