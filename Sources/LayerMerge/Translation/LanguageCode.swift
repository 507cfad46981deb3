/// The language codes the translators' round trip accepts: a language folder's name — letters,
/// digits, `-` and `_` (`de`, `zh-Hans`, `pt_BR`), not `Base` — so that a code read from an XLIFF
/// file can name a `<lang>.lproj` folder and nothing else.
package enum LanguageCode {
  /// Whether `text` is such a code.
  package static func isValid(_ text: String) -> Bool {
    !text.isEmpty && text != "Base"
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "_")
      }
  }
}
