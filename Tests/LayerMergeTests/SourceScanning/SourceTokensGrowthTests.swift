import Testing

@testable import LayerMerge

/// The lexers' token buffer grows past the room it starts with (a token every 3 bytes) and keeps
/// every token and link.
@Suite struct SourceTokensGrowthTests {
  @Test func aBufferKeepsEveryElementAcrossItsGrowth() {
    var buffer = UncheckedBuffer<Int32>(capacity: 1)
    for value in 0..<1000 { buffer.append(Int32(value)) }
    buffer[999] = -1
    #expect(buffer.count == 1000)
    #expect(buffer.last == -1)
    #expect(Array(buffer.elements) == (0..<999).map { Int32($0) } + [-1])
    buffer.deallocate()
  }

  @Test func aFileOfBracketsOnlyHasATokenPerByteEachLinkedToItsPartner() {
    // 3,000 bytes, 3,000 tokens: the buffer grows twice from the room it starts with (1,016).
    for (text, isSwift) in [
      (String(repeating: "([{}])", count: 500), true), (String(repeating: "([{}])", count: 500), false),
    ] {
      let bytes = Array(text.utf8)
      let tokens = bytes.withUnsafeBufferPointer { bytes in
        let copy = { (tokens: SourceTokens) in Array(tokens.tokens) }
        return isSwift ? SwiftLexer.withTokens(of: bytes, copy) : ObjectiveCLexer.withTokens(of: bytes, copy)
      }
      #expect(tokens.count == bytes.count)
      for (index, token) in tokens.enumerated() {
        let partner = index % 6 < 3 ? index + 5 - 2 * (index % 6) : index - (2 * (index % 6) - 5)
        #expect(Int(token.link) == partner, "token \(index)")
        #expect(Int(token.start) == index)
      }
    }
  }
}
