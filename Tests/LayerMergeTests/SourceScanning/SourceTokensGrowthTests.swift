import Testing

@testable import LayerMerge

/// The lexers' buffers grow past the room they start with (a token every 3 bytes, a literal every
/// 48, a segment every 32, 64 open brackets) and keep every token, literal, segment and link.
@Suite struct SourceTokensGrowthTests {
  @Test func aBufferKeepsEveryElementAcrossItsGrowth() {
    var buffer = UncheckedBuffer<Int32>(capacity: 1)
    for value in 0..<1000 { buffer.append(Int32(value)) }
    buffer[999] = -1
    #expect(buffer.count == 1000)
    #expect(buffer.last == -1)
    #expect(Array(buffer.elements) == (0..<999).map { Int32($0) } + [-1])
    buffer.deallocate()
    var stack = UncheckedBuffer<Int32>(capacity: 2)
    for value in 0..<40 { stack.append(Int32(value)) }
    #expect((0..<40).reversed().map { _ in stack.popLast() } == (0..<40).reversed().map { Int32($0) })
    #expect(stack.popLast() == nil)
    stack.deallocate()
  }

  /// Two-byte literals and interpolations, 500 of each, inside 200 open brackets: ten times the
  /// literals, six times the segments and three times the brackets the buffers start with room for.
  @Test func aFileDenseWithLiteralsKeepsEachOnesText() {
    let calls = (0..<500).map { #"Text("\#($0 % 10)"), String(localized: "k\(x)\#($0)")"# }.joined(separator: ",")
    let text = "import SwiftUI\n" + String(repeating: "(", count: 200) + calls + String(repeating: ")", count: 200)
    let lookups = scanned(text)
    #expect(lookups.count == 1000)
    for (index, lookup) in lookups.enumerated() {
      let expected: LookupKey =
        index % 2 == 0 ? .literal("\(index / 2 % 10)") : .interpolated(pieces: ["k", "\(index / 2)"])
      #expect(lookup.key == expected, "lookup \(index)")
    }
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
