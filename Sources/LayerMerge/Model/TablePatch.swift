/// What the layers above a merged table's lowest file change in it: the entries they replace,
/// by position, and the keys they add after the lowest file's. A target's table is mostly its
/// base's, so a merge keeps the base's table and records as they are (shared by every target)
/// and only this.
struct TablePatch: Sendable {
  /// The slot in `replacedEntries` and `replacedRecords` of each replaced position.
  private var slots = IntMap()
  private(set) var replacedEntries: [LocalizationEntry] = []
  private(set) var replacedRecords: [KeyProvenance] = []
  /// The replaced positions, ascending (set by ``finish()``).
  private(set) var replacedPositions: [Int] = []
  /// The keys the lowest file lacks, in the order overlays add them: positions from the lowest
  /// file's count on.
  var added = LocalizationTable()
  /// The records of the added keys, in the same order.
  var addedRecords: [KeyProvenance] = []

  /// An empty patch with room for `count` replaced positions.
  init(capacity count: Int = 0) {
    slots = IntMap(capacity: count)
  }

  /// The slot of a position of the lowest file's table, if an overlay replaced what stands there.
  func slot(ofReplaced position: Int) -> Int? {
    slots[position]
  }

  /// Changes what stands at a position of the lowest file's table in place, starting the first
  /// time from what `original` gives (the lowest file's entry and record).
  mutating func change(
    _ position: Int, from original: () -> (LocalizationEntry, KeyProvenance),
    _ change: (inout LocalizationEntry, inout KeyProvenance) -> Void
  ) {
    let slot: Int
    if let existing = slots[position] {
      slot = existing
    } else {
      slot = replacedEntries.count
      slots.set(slot, for: position)
      let (entry, record) = original()
      replacedEntries.append(entry)
      replacedRecords.append(record)
    }
    change(&replacedEntries[slot], &replacedRecords[slot])
  }

  /// Sorts the replaced positions; called once the patch is complete.
  mutating func finish() {
    replacedPositions = slots.unorderedKeys.sorted()
  }
}
