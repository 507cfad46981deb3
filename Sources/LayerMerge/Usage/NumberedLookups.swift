/// The checked lookups of every file of a run, numbered, side by side in the order of the files'
/// places (``ScannedSources/paths``): a target's check reads the ranges of its files' places.
///
/// Kept apart from each file's ``ScannedSources/File``: every target's check read every one of its
/// files, on both cores, and each copy of a file's description counted a reference to each of
/// its arrays, atomic counts that the cores fought over.
struct NumberedLookups: Sendable {
  /// What a file's lookups count.
  struct Counts: Sendable {
    /// Every lookup.
    var count = 0
    /// Lookups that read another bundle.
    var otherBundle = 0
    /// Lookups of a key or table that is not a literal.
    var dynamic = 0
    /// Lookups of a literal or interpolated key in a literal table.
    var literal = 0
  }

  /// Where each place's checked lookups start in ``keys`` and ``lookupIndexes``; one more than
  /// the places, the last the end.
  private(set) var starts: [Int] = [0]
  /// Each checked lookup's key number (``CheckedLookups/number(_:with:into:)``).
  private(set) var keys: [Int] = []
  /// Each checked lookup's index among its file's ``ScannedSources/File/lookups``.
  private(set) var lookupIndexes: [Int] = []
  /// Each place's counts.
  private(set) var counts: [Counts] = []
  /// Why a file was not read, by place: a few at most.
  private(set) var problems: [Int: Diagnostic] = [:]

  /// Numbers the next place's lookups and adds them. The file's ``ScannedSources/File/checked`` is
  /// let go: everything in it is here now.
  /// - Parameters:
  ///   - file: What the file gave; `nil` for a file that is no source.
  ///   - numbers: The run's key numbers.
  mutating func append(_ file: inout ScannedSources.File?, numbers: inout LookupKeyNumbers) {
    if let checked = file?.checked {
      counts.append(
        Counts(
          count: checked.count, otherBundle: checked.otherBundle, dynamic: checked.dynamic, literal: checked.literal))
      lookupIndexes.append(contentsOf: checked.indexes)
      checked.number(with: &numbers, into: &keys)
      if let problem = file?.problem { problems[counts.count - 1] = problem }
      file?.checked = CheckedLookups()
    } else {
      counts.append(Counts())
    }
    starts.append(keys.count)
  }
}
