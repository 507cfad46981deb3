/// A `.strings` file as ``StringsFileWriter`` writes it, with where each entry's text starts:
/// runs of its entries can be copied into another file that holds them unchanged.
struct StringsRendering: Sendable {
  /// The file's bytes.
  var bytes: [UInt8]
  /// The offset of each entry's text (its comment, or its key): entries are separated by one
  /// blank line, so an entry's text ends one byte before the next one starts.
  var starts: [Int]

  /// The offset just past an entry's text, its final line break included.
  func end(ofEntry index: Int) -> Int {
    index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
  }
}
