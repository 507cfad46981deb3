import Foundation
import Testing

@testable import LayerMerge

/// `performOnEveryCore`: each index once, on a worker the count names, all done when it returns.
@Suite struct EveryCoreTests {
  @Test(arguments: [0, 1, 2, 3, 17, 500])
  func everyIndexRunsOnceAndIsDoneOnReturn(iterations: Int) {
    let runs = Counts(iterations)
    let workers = workerCount(iterations: iterations)
    performOnEveryCore(iterations: iterations) { worker, index in
      // Some indexes take a while, so that a helper is still busy when this thread runs out.
      if index % 7 == 0 { usleep(1_000) }
      runs.add(index, worker: worker)
    }
    #expect(runs.values == Array(repeating: 1, count: iterations))
    #expect(runs.workers.allSatisfy { (0..<workers).contains($0) })
    #expect(workers >= 1 && workers <= max(iterations, 1))
  }

  private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Int]
    private(set) var workers: Set<Int> = []
    init(_ count: Int) { values = Array(repeating: 0, count: count) }
    func add(_ index: Int, worker: Int) {
      lock.lock()
      defer { lock.unlock() }
      values[index] += 1
      workers.insert(worker)
    }
  }
}
