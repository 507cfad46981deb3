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
  /// The interpolations' texts (``interpolationText(_:)``), in the order of their lookups.
  private var interpolationTexts: [String] = []
  /// A brief scan's lookups (``SourceScanner/briefScan(_:language:)``), until numbered: what
  /// ``number(_:with:into:)`` reads instead of the lookups.
  private var brief: BriefLookups?

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
        let length = piece.utf8.count
        let digits = digitCount(length)
        var rest = length
        for place in stride(from: at + digits - 1, through: at, by: -1) {
          buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        at += digits
        buffer[at] = UInt8(ascii: ":")
        at += 1
        var piece = piece
        piece.withUTF8 { bytes in
          _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<at + bytes.count]).initialize(fromContentsOf: bytes)
        }
        at += length
      }
      return at
    }
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

  /// Sorts a file's lookups.
  /// - Parameter lookups: The file's lookups.
  init(_ lookups: [SourceLookup]) {
    count = lookups.count
    // Room for all at once: grown from empty, the two arrays were reallocated a few times a file.
    indexes.reserveCapacity(lookups.count)
    digests.reserveCapacity(lookups.count)
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

  /// Sorts a brief scan's lookups, kept until they are numbered.
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
        switch lookup.key {
        case .bytes: digests.append(brief.withKey(lookup.span, KeyIndex.digest))
        case .string, .interpolation: digests.append(KeyIndex.digest(of: brief.strings[Int(lookup.string)]))
        case .dynamic: break
        }
      }
    }
    self.brief = brief
  }

  /// No lookups.
  init() {}

  /// Numbers the keys and adds their numbers to `numbered`, in the order of ``indexes``: a literal
  /// key's number (`0` and up), or for an interpolation, which each target matches with its own
  /// tables' keys, `-1` minus the interpolation's number (``interpolation(_:)``).
  func number(_ lookups: [SourceLookup], with numbers: inout LookupKeyNumbers, into numbered: inout [Int]) {
    if let brief {
      for (index, digest) in zip(indexes, digests) {
        let lookup = brief.lookups[index]
        // Checked lookups have a literal table.
        let table = brief.tables[Int(lookup.table)]
        switch lookup.key {
        case .bytes:
          numbered.append(brief.withKey(lookup.span) { numbers.number(ofBytes: $0, table: table, digest: digest) })
        case .string:
          numbered.append(numbers.number(of: brief.strings[Int(lookup.string)], table: table, digest: digest))
        case .interpolation:
          numbered.append(
            -1 - numbers.number(ofInterpolation: brief.strings[Int(lookup.string)], table: table, digest: digest))
        case .dynamic:
          break
        }
      }
      return
    }
    var interpolations = interpolationTexts.makeIterator()
    // In place, as ``init(_:)`` reads them.
    lookups.withUnsafeBufferPointer { lookups in
      for (index, digest) in zip(indexes, digests) {
        // Checked lookups have a literal table.
        let table = lookups[index].table.name ?? ""
        guard case .literal(let key) = lookups[index].key else {
          numbered.append(
            -1 - numbers.number(ofInterpolation: interpolations.next() ?? "", table: table, digest: digest))
          continue
        }
        numbered.append(numbers.number(of: key, table: table, digest: digest))
      }
    }
  }

}
