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
  /// The digests of the keys (``KeyIndex/digest(_:)``; an interpolation's of its
  /// ``interpolationText(_:)``), made beside the scan for numbering, by position in ``indexes``.
  var digests: [UInt64] = []
  /// The lookups as a brief scan records them (``SourceScanner/briefScan(_:language:)``), until
  /// numbered: what ``number(with:into:)`` reads.
  private var recorded = BriefLookups()

  /// The interpolation's number a value of ``numbers`` stands for, or `nil` for a literal key's.
  static func interpolation(_ number: Int) -> Int? { number < 0 ? -1 - number : nil }

  /// An interpolation's pieces as one string, each piece after its length in bytes, so that two
  /// lists of pieces never spell the same text.
  static func interpolationText(_ pieces: [String]) -> String {
    // Written straight into the string's storage, the lengths' digits by hand: string
    // interpolation allocated half a dozen times per lookup, and an array of bytes decoded into a
    // string twice over; this runs for every interpolated lookup of a run.
    var size = 0
    for piece in pieces { size += digitCount(piece.utf8.count) + 1 + piece.utf8.count }
    return String(unsafeUninitializedCapacity: size) { buffer in
      var at = 0
      for piece in pieces {
        at += writeLength(piece.utf8.count, into: UnsafeMutableBufferPointer(rebasing: buffer[at...]))
        var piece = piece
        piece.withUTF8 { bytes in
          _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<at + bytes.count]).initialize(fromContentsOf: bytes)
        }
        at += piece.utf8.count
      }
      return at
    }
  }

  /// Writes a piece's length as ``interpolationText(_:)`` does, in decimal and a colon, at the
  /// start of `buffer`, which has room for them.
  /// - Returns: How many bytes were written.
  static func writeLength(_ length: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let digits = digitCount(length)
    var rest = length
    for place in stride(from: digits - 1, through: 0, by: -1) {
      buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    buffer[digits] = UInt8(ascii: ":")
    return digits + 1
  }

  /// The pieces an ``interpolationText(_:)`` spells.
  static func pieces(ofText text: UnsafeBufferPointer<UInt8>) -> [String] {
    var pieces: [String] = []
    var at = 0
    while at < text.count {
      var length = 0
      while at < text.count, text[at] != UInt8(ascii: ":") {
        length = length * 10 + Int(text[at] - UInt8(ascii: "0"))
        at += 1
      }
      let end = min(at + 1 + length, text.count)
      pieces.append(String(decoding: UnsafeBufferPointer(rebasing: text[min(at + 1, end)..<end]), as: UTF8.self))
      at = end
    }
    return pieces
  }

  /// How many decimal digits `value` (not negative) is written with.
  private static func digitCount(_ value: Int) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  /// Sorts a full scan's lookups, recorded as a brief scan records them (one set of rules for
  /// both).
  /// - Parameter lookups: The file's lookups.
  init(_ lookups: [SourceLookup]) {
    self.init(BriefLookups(lookups))
  }

  /// Sorts a file's recorded lookups (a brief scan's, or a full scan's recorded alike), kept
  /// until they are numbered.
  /// - Parameter brief: The file's lookups.
  init(_ brief: BriefLookups) {
    count = brief.lookups.count
    indexes.reserveCapacity(brief.lookups.count)
    digests.reserveCapacity(brief.lookups.count)
    brief.lookups.withUnsafeBufferPointer { lookups in
      for index in lookups.indices {
        let lookup = lookups[index]
        guard lookup.readsOwnTables else {
          otherBundle += 1
          continue
        }
        guard lookup.table >= 0, lookup.key != .dynamic else {
          dynamic += 1
          continue
        }
        literal += 1
        guard lookup.hasText else { continue }
        indexes.append(index)
        // Counted as literal, the key is no dynamic one: it has a text.
        digests.append(brief.withText(of: lookup, KeyIndex.digest) ?? 0)
      }
    }
    recorded = brief
  }

  /// No lookups.
  init() {}

  /// Numbers the keys and adds their numbers to `numbered`, in the order of ``indexes``: a literal
  /// key's number (`0` and up), or for an interpolation, which each target matches with its own
  /// tables' keys, `-1` minus the interpolation's number (``interpolation(_:)``).
  func number(with numbers: inout LookupKeyNumbers, into numbered: inout [Int]) {
    // The file's few tables are placed once each, when a checked lookup first reads one.
    var slots = [LookupKeyNumbers.TableSlot?](repeating: nil, count: recorded.tables.count)
    for (index, digest) in zip(indexes, digests) {
      let lookup = recorded.lookups[index]
      // Checked lookups have a literal table.
      let table = Int(lookup.table)
      let slot = slots[table] ?? numbers.slot(of: recorded.tables[table])
      slots[table] = slot
      let number = recorded.withText(of: lookup) { text in
        lookup.key.isInterpolation
          ? -1 - numbers.number(ofInterpolationBytes: text, in: slot, digest: digest)
          : numbers.number(ofBytes: text, in: slot, digest: digest)
      }
      if let number { numbered.append(number) }
    }
  }
}
