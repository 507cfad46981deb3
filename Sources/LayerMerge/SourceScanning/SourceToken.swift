/// One token of a source file, as both lexers produce it: a kind, a byte range and a link.
///
/// Trivia (whitespace, comments) makes no token. The link ties tokens together so that the matcher
/// can step over a whole group in one step, whatever it holds:
/// - an opening bracket (`(`, `[`, `{`, `\(`) links to its closing token, or to the last token of
///   its scope when it is never closed;
/// - a closing bracket links back to its opening one (`-1` when it closes nothing);
/// - a string literal, and the `)` that ends one of its interpolations, link to the literal's
///   index in ``SourceTokens/literals``.
struct SourceToken {
  enum Kind: UInt8 {
    case identifier, number, string, character, regex, poundKeyword
    case openParen, closeParen, openBracket, closeBracket, openBrace, closeBrace
    case interpolationOpen, interpolationClose
    case comma, colon, semicolon, dot, question, exclamation, at, pound, backslash
    case `operator`, other

    /// Whether a token of this kind opens a group that a later token closes.
    var opens: Bool { self == .openParen || self == .openBracket || self == .openBrace || self == .interpolationOpen }
  }

  var kind: Kind
  /// The first byte.
  var start: Int32
  /// The byte after the last; for a string literal, after its closing delimiter.
  var end: Int32
  var link: Int32
}

/// A string literal: its delimiters, and the raw byte ranges of its text between interpolations.
struct SourceStringLiteral {
  enum Style: UInt8 {
    /// `"…"`, `#"…"#`.
    case swiftSingleLine
    /// `"""…"""`, `#"""…"""#`: the closing line's indentation is stripped from every line.
    case swiftMultiLine
    /// A C or Objective-C literal, `"…"` or `@"…"`, with C escapes.
    case c
    /// A C++ raw literal `R"d(…)d"`: no escapes.
    case cRaw
  }

  var style: Style
  /// The number of `#` around a Swift raw literal.
  var hashes: Int32
  /// The token of the literal itself.
  var firstToken: Int32
  /// The literal's last token: itself, or the `)` of its last interpolation.
  var lastToken: Int32
  /// The first segment in ``SourceTokens/segments``; each links to the next.
  var firstSegment: Int32
  var lastSegment: Int32
  var segmentCount: Int32
  /// The indentation a multi-line literal strips: the whitespace before its closing delimiter.
  var indentationStart: Int32
  var indentationEnd: Int32
  var isTerminated: Bool
}

/// The raw text of a literal between its delimiters and interpolations.
struct LiteralSegment {
  var start: Int32
  var end: Int32
  /// The literal's next segment, or `-1`.
  var next: Int32
  /// Whether the segment starts a line of a multi-line literal (it follows the opening delimiter,
  /// not an interpolation), so that its first line loses the indentation too.
  var startsLine: Bool
}
