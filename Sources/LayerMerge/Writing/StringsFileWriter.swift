#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a table as a `.strings` file in Xcode's layout, UTF-8 without a byte-order mark:
///
///     /* Title of the login screen */
///     "login.title" = "Sign in";
///
///     "greeting" = "Hello, \"friend\"";
///
/// Escaping follows FORMATS.md §2.2: only `\\`, `\"`, `\n`, `\r`, `\t` and `\UXXXX` for other
/// control characters, never `\f`, `\v` or octal, so both Apple parsers read the value back.
public enum StringsFileWriter {
  /// The bytes of the file for a table. Output is deterministic: the same table gives the same bytes.
  /// - Parameter table: The entries to write, in order.
  /// - Returns: UTF-8 bytes ending in a line break; never empty.
  public static func data(for table: LocalizationTable) -> [UInt8] {
    rendering(of: table).bytes
  }

  /// The file for a table, and where each entry's text starts in it.
  static func rendering(of table: LocalizationTable) -> StringsRendering {
    rendering(count: table.count) { table.entries[$0] }
  }

  /// The file for the entries at positions `0..<count`, and where each entry's text starts in
  /// it: a merged table is written from its parts, without being made whole first.
  /// - Parameters:
  ///   - count: The number of entries.
  ///   - entry: The entry at a position.
  static func rendering(count: Int, entry: (Int) -> LocalizationEntry) -> StringsRendering {
    var output: [UInt8] = []
    output.reserveCapacity(count * 160)
    var starts: [Int] = []
    starts.reserveCapacity(count)
    for index in 0..<count {
      if index > 0 { output.append(0x0A) }
      starts.append(output.count)
      writeEntry(entry(index), to: &output)
    }
    if count == 0 {
      // A 0-byte file is an error at run time; a comment is an empty table.
      output = Array("/* No entries. */\n".utf8)
    }
    return StringsRendering(bytes: output, starts: starts)
  }

  /// The file for a table whose first `base.starts.count` entries are those `base` was rendered
  /// from, but for the positions in `rewriting` (ascending): runs of the others are pieces of
  /// `base.buffer`, not written again (a target's table is mostly its base's).
  /// - Parameters:
  ///   - count: The number of entries.
  ///   - entry: The entry at a position.
  static func contents(
    count: Int, entry: (Int) -> LocalizationEntry, reusing base: SharedRenderings.SharedRendering,
    rewriting: [Int]
  ) -> OutputBytes {
    guard count > 0 else { return OutputBytes(data(for: LocalizationTable())) }
    // Runs of `base` (`true`) and of the bytes written here (`false`), in order.
    var runs: [(shared: Bool, range: Range<Int>)] = []
    var fresh: [UInt8] = []
    fresh.reserveCapacity((max(0, count - base.starts.count) + rewriting.count) * 160)
    /// Where the run of fresh bytes being written started, if one is open.
    var freshStart: Int?
    var index = 0
    var next = 0
    while index < count {
      let rewritten = next < rewriting.count && rewriting[next] == index
      guard index < base.starts.count, !rewritten else {
        if rewritten { next += 1 }
        if freshStart == nil { freshStart = fresh.count }
        if index > 0 { fresh.append(0x0A) }
        writeEntry(entry(index), to: &fresh)
        index += 1
        continue
      }
      if index > 0 {
        if freshStart == nil { freshStart = fresh.count }
        fresh.append(0x0A)
      }
      if let start = freshStart {
        runs.append((false, start..<fresh.count))
        freshStart = nil
      }
      let end = next < rewriting.count ? min(rewriting[next], base.starts.count) : base.starts.count
      // From the first entry's text to the last one's end, the blank lines between included.
      runs.append((true, base.starts[index]..<base.end(ofEntry: end - 1)))
      index = end
    }
    if let start = freshStart { runs.append((false, start..<fresh.count)) }
    let written = ByteBuffer(fresh)
    return OutputBytes(
      pieces: runs.map { run in OutputBytes.Piece(buffer: run.shared ? base.buffer : written, range: run.range) })
  }

  // MARK: - Private

  /// Writes one entry, its comment above it, ending with a line break (``TableEditor`` appends
  /// entries to files with it).
  static func writeEntry(_ entry: LocalizationEntry, to output: inout [UInt8]) {
    // Keys, plain values and block comments go from the bytes read to the bytes written.
    entry.withCommentBytes { writeComment($0, to: &output) }
    entry.withKeyBytes { writeQuoted($0, to: &output) }
    output.append(0x20)
    output.append(UInt8(ascii: "="))
    output.append(0x20)
    if entry.withStringValueBytes({ writeQuoted($0, to: &output) }) == nil { writeValue(entry.value, to: &output) }
    output.append(UInt8(ascii: ";"))
    output.append(0x0A)
  }

