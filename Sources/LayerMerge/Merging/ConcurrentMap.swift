import Dispatch

extension Array where Element: Sendable {
  /// `map` over the elements on every core; the result keeps the elements' order.
  func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    let results = ResultSlots<T>(count: count)
    let elements = self
    DispatchQueue.concurrentPerform(iterations: count) { index in
      results.store(transform(elements[index]), at: index)
    }
    return results.values
  }
}

/// Storage that each concurrent iteration writes at its own index, so no two writes overlap.
private final class ResultSlots<T>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<T?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = UnsafeMutablePointer<T?>.allocate(capacity: max(count, 1))
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func store(_ value: T, at index: Int) {
    slots[index] = value
  }

  var values: [T] { UnsafeBufferPointer(start: slots, count: count).compactMap { $0 } }
}
