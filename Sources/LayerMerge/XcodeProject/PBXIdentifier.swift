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
  /// edit, or written anywhere in the file: ``Taken``).
  static func free(_ parts: [String], in document: PBXDocument, taken: Taken) -> String? {
    candidates(parts).first { !document.contains($0) && !taken.contains($0) }
  }

  /// IDs a new object may not take, each kept as the 96 bits its 24 hex digits spell: a large
  /// project writes tens of thousands, and a string apiece cost a tenth of an install.
  struct Taken {
    private var bits: Set<Bits> = []

    /// Every string of the file that could be a candidate (24 uppercase hex digits): a list may
    /// name an ID that has no object (a broken file), and a new object must not take it.
    init(referencedIn document: PBXDocument) {
      let bytes = document.bytes
      bits.reserveCapacity(document.nodes.count / 4)
      for index in document.nodes.indices {
        let node = document.nodes[index]
        let length = Int(node.end - node.start)
        guard (node.kind == .bareString && length == 24) || (node.kind == .quotedString && length == 26) else {
          continue
        }
        let start = Int(node.start) + (node.kind == .quotedString ? 1 : 0)
        if let id = Bits(bytes[start..<(start + 24)]) { bits.insert(id) }
      }
    }

    /// Whether `id` was written in the file or given out; only candidates (24 uppercase hex
    /// digits) can be.
    func contains(_ id: String) -> Bool {
      Bits(id.utf8).map(bits.contains) ?? false
    }

    /// Marks an ID as given out.
    mutating func insert(_ id: String) {
      if let id = Bits(id.utf8) { bits.insert(id) }
    }

    /// 24 uppercase hex digits as a number.
    private struct Bits: Hashable {
      var high: UInt64 = 0
      var low: UInt32 = 0

      init?<Digits: Collection<UInt8>>(_ digits: Digits) {
        guard digits.count == 24 else { return nil }
        var index = 0
        for byte in digits {
          let value: UInt8
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
          case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte &- UInt8(ascii: "A") &+ 10
          default: return nil
          }
          if index < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt32(value) }
          index += 1
        }
      }
    }
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
