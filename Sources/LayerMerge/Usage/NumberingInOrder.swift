import Dispatch

/// Numbers the keys of scanned files in the order of the files while later files are still
/// being scanned: numbering is one core's work, and done after the scan it left the other core
/// idle. Whichever thread finishes a batch of files numbers every batch that is next in order
/// and ready, unless another thread is numbering (which then takes the new batch too), so the
/// numbers are the same however the threads run.
final class NumberingInOrder: @unchecked Sendable {
  private let queue = DispatchQueue(label: "locmerge.numbering-in-order")
  private let paths: [String]
  private let batchSize: Int
  /// Whether each file keeps its lookups once numbered.
  private let keepingLookups: Bool
  /// Scanned batches not numbered yet, by batch.
  private var waiting: [[ScannedSources.File?]?]
  private var next = 0
  private var isNumbering = false
  /// Touched only by the numbering thread (`isNumbering`), and read once every batch is in.
  private var numbers = LookupKeyNumbers()
  private var numbered = NumberedLookups()
  private var files: [String: ScannedSources.File] = [:]
  private var byPlace: [ScannedSources.File?]

  /// Numbering for the files at `paths`, scanned in batches of `batchSize` (in order).
  init(paths: [String], batchSize: Int, keepingLookups: Bool = true) {
    self.paths = paths
    self.batchSize = batchSize
    self.keepingLookups = keepingLookups
    waiting = Array(repeating: nil, count: (paths.count + batchSize - 1) / batchSize)
    files.reserveCapacity(paths.count)
    byPlace = Array(repeating: nil, count: paths.count)
  }

  /// How many batches the files make.
  var batchCount: Int { waiting.count }

  /// The files of a batch.
  func paths(ofBatch batch: Int) -> ArraySlice<String> {
    paths[batch * batchSize..<min(paths.count, (batch + 1) * batchSize)]
  }

  /// Hands in a scanned batch (`nil` for a file not scanned); numbers it and whatever follows it
  /// in order, unless another thread is numbering.
  func add(_ scanned: [ScannedSources.File?], batch: Int) {
    var ready: [ScannedSources.File?]? = queue.sync {
      waiting[batch] = scanned
      guard !isNumbering else { return nil }
      return take()
    }
    while let batch = ready {
      number(batch, first: next * batchSize)
      ready = queue.sync {
        next += 1
        return take()
      }
    }
  }

  /// The numbered files, by path and by place, and the numbers, once every batch is in.
  func result() -> (
    files: [String: ScannedSources.File], byPlace: [ScannedSources.File?], numbers: LookupKeyNumbers,
    numbered: NumberedLookups
  ) {
    queue.sync {
      // Every batch handed in is numbered by then (the last thread to number takes whatever came
      // in meanwhile); this numbers nothing unless that ever changes.
      while next < waiting.count {
        if let batch = waiting[next] { number(batch, first: next * batchSize) }
        waiting[next] = nil
        next += 1
      }
      return (files, byPlace, numbers, numbered)
    }
  }

  // MARK: - Private

  /// The next batch if it is in, making this thread the numbering one (inside `queue`).
  private func take() -> [ScannedSources.File?]? {
    guard next < waiting.count, let batch = waiting[next] else {
      isNumbering = false
      return nil
    }
    isNumbering = true
    waiting[next] = nil
    return batch
  }

  private func number(_ batch: [ScannedSources.File?], first: Int) {
    for (offset, scanned) in batch.enumerated() {
      var file = scanned
      numbered.append(&file, numbers: &numbers)
      guard var file else { continue }
      file.place = first + offset
      if !keepingLookups { file.lookups = [] }
      files[paths[first + offset]] = file
      byPlace[first + offset] = file
    }
  }
}
