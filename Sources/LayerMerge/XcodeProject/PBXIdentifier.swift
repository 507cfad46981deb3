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

  /// The first candidate that is neither an object of the file nor `taken` (given out by this
  /// edit, or written anywhere in the file: ``referencedIDs(in:)``).
  static func free(_ parts: [String], in document: PBXDocument, taken: Set<String>) -> String? {
    candidates(parts).first { !document.contains($0) && !taken.contains($0) }
  }

  /// Every string of the file that could be a candidate (24 uppercase hex digits): a list may name
  /// an ID that has no object (a broken file), and a new object must not take it.
  static func referencedIDs(in document: PBXDocument) -> Set<String> {
    var found: Set<String> = []
    let bytes = document.bytes
    for index in document.nodes.indices {
      let node = document.nodes[index]
      let length = Int(node.end - node.start)
      guard (node.kind == .bareString && length == 24) || (node.kind == .quotedString && length == 26) else { continue }
      let start = Int(node.start) + (node.kind == .quotedString ? 1 : 0)
      let isCandidate = bytes[start..<(start + 24)].allSatisfy { byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
      }
      if isCandidate { found.insert(String(decoding: bytes[start..<(start + 24)], as: UTF8.self)) }
    }
    return found
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
