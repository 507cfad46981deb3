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
        var j = i + 2
        if isLine {
          while j < end, text[j] != 0x0A, text[j] != 0x0D { j += 1 }
        } else {
          while j + 1 < end, !(text[j] == UInt8(ascii: "*") && text[j + 1] == UInt8(ascii: "/")) { j += 1 }
          j = min(end, j + 2)
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
}
