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

  /// IDs a new object may not take: every 24-character string of the file (a list may name an ID
  /// that has no object, in a broken file), and those this edit gave out.
  ///
  /// The file's are kept as their fingerprints, sorted, each with where its string stands, and a
  /// fingerprint found there is confirmed against the strings that have it: a set of strings (or
  /// of their hashes) for the tens of thousands of IDs a large project writes cost a tenth of an
  /// install, for the handful of look-ups an install makes. The fingerprint's multipliers are
  /// drawn per process, so no file can make many strings share a candidate's fingerprint.
  struct Taken {
    private let document: PBXDocument
    /// Every 24-character string of the file: its ``fingerprint(_:)`` and its first byte, in
    /// order of fingerprint.
    private let strings: [(fingerprint: UInt64, start: Int)]
    private var given: Set<String> = []

    init(referencedIn document: PBXDocument) {
      self.document = document
      var found: [(fingerprint: UInt64, start: Int)] = []
      // Through buffers taken once: the document's arrays, read through the class per node, cost a
      // retain and a release each time.
      document.bytes.withUnsafeBytes { bytes in
        document.nodes.withUnsafeBufferPointer { nodes in
          for node in nodes {
            guard let start = Self.idStart(node) else { continue }
            found.append((Self.fingerprint(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 24)])), start))
          }
        }
      }
      strings = found.sorted { $0.fingerprint < $1.fingerprint }
    }

    /// Whether `id` is written in the file or was given out.
    func contains(_ id: String) -> Bool {
      if given.contains(id) { return true }
      let digits = Array(id.utf8)
      guard digits.count == 24 else { return false }
      let wanted = digits.withUnsafeBytes(Self.fingerprint)
      // The first string whose fingerprint is not below the one wanted.
      var low = 0
      var high = strings.count
      while low < high {
        let middle = (low + high) / 2
        if strings[middle].fingerprint < wanted { low = middle + 1 } else { high = middle }
      }
      let bytes = document.bytes
      while low < strings.count, strings[low].fingerprint == wanted {
        let start = strings[low].start
        if bytes[start..<(start + 24)].elementsEqual(digits) { return true }
        low += 1
      }
      return false
    }

    /// Marks an ID as given out.
    mutating func insert(_ id: String) {
      given.insert(id)
    }

    /// Where a node's 24 characters start, if it is a string of that length, bare or quoted.
    private static func idStart(_ node: PBXDocument.Node) -> Int? {
      let length = node.end - node.start
      if node.kind == .bareString && length == 24 { return Int(node.start) }
      if node.kind == .quotedString && length == 26 { return Int(node.start) + 1 }
      return nil
    }

    /// Odd multipliers drawn once per process.
    private static let multipliers = (
      UInt64.random(in: .min ... .max) | 1, UInt64.random(in: .min ... .max) | 1, UInt64.random(in: .min ... .max) | 1
    )

    /// 24 bytes folded into a number: equal bytes, equal numbers; others rarely.
    private static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
      let first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
      let second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      let third = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
      let (a, b, c) = multipliers
      let (x, y) = (second &* b, third &* c)
      let folded = first &* a ^ (x << 21 | x >> 43) ^ (y << 42 | y >> 22)
      return folded ^ folded >> 29
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
