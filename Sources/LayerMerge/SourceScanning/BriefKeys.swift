/// The literal keys of a brief scan (``SourceScanner``'s scan for numbering) as bytes of one
/// array, not a string each: a run's keys are numbered and let go, and making, hashing and
/// freeing a string per lookup was a fifth of the work the code added to `lint`.
struct BriefKeys: Sendable {
  /// Where a key's bytes are in ``bytes``; `start` -1: the lookup's key is its own string.
  struct Span: Sendable {
    var start: Int32
    var end: Int32
  }

  /// A lookup whose key is its own string (not a literal, or not ASCII).
  static let none = Span(start: -1, end: -1)

  /// The keys' bytes, one after the other: the first ``used`` (the array is grown ahead, zeroed,
  /// so that a key is copied in place: appending a buffer to an array took 200 instructions).
  private(set) var bytes: [UInt8] = []
  private var used = 0
  /// By lookup, in the order of the scan's lookups.
  var spans: [Span] = []

  /// Adds the value of the literals that are the tokens `literalTokens`, if it is ASCII (a key
  /// with other bytes keeps its string, which repairs what is not UTF-8 as a string does).
  mutating func append(_ decoder: LiteralDecoder, literalTokens: Range<Int>) -> Span? {
    decoder.withJoinedBytes(ofLiteralTokens: literalTokens) { value in
      let end = used + value.count
      guard SourceBytes.isASCII(value), end < Int(Int32.max) else { return nil }
      if end > bytes.count { bytes += repeatElement(0, count: max(end, 2 * bytes.count, 512) - bytes.count) }
      bytes.withUnsafeMutableBufferPointer {
        _ = UnsafeMutableBufferPointer(rebasing: $0[used..<end]).update(fromContentsOf: value)
      }
      defer { used = end }
      return Span(start: Int32(used), end: Int32(end))
    }
  }

  /// Where the key of the lookup at `index` is, or `nil` when the lookup's key is its own string.
  func span(ofLookup index: Int) -> Span? {
    index < spans.count && spans[index].start >= 0 ? spans[index] : nil
  }

  /// The key of a span, read in place.
  func withKey<Result>(_ span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)])) }
  }
}
