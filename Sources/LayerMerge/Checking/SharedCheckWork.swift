/// Check results that depend only on layers several merges share, worked out by the first merge
/// that needs them and reused by the others: a project's 18 targets over one base check the
/// base's own formats once, index the base's keys for the near-miss check once, and compare the
/// base's languages once.
///
/// Entries are keyed by the paths of the files they were worked out from. That is sound only
/// while those files stay as they were read, which is why ``SharedLayers`` owns one: its layers
/// are read once and never change.
final class SharedCheckWork: Sendable {
  /// The keys of some layers' files, and their near-miss index.
  struct LowerKeys: Sendable {
    var keys: Set<String>
    var index: NearMissIndex
  }

  /// A layer's own format problems, by development language and files.
  let formatsWithinLayer = SharedMemo<[Diagnostic]>()
  /// The keys below a layer in a table, by the files that hold them.
  let lowerKeys = SharedMemo<LowerKeys>()
  /// Which keys of one file another file lacks, by the two files' paths.
  let missingKeys = SharedMemo<[Int]>()
}
