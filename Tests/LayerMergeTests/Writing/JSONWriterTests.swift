import Foundation
import Testing

@testable import LayerMerge

/// The JSON writer copies runs of a string's bytes that need no escape; what it writes must be
/// what writing it a scalar at a time writes, and what Foundation's reader reads back.
@Suite struct JSONWriterTests {
  @Test func aStringWrittenInRunsIsTheStringWrittenScalarByScalar() throws {
    // Every scalar that is escaped, and neighbours of U+2028 and U+2029 that share their first bytes.
    let alphabet: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
      "\u{2027}", "\u{202A}", "\u{20AC}", "é", "😀", "/",
    ]
    var generator = SeededGenerator(seed: 28)
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int(generator.next() % 12) {
        scalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
      }
      let text = String(scalars)
      var runs: [UInt8] = []
      JSONValue.writeString(text, to: &runs)
      var scalarByScalar: [UInt8] = []
      JSONValue.writeStringByScalars(text, to: &scalarByScalar)
      #expect(runs == scalarByScalar, "\(text.unicodeScalars.map(\.value))")
      let read = try JSONSerialization.jsonObject(with: Data(runs), options: .fragmentsAllowed) as? String
      #expect(read == text)
    }
  }
}
