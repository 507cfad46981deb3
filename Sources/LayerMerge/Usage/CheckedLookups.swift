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
  /// The number of each checked lookup's key, once numbered: a literal key's (`0` and up), or for
  /// an interpolation, which each target matches with its own tables' keys, `-1` minus the
  /// interpolation's number (``interpolation(_:)``).
  var numbers: [Int] = []
  /// The digests of the keys (``KeyIndex/digest(_:)``; an interpolation's of its
  /// ``interpolationText(_:)``), made beside the scan for numbering, by position in ``indexes``.
  var digests: [UInt64] = []
  /// The interpolations' texts (``interpolationText(_:)``), in the order of their lookups.
  private var interpolationTexts: [String] = []

  /// The interpolation's number a value of ``numbers`` stands for, or `nil` for a literal key's.
  static func interpolation(_ number: Int) -> Int? { number < 0 ? -1 - number : nil }

  /// An interpolation's pieces as one string, each piece after its length in bytes, so that two
  /// lists of pieces never spell the same text.
  static func interpolationText(_ pieces: [String]) -> String {
    var text = ""
    for piece in pieces { text += "\(piece.utf8.count):\(piece)" }
    return text
  }

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
      case .interpolated(let pieces):
        literal += 1
        guard KeySkeleton.hasText(lookup.key) else { continue }
        indexes.append(index)
        var text = Self.interpolationText(pieces)
        digests.append(text.withUTF8 { KeyIndex.digest($0) })
        interpolationTexts.append(text)
      }
    }
  }

  /// No lookups.
  init() {}

  /// Numbers the literal keys with the run's numbers.
  mutating func number(_ lookups: [SourceLookup], with numbers: inout LookupKeyNumbers) {
    var interpolations = interpolationTexts.makeIterator()
    self.numbers = zip(indexes, digests).map { index, digest in
      let lookup = lookups[index]
      // Checked lookups have a literal table.
      let table = lookup.table.name ?? ""
      guard case .literal(let key) = lookup.key else {
        return -1 - numbers.number(ofInterpolation: interpolations.next() ?? "", table: table, digest: digest)
      }
      return numbers.number(of: key, table: table, digest: digest)
    }
    interpolationTexts = []
  }
}
