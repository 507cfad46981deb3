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
}
