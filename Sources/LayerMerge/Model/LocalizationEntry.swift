/// One key of a localization table with its value and where it came from.
public struct LocalizationEntry: Hashable, Sendable {
  /// The key, exactly as the runtime looks it up.
  public var key: String
  /// The value Apple's reader produces for the key.
  public var value: LocalizationValue
  /// The comment written above the entry (translator context), without its delimiters.
  public var comment: String? {
    get { storedComment?.text }
    set { storedComment = newValue.map(EntryComment.init) }
  }
  private var storedComment: EntryComment?
  /// Where the key starts in its file; `nil` for formats without positions (binary plists).
  public var position: TextPosition?

  /// Creates an entry.
  /// - Parameters:
  ///   - key: The localization key.
  ///   - value: The value.
  ///   - comment: The translator comment, if any.
  ///   - position: Where the key starts in its file.
  public init(key: String, value: LocalizationValue, comment: String? = nil, position: TextPosition? = nil) {
    self.key = key
    self.value = value
    self.storedComment = comment.map(EntryComment.init)
    self.position = position
  }

  /// Creates an entry whose comment is decoded from the file's text when first read.
  init(key: String, value: LocalizationValue, comment: EntryComment?, position: TextPosition?) {
    self.key = key
    self.value = value
    self.storedComment = comment
    self.position = position
  }

  public static func == (lhs: LocalizationEntry, rhs: LocalizationEntry) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value && lhs.comment == rhs.comment && lhs.position == rhs.position
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
    hasher.combine(position)
  }

  /// Creates a plain string entry.
  /// - Parameters:
  ///   - key: The localization key.
  ///   - string: The string value.
  ///   - comment: The translator comment, if any.
  public init(key: String, string: String, comment: String? = nil) {
    self.init(key: key, value: .string(string), comment: comment)
  }
}
