extension CollationTable {
  /// The collation elements of one code point (`primary << 16 | secondary << 5 | tertiary`),
  /// empty when the table does not list it.
  static func lookup(_ scalar: UInt32) -> ArraySlice<UInt32> {
    if scalar < 0x10000 {
      let entry = index.bmp[Int(scalar)]
      if entry >= 0 { return words[Int(entry >> 5)..<Int(entry >> 5) + Int(entry & 0x1F)] }
      if entry == -1 { return [] }
    }
    guard let range = index.others[scalar] else { return [] }
    return words[range]
  }

  // MARK: - Private

  private static let words: [UInt32] = {
    let text = encoded.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    let bytes: [UInt8] = Base64.decode(text) ?? []
    return stride(from: 0, to: bytes.count - 3, by: 4).map { (offset: Int) -> UInt32 in
      // Little-endian words; typed step by step to keep the type checker fast.
      let low = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
      let high = UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
      return low | high
    }
  }()

  /// Where each code point's elements are: for the BMP, `offset << 5 | count` (-1 when absent,
  /// -2 when in `others`, as astral code points are).
  private static let index: (bmp: [Int32], others: [UInt32: Range<Int>]) = {
    var bmp = [Int32](repeating: -1, count: 0x10000)
    var others: [UInt32: Range<Int>] = [:]
    var position = 0
    while position < words.count {
      let header = words[position]
      let scalar = header & 0x1F_FFFF
      let count = Int(header >> 21)
      let range = (position + 1)..<(position + 1 + count)
      if scalar < 0x10000 && count < 32 {
        bmp[Int(scalar)] = Int32(range.lowerBound << 5 | count)
      } else {
        if scalar < 0x10000 { bmp[Int(scalar)] = -2 }
        others[scalar] = range
      }
      position = range.upperBound
    }
    return (bmp, others)
  }()
}
