/// Object IDs for the objects this tool adds: 24 uppercase hex digits, like Xcode's, derived from
/// stable inputs (the project's root object, the target, what the object is), so that a second run
/// finds what the first added. Xcode accepts any unique key (PBXPROJ.md §4).
///
/// A derived ID may already name another object: candidates are tried in order and the first free
/// one is taken, so finding an object again means trying the same candidates. The function is
/// FNV-1a over the inputs, twice with different starting values, and must never change: a change
/// would make reruns miss their own objects (they would still find them by name, see
/// ``XcodeProjectEditor``).
enum PBXIdentifier {
  /// How many candidates are tried before giving up.
  static let candidateCount = 16

  /// The candidate IDs for an object, first choice first.
  /// - Parameter parts: The stable inputs (root object ID, target ID, a word for the object's role).
  static func candidates(_ parts: [String]) -> [String] {
    // The inputs are hashed once; each candidate only adds its number.
    let text = Array(parts.joined(separator: "\u{0}").utf8) + [0]
    let high = fnv1a(text, basis: 0xCBF2_9CE4_8422_2325)
    let low = fnv1a(text, basis: 0x8422_2325_CBF2_9CE4)
    return (0..<candidateCount).map { attempt in
      let suffix = Array(String(attempt).utf8)
      return hex(fnv1a(suffix, basis: high), digits: 16) + hex(fnv1a(suffix, basis: low) >> 32, digits: 8)
    }
  }

  /// The first candidate that is neither in the file nor already `taken` by this edit.
  static func free(_ parts: [String], in document: PBXDocument, taken: Set<String>) -> String? {
    candidates(parts).first { !document.contains($0) && !taken.contains($0) }
  }

  // MARK: - Private

  private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
