import LayerMerge
import Testing

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
}
