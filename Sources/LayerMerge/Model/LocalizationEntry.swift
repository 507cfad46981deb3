/// One key of a localization table with its value and where it came from.
///
/// An entry read from a file keeps its key, a plain string value and its comment as spans of the
/// file's text and makes `String`s only when they are read (see ``SourceText``). Parts that are
/// not spans (escaped strings, structured values, anything set through the API) live in a shared
/// box, so an entry is 56 plain bytes and at most two references: copying one is cheap.
public struct LocalizationEntry: Hashable, Sendable {
  /// The text the spans point into; `nil` when no part is a span.
  private var source: SourceText?
  /// The parts that are not spans.
  private var stored: StoredParts?
  private var keySpan = ByteSpan(0..<0)
  private var valueSpan = ByteSpan(0..<0)
  private var triviaSpan = ByteSpan(0..<0)
  /// 1-based; 0 when the format has no positions.
  private var line: UInt32 = 0
  private var column: UInt32 = 0
  private var flags: Flags = []

  private struct Flags: OptionSet, Hashable {
    let rawValue: UInt8
    static let keyIsSpan = Flags(rawValue: 1)
    static let valueIsSpan = Flags(rawValue: 2)
    static let commentIsTrivia = Flags(rawValue: 4)
    static let triviaFollowsEntry = Flags(rawValue: 8)
  }

  /// How the reader hands over a key.
  enum TextStorage: Sendable {
    case string(String)
    case span(ByteSpan)
  }

  /// How the reader hands over a value.
  enum ValueStorage: Sendable {
    case value(LocalizationValue)
    /// A plain string value.
    case span(ByteSpan)
  }

  /// How the reader hands over a comment.
  enum CommentStorage: Sendable {
    case text(String)
    /// The trivia before the key, where ``TriviaComments`` finds the comment when it is read.
    case trivia(ByteSpan, followsEntry: Bool)
  }

  /// The key, exactly as the runtime looks it up.
  public var key: String {
    get { flags.contains(.keyIsSpan) ? source.unsafelyUnwrapped.string(keySpan) : stored?.key ?? "" }
    set {
      flags.remove(.keyIsSpan)
      stored = StoredParts(key: newValue, value: stored?.value, comment: stored?.comment)
    }
  }

  /// The value Apple's reader produces for the key.
  public var value: LocalizationValue {
    get {
      flags.contains(.valueIsSpan)
        ? .string(source.unsafelyUnwrapped.string(valueSpan)) : stored?.value ?? .string("")
    }
    set {
      flags.remove(.valueIsSpan)
      stored = StoredParts(key: stored?.key, value: newValue, comment: stored?.comment)
    }
  }

  /// The comment written above the entry (translator context), without its delimiters.
  public var comment: String? {
    get {
      guard flags.contains(.commentIsTrivia) else { return stored?.comment }
      let source = source.unsafelyUnwrapped
      return source.bytes.withUnsafeBufferPointer { buffer in
        TriviaComments.comment(
          in: buffer, range: Int(triviaSpan.start)..<Int(triviaSpan.end),
          followsEntry: flags.contains(.triviaFollowsEntry), containsSurrogates: source.containsSurrogates)
      }
    }
    set {
      flags.remove(.commentIsTrivia)
      stored = StoredParts(key: stored?.key, value: stored?.value, comment: newValue)
    }
  }

  /// Where the key starts in its file; `nil` for formats without positions (binary plists).
  public var position: TextPosition? {
    get { line == 0 ? nil : TextPosition(line: Int(line), column: Int(column)) }
    set {
      line = newValue.map { UInt32(clamping: $0.line) } ?? 0
      column = newValue.map { UInt32(clamping: $0.column) } ?? 0
    }
  }

  /// Creates an entry.
  /// - Parameters:
  ///   - key: The localization key.
  ///   - value: The value.
  ///   - comment: The translator comment, if any.
  ///   - position: Where the key starts in its file.
  public init(key: String, value: LocalizationValue, comment: String? = nil, position: TextPosition? = nil) {
    stored = StoredParts(key: key, value: value, comment: comment)
    self.position = position
  }

