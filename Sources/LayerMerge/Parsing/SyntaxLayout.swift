/// Where the parts of an XML property list or a JSON document stand, in the order the parser met
/// them. Readers record it only when an editor asks (``TableEditor`` changes a value in place and
/// leaves every other byte), so reading for a merge pays one `nil` check per part.
///
/// Offsets are byte offsets into the text the parser read.
struct SyntaxLayout {
  /// What a value that holds no other value is.
  enum Leaf: Equatable {
    /// A string, decoded.
    case string(String)
    /// An empty dictionary written as one element (`<dict/>`).
    case emptyDictionary
    /// Anything else: a number, a Boolean, data, a date, `null`, `<array/>`.
    case other
  }

  /// One part of the document.
  enum Event {
    /// A dictionary key: the whole `<key>…</key>` element, or a JSON member name with its quotes.
    case key(String, Range<Int>)
    /// A dictionary or array starts: its start tag, or its opening bracket.
    case open(Range<Int>, isDictionary: Bool)
    /// The innermost open dictionary or array ends: its end tag, or its closing bracket.
    case close(Range<Int>)
    /// A value that holds no other: the whole element, or the whole token.
    case leaf(Range<Int>, Leaf)
  }

  /// The parts, in document order.
  var events: [Event] = []
}

/// Where a top-level entry of an old-style (`"key" = "value";`) file stands.
struct OldStyleEntryLayout {
  /// The key token, quotes included.
  var key: Range<Int>
  /// The value token (quotes included; a whole dictionary, array or data value), or `nil` for
  /// the shorthand `"key";`, whose value is its key.
  var value: Range<Int>?
  /// Just past the entry's `;`.
  var end: Int
}
