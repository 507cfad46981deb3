/// The translator comment of an entry, decoded only when someone reads it.
///
/// Reading a file finds where each comment is, but turning every comment into a `String` cost
/// a fifth of the parse while most comments are never read (only merged winners are written).
struct EntryComment: Sendable {
  private enum Storage: Sendable {
    case text(String)
    case trivia(SourceText, Range<Int>, followsEntry: Bool)
  }

  private let storage: Storage

  /// A comment given as text.
  init(_ text: String) {
    storage = .text(text)
  }

  /// A comment to be found, when read, in the trivia before a key.
  init(trivia source: SourceText, range: Range<Int>, followsEntry: Bool) {
    storage = .trivia(source, range, followsEntry: followsEntry)
  }

  /// The comment's text, or `nil` if the trivia holds none.
  var text: String? {
    switch storage {
    case .text(let text):
      return text
    case .trivia(let source, let range, let followsEntry):
      return source.bytes.withUnsafeBufferPointer { buffer in
        TriviaComments.comment(
          in: buffer, range: range, followsEntry: followsEntry, containsSurrogates: source.containsSurrogates)
      }
    }
  }
}

/// The decoded text of a file, shared by the lazy comments of its entries.
final class SourceText: Sendable {
  let bytes: [UInt8]
  let containsSurrogates: Bool

  init(bytes: [UInt8], containsSurrogates: Bool) {
    self.bytes = bytes
    self.containsSurrogates = containsSurrogates
  }
}
