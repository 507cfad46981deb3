/// Strings in `project.pbxproj`: how a quoted string's escapes read (Apple's old-style reader) and
/// how Xcode writes a string (bare or quoted, PBXPROJ.md §2).
enum PBXStringEscapes {
  /// The value of a quoted string's content (the bytes between the quotes).
  ///
  /// `\a \b \f \n \r \t \v` are control characters, `\U` takes up to four hex digits (UTF-16 units;
  /// a pair of surrogates makes one character, a lone one U+FFFD as when Apple's string is bridged),
  /// one to three octal digits name a NeXTSTEP Latin character, and a backslash before anything
  /// else stands for that character. The scanner has checked that a `\U` has digits.
  static func decode(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { text in
      var output: [UInt8] = []
      output.reserveCapacity(range.count)
      var mayHoldSurrogates = false
      var i = range.lowerBound
      let end = range.upperBound
      while i < end {
        let byte = text[i]
        i += 1
        guard byte == UInt8(ascii: "\\"), i < end else {
          output.append(byte)
          continue
        }
        let escaped = text[i]
        i += 1
        switch escaped {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          appendUTF8(OldStyleSyntax.octalEscape(first: escaped, in: text, at: &i, end: end), to: &output)
        case UInt8(ascii: "U"):
          let value = OldStyleSyntax.unicodeEscape(in: text, at: &i, end: end).value
          if value & 0xF800 == 0xD800 { mayHoldSurrogates = true }
          appendUTF8(value, to: &output)
        default:
          if let control = OldStyleSyntax.controlEscape(escaped) {
            output.append(control)
            continue
          }
          // Any other character stands for itself: copy it whole (the text is valid UTF-8).
          output.append(escaped)
          while i < end, text[i] & 0xC0 == 0x80 {
            output.append(text[i])
            i += 1
          }
        }
      }
      return GeneralizedUTF8.string(output, mayContainSurrogates: mayHoldSurrogates)
    }
  }

  /// A string as Xcode writes it: bare when it is made only of letters, digits and `_$./` and holds
  /// neither `//` nor `___`, quoted otherwise, with `\\ \" \n \t` escaped and other control
  /// characters as `\Uxxxx` (Xcode's rule for those is not known; this form reads back exactly).
  static func written(_ text: String) -> String {
    if isBare(text) { return text }
    // What is escaped is ASCII: work on the bytes, copying the rest (UTF-8 included) as it is.
    var result: [UInt8] = [UInt8(ascii: "\"")]
    result.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20, 0x7F:
        let digits = String(byte, radix: 16, uppercase: false)
        result += Array(("\\U" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
      default: result.append(byte)
      }
    }
    result.append(UInt8(ascii: "\""))
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether Xcode writes `text` without quotes.
  static func isBare(_ text: String) -> Bool {
    var previous: UInt8 = 0
    var underscores = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "."):
        underscores = 0
      case UInt8(ascii: "_"):
        underscores += 1
        if underscores == 3 { return false }
      case UInt8(ascii: "/"):
        if previous == UInt8(ascii: "/") { return false }
        underscores = 0
      default:
        return false
      }
      previous = byte
    }
    return !text.isEmpty
  }
}
