#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The comment above the key whose trivia is `range`, if any.
  /// - Parameters:
  ///   - text: The decoded text.
  ///   - range: The trivia before the key: from the end of the previous entry to the key.
  ///   - followsEntry: Whether an entry precedes the trivia (so a same-line comment is a trailer).
  ///   - containsSurrogates: Whether the text may hold lone surrogates.
  static func comment(
    in text: UnsafeBufferPointer<UInt8>, range: Range<Int>, followsEntry: Bool, containsSurrogates: Bool
  ) -> String? {
    switch find(in: text, range: range, followsEntry: followsEntry, containsSurrogates: containsSurrogates) {
    case nil: return nil
    case .block(let content):
      return GeneralizedUTF8.string(
        UnsafeBufferPointer(rebasing: text[content]), mayContainSurrogates: containsSurrogates)
    case .lines(let joined): return joined
    }
  }

  /// A comment found in trivia.
  enum Found {
    /// A `/* */` comment: the bytes between its delimiters, trimmed; they never hold `*/`.
    case block(Range<Int>)
    /// A group of `//` lines, joined.
    case lines(String)
  }

  /// Finds the comment above the key whose trivia is `range` (see ``comment(in:range:followsEntry:containsSurrogates:)``),
  /// making a string only for `//` groups.
  static func find(
    in text: UnsafeBufferPointer<UInt8>, range: Range<Int>, followsEntry: Bool, containsSurrogates: Bool
  ) -> Found? {
    // The group being built: where its first comment starts, where its last ends, and whether it
    // is made of `//` lines. Positions only; text is decoded once at the end.
    var groupStart = -1
    var groupEnd = -1
    var groupIsLines = false
    var groupIsTrailer = false
    var breaks = 0
    var sawAnyBreak = false
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let byte = text[i]
      if byte == 0x0A {
        if i == range.lowerBound || text[i - 1] != 0x0D { breaks += 1 }
        sawAnyBreak = true
        i += 1
      } else if byte == 0x0D {
        breaks += 1
        sawAnyBreak = true
        i += 1
      } else if byte == UInt8(ascii: "/"), i + 1 < end,
        text[i + 1] == UInt8(ascii: "*") || text[i + 1] == UInt8(ascii: "/")
      {
        let isLine = text[i + 1] == UInt8(ascii: "/")
        // The comment's end found with `memchr` (every entry's comment is looked for again when
        // the entry is written).
        var j = i + 2
        if isLine {
          j = firstLineBreak(in: text, from: j, to: end)
        } else {
          j = min(end, blockCommentEnd(in: text, from: j, to: end) + 2)
        }
        if isLine && groupIsLines && groupStart >= 0 && breaks <= 1 {
          groupEnd = j  // another line of the same `//` group
        } else {
          groupStart = i
          groupEnd = j
          groupIsLines = isLine
          groupIsTrailer = followsEntry && !sawAnyBreak
        }
        breaks = 0
        i = j
      } else {
        i += 1
      }
    }
    guard groupStart >= 0, breaks <= 1 else { return nil }
    if groupIsTrailer {
      // The first comment trails the previous entry; a `//` group keeps its later lines.
      guard groupIsLines else { return nil }
      var k = groupStart
      while k < groupEnd, text[k] != 0x0A, text[k] != 0x0D { k += 1 }
      while k < groupEnd, text[k] == 0x0A || text[k] == 0x0D || text[k] == 0x20 || text[k] == 0x09 { k += 1 }
      guard k < groupEnd else { return nil }
      groupStart = k
    }
    let raw = UnsafeBufferPointer(rebasing: text[groupStart..<groupEnd])
    let joined: String
    if groupIsLines {
      // Strip the `//` of each line and trim it.
      var lines: [String] = []
      var lineStart = 0
      var k = 0
      while k <= raw.count {
        if k == raw.count || raw[k] == 0x0A || raw[k] == 0x0D {
          var content = lineStart
          while content < k, raw[content] == 0x20 || raw[content] == 0x09 { content += 1 }
          if content + 1 < k, raw[content] == UInt8(ascii: "/"), raw[content + 1] == UInt8(ascii: "/") {
            let line = UnsafeBufferPointer(rebasing: raw[(content + 2)..<k])
            lines.append(
              GeneralizedUTF8.string(line, mayContainSurrogates: containsSurrogates).trimmingASCIIWhitespace())
          }
          lineStart = k + 1
        }
        k += 1
      }
      joined = lines.joined(separator: "\n")
    } else {
      var low = 2
      var high = max(2, raw.count - (raw.count >= 4 && raw[raw.count - 2] == UInt8(ascii: "*") ? 2 : 0))
      func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
      while low < high, isSpace(raw[low]) { low += 1 }
      while high > low, isSpace(raw[high - 1]) { high -= 1 }
      guard low < high else { return nil }
      return .block((groupStart + low)..<(groupStart + high))
    }
    let trimmed = joined.trimmingASCIIWhitespace()
    return trimmed.isEmpty ? nil : .lines(trimmed)
  }

  /// The offset of the first line feed or carriage return in `from..<end`, or `end`.
  static func firstLineBreak(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard start < end, let base = text.baseAddress else { return max(start, end) }
    let lineFeed = memchr(base + start, 0x0A, end - start).map {
      base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
    }
    let limit = lineFeed ?? end
    guard limit > start, let carriageReturn = memchr(base + start, 0x0D, limit - start) else { return limit }
    return base.distance(to: carriageReturn.assumingMemoryBound(to: UInt8.self))
  }

  /// Where the `*/` that ends a block comment starts, searched from `start` (the first offset
  /// whose byte and the next are `*/`); without one, `end - 1`, or `start` when fewer than two
  /// bytes are left.
  static func blockCommentEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard let base = text.baseAddress else { return start }
    var offset = start
    while offset + 1 < end {
      guard let star = memchr(base + offset, Int32(UInt8(ascii: "*")), end - 1 - offset) else { return end - 1 }
      let found = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
      if text[found + 1] == UInt8(ascii: "/") { return found }
      offset = found + 1
    }
    return offset
  }
}
