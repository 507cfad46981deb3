/// The order in which Xcode writes the keys of a String Catalog, at every level.
///
/// Xcode's catalogs are byte-identical to Foundation's
/// `JSONSerialization.data(withJSONObject:options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])`,
/// which sorts keys with `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], locale: .system)`
/// (FORMATS.md §4.3). That is CoreFoundation's `CFStringCompareWithOptionsAndLocale`: a scan that
/// folds ASCII case and compares runs of ASCII digits as numbers, handing the rest at the first
/// difference to ICU's root collation, with ties broken by case and finally by UTF-16 code units.
/// This type follows the same steps, with the collation elements of the Unicode Collation
/// Algorithm's default table (``CollationTable``) in place of ICU. Known limits, none of which
/// shows up in real catalogs: contractions (two code points sorting as one, as in some Thai and
/// Tibetan text) are not applied, and characters newer than the table get implicit weights.
///
/// `JSONEncoder`'s `.sortedKeys` is not this order: off Darwin it sorts by UTF-8 bytes.
public enum CatalogKeyOrder {
  /// Whether `lhs` sorts before `rhs`.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// -1, 0 or 1 as `lhs` sorts before, the same as, or after `rhs`; 0 only for identical strings.
  public static func compare(_ lhs: String, _ rhs: String) -> Int {
    if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
    return compare(Array(lhs.utf16), Array(rhs.utf16))
  }

  /// Distinct keys in this order. Each key's UTF-16 form is made once, not once per comparison.
  /// - Parameter keys: Keys, no two with the same bytes.
  /// - Returns: Their positions in `keys`, sorted.
  static func order(of keys: [String]) -> [Int] {
    guard keys.count > 1 else { return Array(keys.indices) }
    let units = keys.map { Array($0.utf16) }
    return units.indices.sorted { compare(units[$0], units[$1]) < 0 }
  }

  // MARK: - Private

  /// CFStringCompareWithOptionsAndLocale's scan with a locale, `.numeric`, `.caseInsensitive` and
  /// `.forcedOrdering`.
  private static func compare(_ a: [UInt16], _ b: [UInt16]) -> Int {
    var i = 0
    var j = 0
    // The first literal difference, kept for the forced ordering when everything else is equal.
    var forced = 0
    var forcedIndex = (0, 0)
    var numericEquivalence = false
    // Where the text that is equal so far ends (not moved by digit runs, as in CF).
    var localized = (0, 0)
    while i < a.count && j < b.count {
      var c1 = a[i]
      var c2 = b[j]
      // CF folds ASCII capitals only once a difference has been recorded.
      if forced != 0 {
        c1 = asciiLowercased(c1)
        c2 = asciiLowercased(c2)
      }
      if isDigit(c1) && isDigit(c2) {
        let start = (i, j)
        var value1: UInt64 = 0
        var value2: UInt64 = 0
        while i < a.count, isDigit(a[i]) {
          value1 = value1 &* 10 &+ UInt64(a[i] - 0x30)
          i += 1
        }
        while j < b.count, isDigit(b[j]) {
          value2 = value2 &* 10 &+ UInt64(b[j] - 0x30)
          j += 1
        }
        if value1 != value2 { return value1 < value2 ? -1 : 1 }
        if forced == 0 && i - start.0 != j - start.1 {
          forced = i - start.0 < j - start.1 ? -1 : 1
          numericEquivalence = true
          forcedIndex = start
        }
        continue
      }
      if c1 != c2 {
        if forced == 0 {
          forced = c1 < c2 ? -1 : 1
          forcedIndex = localized
        }
        if c1 < 0x80 && c2 < 0x80 {
          return collate(a, from: i, b, from: j)
        }
        // Outside ASCII, CF folds case before it gives up.
        let (folded1, width1) = foldedScalar(a, at: i)
        let (folded2, width2) = foldedScalar(b, at: j)
        guard folded1 == folded2 else {
          return collate(a, from: localized.0, b, from: localized.1)
        }
        i += width1
        j += width2
        localized = (i, j)
        continue
      }
      i += 1
      j += 1
      localized = (i, j)
    }
    if !numericEquivalence && forced != 0 && i == a.count && j == b.count {
      forced = collate(a, from: forcedIndex.0, b, from: forcedIndex.1)
    }
    return i < a.count ? 1 : j < b.count ? -1 : forced
  }

  /// ICU's comparison as CF drives it (`__CompareTextDefault`): primary strength with numeric
  /// collation, then secondary, then widths and similar variants, then case and tertiary
  /// differences, then code units.
  private static func collate(_ a: [UInt16], from start1: Int, _ b: [UInt16], from start2: Int) -> Int {
    let x = a[extendBackward(a, from: start1)...]
    let y = b[extendBackward(b, from: start2)...]
    let elements1 = CollationElements.of(x)
    let elements2 = CollationElements.of(y)
    for level in CollationElements.Level.allCases {
      let order = CollationElements.compare(elements1, elements2, at: level)
      if order != 0 { return order }
    }
    // No difference above code points.
    for (u1, u2) in zip(x, y) where u1 != u2 { return u1 < u2 ? -1 : 1 }
    return x.count < y.count ? -1 : x.count > y.count ? 1 : 0
  }

  /// CF hands ICU the text from the last base character before the difference: combining marks
  /// and punctuation before it belong to the comparison.
  private static func extendBackward(_ units: [UInt16], from index: Int) -> Int {
    var location = index
    while location > 0 {
      let previous = units[location - 1]
      guard let scalar = Unicode.Scalar(previous) else { break }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation, .dashPunctuation,
        .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
        location -= 1
      default:
        return location
      }
    }
    return location
  }

  private static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

  private static func asciiLowercased(_ unit: UInt16) -> UInt16 {
    unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit
  }

  /// The scalar at `index`, lowercased, and how many code units it takes.
  private static func foldedScalar(_ units: [UInt16], at index: Int) -> (String, Int) {
    let unit = units[index]
    if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
      let scalar = UTF16.decode(UTF16.EncodedScalar([unit, units[index + 1]]))
      return (scalar.properties.lowercaseMapping, 2)
    }
    guard let scalar = Unicode.Scalar(unit) else { return (String(unit), 1) }
    return (scalar.properties.lowercaseMapping, 1)
  }
}
