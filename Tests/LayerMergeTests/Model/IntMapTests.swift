import Testing

@testable import LayerMerge

/// The positions a merge changes in a table are kept in an ``IntMap``: it must answer as a
/// dictionary does, through growth and overwrites.
struct IntMapTests {
  @Test(arguments: [0, 1, 100, 5_000])
  func answersAsADictionaryDoes(capacity: Int) {
    var generator = SeededGenerator(seed: 3)
    var map = IntMap(capacity: capacity)
    var reference: [Int: Int] = [:]
    for step in 0..<5_000 {
      // Keys collide often (a small range) and sometimes are large.
      let key = step % 7 == 0 ? Int(generator.next() % 1_000_000) : Int(generator.next() % 700)
      map.set(step, for: key)
      reference[key] = step
      let probe = Int(generator.next() % 1_400)
      #expect(map[probe] == reference[probe])
    }
    #expect(map.count == reference.count)
    #expect(map.unorderedKeys.sorted() == reference.keys.sorted())
    for (key, value) in reference { #expect(map[key] == value) }
    #expect(IntMap()[0] == nil)
  }
}
