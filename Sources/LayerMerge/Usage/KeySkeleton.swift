/// The text of a table key between its format specifiers (``LookupKey/pieces(ofTableKey:)``):
/// `"Hello %@, %lld new"` → `["Hello ", ", ", " new"]`, exactly the pieces of the interpolated
/// lookups that match it (`"Hello \(name), \(n) new"`). Keys are indexed by their pieces, so
/// matching interpolated lookups is a hash look-up per lookup, not a comparison with every key.
enum KeySkeleton {
  /// The pieces of a table key between its specifiers, or `nil` for a key without any (only a
  /// literal lookup can ask for it).
  static func pieces(of key: String) -> [String]? {
    guard key.utf8.contains(UInt8(ascii: "%")) else { return nil }
    let pieces = LookupKey.pieces(ofTableKey: key)
    return pieces.count > 1 ? pieces : nil
  }

  /// Whether a lookup asks for text a person translates: a key with no letter at all (`"\(n)"`,
  /// `"%@"`, `"•"`) shows the same text found or not, so it is never reported.
  static func hasText(_ key: LookupKey) -> Bool {
    switch key {
    case .literal(let text): return hasText(text)
    case .interpolated(let pieces): return pieces.contains(where: hasText)
    case .dynamic: return false
    }
  }

  /// Whether some byte of `text` is an ASCII letter: ``hasText(_:)`` for a key of ASCII.
  static func hasASCIILetter(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.contains(where: isASCIILetter)
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// Whether some character of `text` is a letter: an ASCII letter answers without looking up
  /// Unicode's properties (this runs for every lookup of a run).
  private static func hasText(_ text: String) -> Bool {
    var isASCII = true
    for byte in text.utf8 {
      if isASCIILetter(byte) { return true }
      if byte >= 0x80 { isASCII = false }
    }
    return !isASCII && text.unicodeScalars.contains { $0.properties.isAlphabetic }
  }
}
