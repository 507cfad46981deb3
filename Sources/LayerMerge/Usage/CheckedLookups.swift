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
    // Bytes in one buffer, the lengths' digits written by hand: string interpolation allocated
    // half a dozen times per lookup, and this runs for every interpolated lookup of a run.
    var text: [UInt8] = []
    text.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count + 4 })
    for piece in pieces {
      let start = text.count
      var length = piece.utf8.count
      repeat {
        text.append(UInt8(ascii: "0") + UInt8(length % 10))
        length /= 10
      } while length > 0
      text[start...].reverse()
      text.append(UInt8(ascii: ":"))
      text.append(contentsOf: piece.utf8)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Sorts a file's lookups.
  init(_ lookups: [SourceLookup]) {
    count = lookups.count
    // Read in place through the buffer: copying each lookup out of the array retains its strings,
    // and this runs for every lookup of a run.
    lookups.withUnsafeBufferPointer { lookups in
      for index in lookups.indices {
        guard lookups[index].readsOwnTables else {
          otherBundle += 1
          continue
        }
        guard lookups[index].table.name != nil else {
          dynamic += 1
          continue
        }
        switch lookups[index].key {
        case .dynamic:
          dynamic += 1
        case .literal(let key):
          literal += 1
          guard KeySkeleton.hasText(lookups[index].key) else { continue }
          indexes.append(index)
          digests.append(KeyIndex.digest(of: key))
        case .interpolated(let pieces):
          literal += 1
          guard KeySkeleton.hasText(lookups[index].key) else { continue }
          indexes.append(index)
          let text = Self.interpolationText(pieces)
          digests.append(KeyIndex.digest(of: text))
          interpolationTexts.append(text)
        }
      }
    }
  }

  /// No lookups.
  init() {}

  /// Numbers the literal keys with the run's numbers.
  mutating func number(_ lookups: [SourceLookup], with numbers: inout LookupKeyNumbers) {
    var interpolations = interpolationTexts.makeIterator()
    var result: [Int] = []
    result.reserveCapacity(indexes.count)
    // In place, as ``init(_:)`` reads them.
    lookups.withUnsafeBufferPointer { lookups in
      for (index, digest) in zip(indexes, digests) {
        // Checked lookups have a literal table.
        let table = lookups[index].table.name ?? ""
        guard case .literal(let key) = lookups[index].key else {
          result.append(
            -1 - numbers.number(ofInterpolation: interpolations.next() ?? "", table: table, digest: digest))
          continue
        }
        result.append(numbers.number(of: key, table: table, digest: digest))
      }
    }
    self.numbers = result
    interpolationTexts = []
  }

}
