import Testing

@testable import LayerMerge

/// The byte checks that read many bytes at once answer as a byte-by-byte loop does, wherever the
/// byte sought stands and however long the text (the word-at-a-time loop has a tail).
@Suite struct SourceBytesTests {
  @Test func aHighByteIsFoundAtEveryPlaceOfEveryLength() {
    for length in 0..<40 {
      let ascii = [UInt8](repeating: UInt8(ascii: "k"), count: length)
      ascii.withUnsafeBufferPointer { #expect(SourceBytes.isASCII($0)) }
      for place in 0..<length {
        for byte: UInt8 in [0x80, 0xC3, 0xFF] {
          var text = ascii
          text[place] = byte
          text.withUnsafeBufferPointer { #expect(!SourceBytes.isASCII($0), "\(byte) at \(place) of \(length)") }
        }
      }
    }
  }

  @Test func aByteIsFoundAtEveryPlaceOfEveryLength() {
    for length in 0..<40 {
      let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      plain.withUnsafeBufferPointer { #expect(!SourceBytes.contains(SourceBytes.backslash, in: $0)) }
      for place in 0..<length {
        var text = plain
        text[place] = SourceBytes.backslash
        text.withUnsafeBufferPointer { #expect(SourceBytes.contains(SourceBytes.backslash, in: $0)) }
      }
    }
  }

  /// Every text of up to six bytes of `a`, line feed and carriage return, from every start.
  @Test func aLineEndsAtItsFirstBreakOfEitherKind() {
    let alphabet: [UInt8] = [UInt8(ascii: "a"), SourceBytes.lineFeed, SourceBytes.carriageReturn]
    var texts: [[UInt8]] = [[]]
    var longest: [[UInt8]] = [[]]
    for _ in 0..<6 {
      longest = longest.flatMap { text in alphabet.map { text + [$0] } }
      texts += longest
    }
    for text in texts {
      for start in 0...text.count {
        let expected = text[start...].firstIndex(where: SourceBytes.isLineBreak) ?? text.count
        text.withUnsafeBufferPointer {
          #expect(SourceBytes.lineEnd(in: $0, from: start) == expected, "\(text) \(start)")
        }
      }
    }
  }
}
