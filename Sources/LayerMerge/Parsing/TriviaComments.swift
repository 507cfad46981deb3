/// Finds the translator comment above a key in the whitespace and comments before it.
///
/// The comment belongs to the key when no blank line separates them, as in Xcode's layout:
///
///     /* Shown on the login button */
///     "login" = "Sign in";
///
/// A comment on the same line as the previous entry's `;` belongs to that entry and is skipped.
/// Consecutive `//` lines form one comment, joined with line breaks.
enum TriviaComments {
  private struct Comment {
    var text: String
    var isLineComment: Bool
    /// Line breaks between the start of the trivia (or the previous comment) and this comment.
    var breaksBefore: Int
  }

  /// The comment above the key at `keyOffset`, if any.
  /// - Parameters:
  ///   - text: The decoded text.
  ///   - range: The trivia before the key: from the end of the previous entry to the key.
  ///   - followsEntry: Whether an entry precedes the trivia (so a same-line comment is a trailer).
  static func comment(in text: UnsafeBufferPointer<UInt8>, range: Range<Int>, followsEntry: Bool) -> String? {
    var comments: [Comment] = []
    var breaks = 0
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let byte = text[i]
      if byte == 0x0A {
        if i == range.lowerBound || text[i - 1] != 0x0D { breaks += 1 }
        i += 1
      } else if byte == 0x0D {
        breaks += 1
        i += 1
      } else if byte == UInt8(ascii: "/"), i + 1 < end, text[i + 1] == UInt8(ascii: "*") {
        let contentStart = i + 2
        var j = contentStart
        while j + 1 < end, !(text[j] == UInt8(ascii: "*") && text[j + 1] == UInt8(ascii: "/")) { j += 1 }
        let contentEnd = min(j, end)
        comments.append(Comment(text: decode(text, contentStart..<contentEnd), isLineComment: false, breaksBefore: breaks))
        breaks = 0
        i = min(end, j + 2)
      } else if byte == UInt8(ascii: "/"), i + 1 < end, text[i + 1] == UInt8(ascii: "/") {
        let contentStart = i + 2
        var j = contentStart
        while j < end, text[j] != 0x0A, text[j] != 0x0D { j += 1 }
        comments.append(Comment(text: decode(text, contentStart..<j), isLineComment: true, breaksBefore: breaks))
        breaks = 0
        i = j
      } else {
        i += 1
      }
    }
    guard var index = comments.indices.last, breaks <= 1 else { return nil }
    var group = [comments[index]]
    if comments[index].isLineComment {
      while index > 0, comments[index].breaksBefore <= 1, comments[index - 1].isLineComment {
        index -= 1
        group.insert(comments[index], at: 0)
      }
    }
    if followsEntry, index == 0, comments[0].breaksBefore == 0 {
      group.removeFirst()
    }
    let joined = group.map { $0.text.trimmingASCIIWhitespace() }.joined(separator: "\n").trimmingASCIIWhitespace()
    return joined.isEmpty ? nil : joined
  }

  private static func decode(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    GeneralizedUTF8.string(UnsafeBufferPointer(rebasing: text[range]), mayContainSurrogates: true)
  }
}
