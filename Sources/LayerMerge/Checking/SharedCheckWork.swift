import Dispatch

/// Check results that depend only on layers several merges share, worked out by the first merge
/// that needs them and reused by the others: a project's 18 targets over one base check the
/// base's own formats once, and index the base's keys for the near-miss check once.
///
/// Entries are keyed by the paths of the files they were worked out from. That is sound only
/// while those files stay as they were read, which is why ``SharedLayers`` owns one: its layers
/// are read once and never change.
final class SharedCheckWork: @unchecked Sendable {
  /// The keys of some layers' files, and their near-miss index.
  struct LowerKeys: Sendable {
    var keys: Set<String>
    var index: NearMissIndex
  }

  private let queue = DispatchQueue(label: "locmerge.shared-check-work")
  private var formatsWithinLayer: [String: [Diagnostic]] = [:]
  private var lowerKeys: [String: LowerKeys] = [:]

  /// The within-layer format diagnostics for `key`, made by `make` the first time.
  func formatsWithinLayer(_ key: String, _ make: () -> [Diagnostic]) -> [Diagnostic] {
    if let known = queue.sync(execute: { formatsWithinLayer[key] }) { return known }
    // Made outside the lock: two merges may both make it once, but neither waits for the other.
    let made = make()
    queue.sync { formatsWithinLayer[key] = made }
    return made
  }

  /// The keys and near-miss index for `key`, made by `make` the first time.
  func lowerKeys(_ key: String, _ make: () -> LowerKeys) -> LowerKeys {
    if let known = queue.sync(execute: { lowerKeys[key] }) { return known }
    let made = make()
    queue.sync { lowerKeys[key] = made }
    return made
  }
}
