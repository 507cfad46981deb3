/// The collation elements of a text, as the Unicode Collation Algorithm forms them with
/// ``CollationTable``, and the level-by-level comparison ``CatalogKeyOrder`` needs.
///
/// Punctuation and spaces keep their primary weights (ICU's "non-ignorable", as CF sets it), runs
/// of ASCII digits become one numeric element ordered by value (ICU's numeric collation), and
/// characters the table does not list get the algorithm's implicit weights.
struct CollationElements {
  /// The comparison levels, in the order CF asks ICU for them.
  enum Level: CaseIterable {
    /// Base letters, ignoring accents and case.
    case primary
    /// Accents.
    case secondary
    /// Width, circling and similar variants, with case folded.
    case variant
    /// Case, lowercase first.
    case caseLevel
    /// Everything the tertiary weight says.
    case tertiary
  }

  fileprivate struct Element {
    /// The table's 16-bit primary in the upper half; implicit weights use both halves.
    var primary: UInt32
    var secondary: UInt16
    var tertiary: UInt8
    /// The digits of a numeric element, leading zeros removed.
    var digits: ArraySlice<UInt16>?
  }

  fileprivate var elements: [Element] = []

  /// The elements of a piece of UTF-16 text.
  static func of(_ units: ArraySlice<UInt16>) -> CollationElements {
    var result = CollationElements()
    result.elements.reserveCapacity(units.count + 4)
    var index = units.startIndex
    while index < units.endIndex {
      let unit = units[index]
      if unit >= 0x30 && unit <= 0x39 {
        var end = index
        while end < units.endIndex, units[end] >= 0x30, units[end] <= 0x39 { end += 1 }
        var first = index
        while first < end - 1, units[first] == 0x30 { first += 1 }
        result.elements.append(
          Element(primary: Self.digitPrimary, secondary: 0x20, tertiary: 0x02, digits: units[first..<end]))
        index = end
        continue
      }
      var scalar = UInt32(unit)
      var width = 1
      if UTF16.isLeadSurrogate(unit), index + 1 < units.endIndex, UTF16.isTrailSurrogate(units[index + 1]) {
        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
        width = 2
      }
      result.append(scalar: scalar)
      index += width
    }
    return result
  }

  /// -1, 0 or 1: how `lhs` compares with `rhs` at one level.
  static func compare(_ lhs: CollationElements, _ rhs: CollationElements, at level: Level) -> Int {
    var left = lhs.weights(at: level).makeIterator()
    var right = rhs.weights(at: level).makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let l?, let r?):
        if l.weight != r.weight { return l.weight < r.weight ? -1 : 1 }
        if let d1 = l.digits, let d2 = r.digits {
          if d1.count != d2.count { return d1.count < d2.count ? -1 : 1 }
          for (x, y) in zip(d1, d2) where x != y { return x < y ? -1 : 1 }
        }
      }
    }
  }

  // MARK: - Private

  private static let digitPrimary: UInt32 = (CollationTable.lookup(0x30).first ?? 0x1F98_0000) & 0xFFFF_0000

  private func weights(at level: Level) -> some Sequence<(weight: UInt32, digits: ArraySlice<UInt16>?)> {
    elements.lazy.compactMap { element -> (weight: UInt32, digits: ArraySlice<UInt16>?)? in
      switch level {
      case .primary:
        return element.primary == 0 ? nil : (element.primary, element.digits)
      case .secondary:
        return element.secondary == 0 ? nil : (UInt32(element.secondary), nil)
      case .variant:
        return element.primary == 0 ? nil : (UInt32(Self.caseFolded(element.tertiary)), nil)
      case .caseLevel:
        return element.primary == 0 ? nil : (Self.isUppercase(element.tertiary) ? 1 : 0, nil)
      case .tertiary:
        return element.tertiary == 0 ? nil : (UInt32(Self.caseFolded(element.tertiary)), nil)
      }
    }
  }

  /// DUCET tertiary weights 0x08–0x0C, 0x0E, 0x11, 0x12 and 0x1D mark capitals (UCA §7.3).
  private static func isUppercase(_ tertiary: UInt8) -> Bool {
    switch tertiary {
    case 0x08...0x0C, 0x0E, 0x11, 0x12, 0x1D: return true
    default: return false
    }
  }

  /// The tertiary weight of the same variant in lowercase.
  private static func caseFolded(_ tertiary: UInt8) -> UInt8 {
    switch tertiary {
    case 0x08...0x0C: return tertiary - 6
    case 0x1D: return 0x15
    default: return tertiary
    }
  }

  private mutating func append(scalar: UInt32) {
    let words = CollationTable.lookup(scalar)
    if !words.isEmpty {
      for word in words {
        elements.append(
          Element(
            primary: word & 0xFFFF_0000, secondary: UInt16((word >> 5) & 0x7FF), tertiary: UInt8(word & 0x1F),
            digits: nil))
      }
      return
    }
    // Hangul syllables are not in the table: they sort as their jamo (UCA §10.1.5 via decomposition).
    if scalar >= 0xAC00 && scalar <= 0xD7A3 {
      let index = scalar - 0xAC00
      append(scalar: 0x1100 + index / 588)
      append(scalar: 0x1161 + (index % 588) / 28)
      if index % 28 != 0 { append(scalar: 0x11A7 + index % 28) }
      return
    }
    // Implicit weights (UCA §10.1).
    let base: UInt32
    switch scalar {
    case 0x4E00...0x9FFF, 0xFA0E, 0xFA0F, 0xFA11, 0xFA13, 0xFA14, 0xFA1F, 0xFA21, 0xFA23, 0xFA24, 0xFA27...0xFA29:
      base = 0xFB40
    case 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2EBEF, 0x30000...0x3134F:
      base = 0xFB80
    default:
      base = 0xFBC0
    }
    // Both halves in one primary, so that the pair compares as one element.
    let primary = ((base + (scalar >> 15)) << 16) | ((scalar & 0x7FFF) | 0x8000)
    elements.append(Element(primary: primary, secondary: 0x20, tertiary: 0x02, digits: nil))
  }
}