  /// Creates an entry whose parts may be spans of `source`. The source is required: every span
  /// read later is read from it (``key`` and ``value`` rely on that without checking).
  init(
    source: SourceText, key: TextStorage, value: ValueStorage, comment: CommentStorage?, position: TextPosition?
  ) {
    self.source = source
    var storedKey: String?
    var storedValue: LocalizationValue?
    var storedComment: String?
    switch key {
    case .string(let text): storedKey = text
    case .span(let span):
      keySpan = span
      flags.insert(.keyIsSpan)
    }
    switch value {
    case .value(let value): storedValue = value
    case .span(let span):
      valueSpan = span
      flags.insert(.valueIsSpan)
    }
    switch comment {
    case nil: break
    case .text(let text): storedComment = text
    case .trivia(let span, let followsEntry):
      triviaSpan = span
      flags.insert(.commentIsTrivia)
      if followsEntry { flags.insert(.triviaFollowsEntry) }
    }
    if storedKey != nil || storedValue != nil || storedComment != nil {
      stored = StoredParts(key: storedKey, value: storedValue, comment: storedComment)
    }
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
    if flags.contains(.keyIsSpan) { return try source.unsafelyUnwrapped.withBytes(of: keySpan, body) }
    var text = stored?.key ?? ""
    return try text.withUTF8(body)
  }

  /// Calls `body` with the UTF-8 bytes of a plain string value; `nil` for other values.
  @inline(__always)
  func withStringValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
    if flags.contains(.valueIsSpan) { return try source.unsafelyUnwrapped.withBytes(of: valueSpan, body) }
    guard case .string(var text) = stored?.value ?? .string("") else { return nil }
    return try text.withUTF8(body)
  }

  /// Calls `body` with the UTF-8 bytes of the comment; `nil` when there is none. A `/* */`
  /// comment read from a file is passed as the bytes between its delimiters, without a string.
  func withCommentBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
    guard flags.contains(.commentIsTrivia) else {
      guard var text = stored?.comment else { return nil }
      return try text.withUTF8(body)
    }
    let source = source.unsafelyUnwrapped
    let found = source.bytes.withUnsafeBufferPointer { buffer in
      TriviaComments.find(
        in: buffer, range: Int(triviaSpan.start)..<Int(triviaSpan.end),
        followsEntry: flags.contains(.triviaFollowsEntry), containsSurrogates: source.containsSurrogates)
    }
    switch found {
    case nil:
      return nil
    case .block(let range) where !source.containsSurrogates:
      return try source.withBytes(of: ByteSpan(range), body)
    case .block(let range):
      var text = source.string(ByteSpan(range))
      return try text.withUTF8(body)
    case .lines(var text):
      return try text.withUTF8(body)
    }
  }

  /// Whether the value is a plain string.
  var hasStringValue: Bool {
    if flags.contains(.valueIsSpan) { return true }
    if case .string = stored?.value ?? .string("") { return true }
    return false
  }

  /// Whether both entries have the same value; strings compare byte for byte.
  func hasSameValue(as other: LocalizationEntry) -> Bool {
    if hasStringValue && other.hasStringValue {
      return withStringValueBytes { mine in other.withStringValueBytes { theirs in bytesEqual(mine, theirs) } }
        == true
    }
    return value == other.value
  }

  /// Whether any part of the entry is a span of its file's text.
  var holdsSpans: Bool { !flags.isDisjoint(with: [.keyIsSpan, .valueIsSpan, .commentIsTrivia]) }

  /// Whether the entry has a comment, found without making it a string.
  var hasComment: Bool { mayHaveComment && withCommentBytes { _ in () } != nil }

  /// Whether the entry may have a comment; `false` means it has none, without decoding anything.
  var mayHaveComment: Bool { flags.contains(.commentIsTrivia) || stored?.comment != nil }
}

/// The parts of an entry that are not spans of its file. Immutable: setting a part replaces the
/// box, so entries that share one never see each other's changes.
private final class StoredParts: Sendable {
  let key: String?
  let value: LocalizationValue?
  let comment: String?

  init(key: String?, value: LocalizationValue?, comment: String?) {
    self.key = key
    self.value = value
    self.comment = comment
  }
}
