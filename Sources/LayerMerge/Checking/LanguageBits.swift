/// A table of bits, one row per key and one bit per language, in one flat array: which languages
/// each key of a catalog has (an array of `Bool`s per key made as many allocations as keys).
struct LanguageBits {
  private var words: [UInt64]
  private let wordsPerRow: Int

  /// All bits clear.
  init(rows: Int, bits: Int) {
    wordsPerRow = max(1, (bits + 63) / 64)
    words = [UInt64](repeating: 0, count: rows * wordsPerRow)
  }

  mutating func set(row: Int, bit: Int) {
    words[row * wordsPerRow + bit / 64] |= 1 << UInt64(bit % 64)
  }

  func has(row: Int, bit: Int) -> Bool {
    words[row * wordsPerRow + bit / 64] & (1 << UInt64(bit % 64)) != 0
  }
}
