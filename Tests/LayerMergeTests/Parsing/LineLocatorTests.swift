import Testing

@testable import LayerMerge

/// Positions from byte offsets, as every reader and the source scanner report them, against a
/// byte-at-a-time count: line breaks as CoreFoundation counts them (`\r\n` once, a lone `\r` or
/// `\n` once), columns in Unicode scalars.
@Suite struct LineLocatorTests {
  /// The position of `offset`, counted from the start one byte at a time.
  static func reference(_ offset: Int, in bytes: [UInt8]) -> TextPosition {
    var line = 1
    var column = 1
    var i = 0
    while i < offset {
      let byte = bytes[i]
      if byte == 0x0D || (byte == 0x0A && (i == 0 || bytes[i - 1] != 0x0D)) {
        line += 1
        column = 1
      } else if byte == 0x0A {
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return TextPosition(line: line, column: column)
  }

  /// Random text of short and long lines (breaks of every kind, often several in one word of
  /// eight bytes, at its first and last byte), asked at increasing offsets with an occasional
  /// step back.
  @Test func positionsAgreeWithCountingByteByByte() {
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("😀".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("        ".utf8),
      Array("Text(\"key\")".utf8),
    ]
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 0..<200, using: &generator)
      while bytes.count < length {
        // Long runs without a break, so that whole words are skipped, between dense stretches.
        let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        let repeats = Bool.random(using: &generator) ? 1 : Int.random(in: 1..<20, using: &generator)
        for _ in 0..<repeats { bytes += piece }
      }
      var locator = LineLocator()
      var offset = 0
      bytes.withUnsafeBufferPointer { buffer in
        for _ in 0..<40 {
          offset =
            Int.random(in: 0..<10, using: &generator) == 0
            ? Int.random(in: 0...bytes.count, using: &generator)
            : min(bytes.count, offset + Int.random(in: 0..<30, using: &generator))
          #expect(
            locator.position(of: offset, in: buffer) == Self.reference(offset, in: bytes),
            "offset \(offset) of \(bytes)")
        }
      }
    }
  }

  /// A break at each place of an eight-byte word, and two in one word.
  @Test func aBreakAnywhereInAWordIsCounted() {
    for place in 0..<8 {
      for breakBytes: [UInt8] in [[0x0A], [0x0D], [0x0D, 0x0A]] {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
        bytes.replaceSubrange(8 + place..<8 + place + breakBytes.count, with: breakBytes)
        bytes[20] = 0x0A
        var locator = LineLocator()
        bytes.withUnsafeBufferPointer { buffer in
          for offset in [0, 3, 16, 19, 21, 24] {
            #expect(locator.position(of: offset, in: buffer) == Self.reference(offset, in: bytes), "\(place) \(offset)")
          }
        }
      }
    }
  }
}
