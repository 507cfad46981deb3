/// One file's lookups as a target's check reads them, worked out once per run when the file is
/// scanned, however many targets compile it: the counts, and which lookups are checked with the
/// numbers of their keys (``LookupKeyNumbers``).
struct CheckedLookups: Sendable {
  /// Every lookup.
  var count = 0
  /// Lookups that read another bundle.
  var otherBundle = 0
  /// Lookups of a key or table that is not a literal.
  var dynamic = 0
  /// Lookups of a literal or interpolated key in a literal table (checked when the key has text).
  var literal = 0
  /// The indexes of the checked lookups, in source order: a literal or interpolated key with text,
  /// in a literal table of the app's own bundle.
  var indexes: [Int] = []
  /// The number of each checked lookup's key, once numbered; ``interpolated`` for an interpolation,
  /// which each target matches with its own tables' keys.
  var numbers: [Int] = []
  /// The digests of the literal keys (``KeyIndex/digest(_:)``), made beside the scan for
  /// numbering, by position in ``indexes``; `0` for an interpolation.
  var digests: [UInt64] = []

  /// The number of an interpolated lookup's key.
  static let interpolated = -1

  /// Sorts a file's lookups.
  init(_ lookups: [SourceLookup]) {
    count = lookups.count
    for (index, lookup) in lookups.enumerated() {
      guard lookup.readsOwnTables else {
        otherBundle += 1
        continue
      }
      guard lookup.table.name != nil else {
        dynamic += 1
        continue
      }
      switch lookup.key {
      case .dynamic:
        dynamic += 1
      case .literal(var key):
        literal += 1
        guard KeySkeleton.hasText(lookup.key) else { continue }
        indexes.append(index)
        digests.append(key.withUTF8 { KeyIndex.digest($0) })
      case .interpolated:
        literal += 1
        guard KeySkeleton.hasText(lookup.key) else { continue }
        indexes.append(index)
        digests.append(0)
      }
    }
  }

  /// No lookups.
  init() {}

  /// Numbers the literal keys with the run's numbers.
  mutating func number(_ lookups: [SourceLookup], with numbers: inout LookupKeyNumbers) {
    self.numbers = zip(indexes, digests).map { index, digest in
      let lookup = lookups[index]
      guard case .literal(let key) = lookup.key, let table = lookup.table.name else { return Self.interpolated }
      return numbers.number(of: key, table: table, digest: digest)
    }
  }
}
