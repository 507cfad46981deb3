import Dispatch
import Foundation
import Testing

@testable import LayerMerge

/// What several merges over the same layers share is made once, however many threads ask for it
/// at the same moment.
struct SharedMemoTests {
  @Test func threadsAskingAtOnceWaitForTheOneThatMakesTheValue() {
    let memo = SharedMemo<Int>()
    let made = Counter()
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let value = memo.value("key \(index % 4)") {
        made.increment()
        // Long enough for the other threads to ask while it is being made.
        usleep(2_000)
        return index % 4
      }
      #expect(value == index % 4)
    }
    #expect(made.value == 4)
  }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
  private let queue = DispatchQueue(label: "counter")
  private var count = 0
  var value: Int { queue.sync { count } }
  func increment() { queue.sync { count += 1 } }
}
