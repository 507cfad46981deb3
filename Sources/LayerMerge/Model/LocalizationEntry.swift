/// One key of a localization table with its value and where it came from.
///
/// An entry read from a file keeps its key, a plain string value and its comment as spans of the
/// file's text and makes `String`s only when they are read (see ``SourceText``).
public struct LocalizationEntry: Hashable, Sendable {
  /// The text the spans below point into; `nil` when nothing is stored as a span.
  private var source: SourceText?
  private var keyStorage: TextStorage
  private var valueStorage: ValueStorage
  private var commentStorage: CommentStorage?
  /// Where the key starts in its file; `nil` for formats without positions (binary plists).
  public var position: TextPosition?

  enum TextStorage: Sendable {
    case string(String)
    case span(ByteSpan)
  }

  enum ValueStorage: Sendable {
    case value(LocalizationValue)
    /// A plain string value.
    case span(ByteSpan)
  }

  enum CommentStorage: Sendable {
    case text(String)
    /// The trivia before the key, where ``TriviaComments`` finds the comment when it is read.
    case trivia(ByteSpan, followsEntry: Bool)
  }

  /// The key, exactly as the runtime looks it up.
  public var key: String {
    get {
      switch keyStorage {
      case .string(let text): return text
      case .span(let span): return source.unsafelyUnwrapped.string(span)
      }
    }
    set { keyStorage = .string(newValue) }
  }

  /// The value Apple's reader produces for the key.
  public var value: LocalizationValue {
    get {
      switch valueStorage {
      case .value(let value): return value
      case .span(let span): return .string(source.unsafelyUnwrapped.string(span))
      }
    }
    set { valueStorage = .value(newValue) }
  }

  /// The comment written above the entry (translator context), without its delimiters.
  public var comment: String? {
    get {
      switch commentStorage {
      case nil: return nil
      case .text(let text): return text
      case .trivia(let span, let followsEntry):
        let source = source.unsafelyUnwrapped
        return source.bytes.withUnsafeBufferPointer { buffer in
          TriviaComments.comment(
            in: buffer, range: Int(span.start)..<Int(span.end), followsEntry: followsEntry,
            containsSurrogates: source.containsSurrogates)
        }
      }
    }
    set { commentStorage = newValue.map(CommentStorage.text) }
  }

  /// Creates an entry.
  /// - Parameters:
  ///   - key: The localization key.
  ///   - value: The value.
  ///   - comment: The translator comment, if any.
  ///   - position: Where the key starts in its file.
  public init(key: String, value: LocalizationValue, comment: String? = nil, position: TextPosition? = nil) {
    self.keyStorage = .string(key)
    self.valueStorage = .value(value)
    self.commentStorage = comment.map(CommentStorage.text)
    self.position = position
  }

  /// Creates an entry whose parts may be spans of `source`.
  init(
    source: SourceText?, key: TextStorage, value: ValueStorage, comment: CommentStorage?, position: TextPosition?
  ) {
    self.source = source
    self.keyStorage = key
    self.valueStorage = value
    self.commentStorage = comment
    self.position = position
  }

  /// Creates a plain string entry.
  /// - Parameters:
  ///   - key: The localization key.
  ///   - string: The string value.
  ///   - comment: The translator comment, if any.
  public init(key: String, string: String, comment: String? = nil) {
    self.init(key: key, value: .string(string), comment: comment)
  }

  public static func == (lhs: LocalizationEntry, rhs: LocalizationEntry) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value && lhs.comment == rhs.comment && lhs.position == rhs.position
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
    hasher.combine(position)
  }

  // MARK: - Bytes, without making strings

  /// Calls `body` with the key's UTF-8 bytes.
  @inline(__always)
  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    switch keyStorage {
    case .string(var text): return try text.withUTF8(body)
    case .span(let span): return try source.unsafelyUnwrapped.withBytes(of: span, body)
    }
  }

  /// Calls `body` with the UTF-8 bytes of a plain string value; `nil` for other values.
  @inline(__always)
  func withStringValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
    switch valueStorage {
    case .span(let span): return try source.unsafelyUnwrapped.withBytes(of: span, body)
    case .value(.string(var text)): return try text.withUTF8(body)
    case .value: return nil
    }
  }

  /// Calls `body` with the UTF-8 bytes of the comment; `nil` when there is none. A `/* */`
  /// comment read from a file is passed as the bytes between its delimiters, without a string.
  func withCommentBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
    switch commentStorage {
    case nil:
      return nil
    case .text(var text):
      return try text.withUTF8(body)
    case .trivia(let span, let followsEntry):
      let source = source.unsafelyUnwrapped
      let found = source.bytes.withUnsafeBufferPointer { buffer in
        TriviaComments.find(
          in: buffer, range: Int(span.start)..<Int(span.end), followsEntry: followsEntry,
          containsSurrogates: source.containsSurrogates)
      }
      switch found {
      case nil:
        return nil
      case .block(let range) where !source.containsSurrogates:
        return try source.withBytes(of: ByteSpan(range), body)
      case .block, .lines:
        guard var text = comment else { return nil }
        return try text.withUTF8(body)
      }
    }
  }

  /// Whether the value is a plain string.
  var hasStringValue: Bool {
    switch valueStorage {
    case .span, .value(.string): return true
    case .value: return false
    }
  }

  /// Whether both entries have the same key, byte for byte (as the runtime's lookup compares).
  func hasSameKey(as other: LocalizationEntry) -> Bool {
    withKeyBytes { mine in other.withKeyBytes { theirs in bytesEqual(mine, theirs) } }
  }

  /// Whether both entries have the same value; strings compare byte for byte.
  func hasSameValue(as other: LocalizationEntry) -> Bool {
    if hasStringValue && other.hasStringValue {
      return withStringValueBytes { mine in other.withStringValueBytes { theirs in bytesEqual(mine, theirs) } }
        == true
    }
    return value == other.value
  }

  /// Whether the entry may have a comment; `false` means it has none, without decoding anything.
  var mayHaveComment: Bool { commentStorage != nil }
}
