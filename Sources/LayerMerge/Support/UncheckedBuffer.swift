/// A growing buffer of plain values for a loop that appends and patches millions of them: an
/// array checks its uniqueness (a runtime call) and capacity on every change, which the lexers
/// paid at every token. Owned by one value, never copied while it grows, read in place through
/// ``elements`` and freed by ``deallocate()`` (copying it into an array at the end cost as much as
/// the checks it saved).
struct UncheckedBuffer<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  /// The element at `index`, which must be below ``count`` (not checked).
  @inline(__always) subscript(index: Int) -> Element {
    get { base[index] }
    set { base[index] = newValue }
  }

  var last: Element? { count > 0 ? base[count - 1] : nil }

  /// Removes and gives the last element, or `nil` when there is none.
  @inline(__always) mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    return base[count]
  }

  @inline(__always) mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Empties the buffer, keeping its room.
  @inline(__always) mutating func removeAll() { count = 0 }

  /// The elements, in place: valid until the buffer grows or is deallocated.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Frees the buffer; nothing of it may be used afterwards.
  func deallocate() { base.deallocate() }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
