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
      plain.withUnsafeBufferPointer { #expect(!$0.containsByte(SourceBytes.backslash)) }
      for place in 0..<length {
        var text = plain
        text[place] = SourceBytes.backslash
        text.withUnsafeBufferPointer { #expect($0.containsByte(SourceBytes.backslash)) }
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

  /// `bytesEqual` compares short buffers as words that overlap: a difference at any place of any
  /// length up to 24 is seen, and equal bytes at different addresses are equal.
  @Test func aDifferenceIsFoundAtEveryPlaceOfEveryLength() {
    for length in 0..<25 {
      let text = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
      let copy = text
      text.withUnsafeBufferPointer { a in copy.withUnsafeBufferPointer { b in #expect(bytesEqual(a, b)) } }
      for place in 0..<length {
        var changed = text
        changed[place] ^= 0x20
        text.withUnsafeBufferPointer { a in
          changed.withUnsafeBufferPointer { b in #expect(!bytesEqual(a, b), "\(place) of \(length)") }
        }
      }
      let shorter = Array(text.dropLast())
      text.withUnsafeBufferPointer { a in
        shorter.withUnsafeBufferPointer { b in #expect(length == 0 || !bytesEqual(a, b)) }
      }
    }
  }
}