  /// Writes a comment above an entry. `*/` cannot appear in a block comment, so such a comment
  /// is written as `//` lines instead.
  private static func writeComment(_ comment: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    guard !comment.isEmpty else { return }
    if !containsCommentEnd(comment) {
      output.append(UInt8(ascii: "/"))
      output.append(UInt8(ascii: "*"))
      output.append(0x20)
      output.append(contentsOf: comment)
      output.append(0x20)
      output.append(UInt8(ascii: "*"))
      output.append(UInt8(ascii: "/"))
      output.append(0x0A)
      return
    }
    let lines = String(decoding: comment, as: UTF8.self).split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
    for line in lines {
      output.append(contentsOf: "// ".utf8)
      output.append(contentsOf: line.utf8)
      output.append(0x0A)
    }
  }

  /// Whether the bytes contain `*/`.
  private static func containsCommentEnd(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    var from = 0
    // Each `*` found by memchr, then the byte after it.
    while from < text.count, let star = memchr(base + from, Int32(UInt8(ascii: "*")), text.count - from) {
      let offset = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
      if offset + 1 < text.count && text[offset + 1] == UInt8(ascii: "/") { return true }
      from = offset + 1
    }
    return false
  }

  private static func writeValue(_ value: LocalizationValue, to output: inout [UInt8]) {
    switch value {
    case .string(let text): writeQuoted(text, to: &output)
    case .dictionary(let dictionary):
      output.append(contentsOf: "{ ".utf8)
      for (key, element) in dictionary.pairs {
        writeQuoted(key, to: &output)
        output.append(contentsOf: " = ".utf8)
        writeValue(element, to: &output)
        output.append(contentsOf: "; ".utf8)
      }
      output.append(UInt8(ascii: "}"))
    case .array(let elements):
      output.append(UInt8(ascii: "("))
      for (index, element) in elements.enumerated() {
        output.append(contentsOf: (index == 0 ? " " : ", ").utf8)
        writeValue(element, to: &output)
      }
      output.append(contentsOf: (elements.isEmpty ? ")" : " )").utf8)
    case .data(let bytes):
      output.append(UInt8(ascii: "<"))
      let digits = Array("0123456789abcdef".utf8)
      for byte in bytes {
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
      }
      output.append(UInt8(ascii: ">"))
    case .integer(let integer): writeQuoted(String(integer), to: &output)
    case .real(let real): writeQuoted(String(real), to: &output)
    case .boolean(let bool): writeQuoted(bool ? "YES" : "NO", to: &output)
    case .date(let text): writeQuoted(text, to: &output)
    }
  }

  /// Writes a string quoted and escaped, as the byte version below does.
  static func writeQuoted(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { writeQuoted($0, to: &output) }
  }

  /// Writes UTF-8 bytes as a double-quoted string with the escapes of FORMATS.md §2.2: runs of
  /// ordinary bytes are copied in one piece.
  static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    // Bytes before `checked` were looked at one by one already; skipping resumes after them.
    var checked = 0
    while index < bytes.count {
      // Most text needs no escape: skip sixteen bytes at a time while none does.
      if index >= checked, let base = bytes.baseAddress {
        // A control character is a byte whose top three bits are clear (`.<` is not vectorized).
        let controlBits = SIMD16<UInt8>(repeating: 0xE0)
        let zeros = SIMD16<UInt8>(repeating: 0)
        let deletes = SIMD16<UInt8>(repeating: 0x7F)
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        func needsEscape(at offset: Int) -> Bool {
          let chunk = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
          return any(
            ((chunk & controlBits) .== zeros) .| (chunk .== deletes) .| (chunk .== quotes) .| (chunk .== backslashes))
        }
        while index + 16 <= bytes.count {
          if needsEscape(at: index) { break }
          index += 16
        }
        // Fewer than sixteen bytes left: the last sixteen of the text, looked at at once, clear
        // them all, or they are looked at one by one.
        if index + 16 > bytes.count, bytes.count >= 16, !needsEscape(at: bytes.count - 16) { index = bytes.count }
        checked = index + 16
        guard index < bytes.count else { break }
      }
      let byte = bytes[index]
      index += 1
      guard byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<(index - 1)]))
      runStart = index
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: "\""): output.append(byte)
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        let hex: StaticString = "0123456789ABCDEF"
        output.append(UInt8(ascii: "U"))
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "0"))
        output.append(hex.utf8Start[Int(byte >> 4)])
        output.append(hex.utf8Start[Int(byte & 0x0F)])
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    output.append(UInt8(ascii: "\""))
  }
}
