import Testing

@testable import LayerMerge

/// Our UTF-8 validator (which also says where it fails) against the standard library's.
@Suite struct UTF8ValidationTests {
  @Test func agreesWithTheStandardLibraryOnRandomBytes() {
    var generator = SeededGenerator(seed: 8)
    let pieces: [[UInt8]] = [
      Array("ab".utf8), Array("a run of ASCII longer than sixteen".utf8), Array("é".utf8), Array("日".utf8),
      Array("😀".utf8), [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xE2], [0xFF], [0xC3],
    ]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        bytes += pieces.randomElement(using: &generator) ?? []
      }
      let ours = firstInvalidUTF8Offset(bytes)
      #expect((ours == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
      // Where it fails, everything before is valid and the sequence starting there is not.
      if let ours {
        #expect(String(validating: bytes[..<ours], as: UTF8.self) != nil, "\(bytes)")
        for length in 1...4 where ours + length <= bytes.count {
          #expect(String(validating: bytes[ours..<(ours + length)], as: UTF8.self) == nil, "\(bytes)")
        }
      }
    }
  }
}
