/// Text from the input — keys, values, target and layer names, paths — made safe to show on one
/// line of a terminal or log: the one place where locmerge escapes what it prints.
///
/// A file name or key may hold a line break, ESC or BEL. Printed raw, a line break forges a line
/// (`path:1:1: error: …` that no check wrote) and ESC sequences rewrite the terminal. Every
/// control character (C0, DEL, C1), the Unicode line and paragraph separators and the
/// bidirectional controls are shown as escapes instead: `\n`, `\r`, `\t`, and `\u{1B}` for the
/// rest. ``Diagnostic`` passes its message through ``escaped(_:)``, so a diagnostic is always one
/// line, whatever reporter renders it; the command line does the same for paths, table cells and
/// the other lines it prints.
public enum DisplayText {
  /// How many characters of one piece of input a message shows before it is cut: a 10 MB key is
  /// named by its start and its length.
  public static let shownCharacters = 200

  /// `text` with every control character written as a visible escape; text without one is
  /// returned as it is (and escaping twice changes nothing).
  /// - Parameter text: Text from the input.
  public static func escaped(_ text: some StringProtocol) -> String {
    escaped(text, showingInvisibles: false)
  }

  /// `text` as ``escaped(_:)`` writes it, with the spaces that print like a space or not at all
  /// (a no-break space, a zero-width space: whitespace and format characters but the space) as
  /// escapes too, `\u{A0}`: for values told apart by such a character.
  /// - Parameter text: Text from the input.
  public static func escapedShowingInvisibles(_ text: some StringProtocol) -> String {
    escaped(text, showingInvisibles: true)
  }

  /// ``quoted(_:)`` with invisible spaces shown as ``escapedShowingInvisibles(_:)`` shows them.
  /// - Parameter text: Text from the input: a value.
  public static func quotedShowingInvisibles(_ text: some StringProtocol) -> String {
    quoted(text, showingInvisibles: true)
  }

  private static func escaped(_ text: some StringProtocol, showingInvisibles invisibles: Bool) -> String {
    guard invisibles || text.utf8.contains(where: mayStartControl) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      if let escape = escape(for: scalar, showingInvisibles: invisibles) {
        result += escape
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` in double quotes for a message, with `"` and `\` escaped as well, and cut after
  /// ``shownCharacters`` characters (the rest is counted, not shown).
  /// - Parameter text: Text from the input: a key, a value, a JSON member name.
  public static func quoted(_ text: some StringProtocol) -> String {
    quoted(text, showingInvisibles: false)
  }

  private static func quoted(_ text: some StringProtocol, showingInvisibles invisibles: Bool) -> String {
    var result = "\""
    var shown = 0
    for scalar in text.unicodeScalars {
      if shown == shownCharacters {
        let total = text.unicodeScalars.count
        return result + "…\" (\(total) characters)"
      }
      shown += 1
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default:
        if let escape = escape(for: scalar, showingInvisibles: invisibles) {
          result += escape
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `text` cut after ``shownCharacters`` characters, escaped: a name or path shown without quotes.
  /// - Parameter text: Text from the input.
  public static func shortened(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > shownCharacters else { return escaped(text) }
    var prefix = String.UnicodeScalarView()
    prefix.append(contentsOf: scalars.prefix(shownCharacters))
    return escaped(String(prefix)) + "… (\(scalars.count) characters)"
  }

  // MARK: - Private

  /// Whether a UTF-8 byte may start a character that is escaped: an ASCII control character,
  /// DEL, or the lead byte of C1 controls (`C2`) and of the separators and bidirectional
  /// controls (`E2`).
  private static func mayStartControl(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }

  private static func escape(for scalar: Unicode.Scalar, showingInvisibles invisibles: Bool) -> String? {
    switch scalar.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x00..<0x20, 0x7F..<0xA0,
      // Line and paragraph separators; bidirectional embeddings, overrides and isolates, which
      // reorder what a terminal shows.
      0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      let invisible =
        invisibles && scalar != " "
        && (scalar.properties.isWhitespace || scalar.properties.generalCategory == .format)
      return invisible ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : nil
    }
  }
}
