import Testing

@testable import LayerMerge

/// Which comment an entry keeps: the one directly above it.
@Suite struct CommentAttachmentTests {
  func comments(_ text: String) -> [String: String] {
    let table = LocalizationFileReader.parse(Array(text.utf8), path: "c.strings", kind: .strings).table
    return Dictionary(uniqueKeysWithValues: table.entries.compactMap { entry in entry.comment.map { (entry.key, $0) } })
  }

  @Test func aBlockCommentDirectlyAboveBelongsToTheKey() {
    #expect(comments("/* Title of the screen */\n\"a\" = \"A\";\n") == ["a": "Title of the screen"])
  }

  @Test func aBlankLineDetachesAFileHeader() {
    #expect(comments("/* Generated file */\n\n\"a\" = \"A\";\n") == [:])
  }

  @Test func aTrailingCommentBelongsToThePreviousEntry() {
    #expect(comments("\"a\" = \"A\"; // about a\n\"b\" = \"B\";\n") == [:])
    #expect(comments("\"a\" = \"A\"; /* about a */\n/* about b */\n\"b\" = \"B\";\n") == ["b": "about b"])
  }

  @Test func consecutiveLineCommentsFormOneComment() {
    #expect(comments("// first line\n//   second line\n\"a\" = \"A\";\n") == ["a": "first line\nsecond line"])
  }

  @Test func onlyTheLastCommentAboveCounts() {
    #expect(comments("/* one */\n/* two */\n\"a\" = \"A\";\n") == ["a": "two"])
  }

  /// A comment's end is found with `memchr`: it must be where looking byte by byte finds it, from
  /// every start, in text full of `*`, `/` and line breaks.
  @Test func aCommentEndsWhereLookingByteByByteFindsIt() {
    let alphabet: [UInt8] = Array("*/\r\nab".utf8)
    var generator = SeededGenerator(seed: 28)
    for _ in 0..<500 {
      let text = (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      text.withUnsafeBufferPointer { text in
        for start in 0...text.count {
          var lineEnd = start
          while lineEnd < text.count, text[lineEnd] != 0x0A, text[lineEnd] != 0x0D { lineEnd += 1 }
          #expect(TriviaComments.firstLineBreak(in: text, from: start, to: text.count) == lineEnd)
          var blockEnd = start
          while blockEnd + 1 < text.count,
            !(text[blockEnd] == UInt8(ascii: "*") && text[blockEnd + 1] == UInt8(ascii: "/"))
          {
            blockEnd += 1
          }
          #expect(TriviaComments.blockCommentEnd(in: text, from: start, to: text.count) == blockEnd)
        }
      }
    }
  }
}
