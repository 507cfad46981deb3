/// Changes to a file, each a range of the text the reader parsed and the UTF-8 text that replaces
/// it, applied to the file's own bytes in one pass: every byte outside the ranges is copied as it
/// was, and the new text is written in the file's encoding (a UTF-16 file stays UTF-16, its
/// byte-order mark and all).
struct TextSplices {
  /// One change: `range` (empty for an insertion) becomes `text`.
  struct Splice {
    var range: Range<Int>
    var text: [UInt8]
  }

  private(set) var splices: [Splice] = []

  /// Whether there is nothing to change.
  var isEmpty: Bool { splices.isEmpty }

  /// Replaces a range of the text.
  mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
    splices.append(Splice(range: range, text: text))
  }

  /// Inserts text at an offset; insertions at one offset keep the order they were made in.
  mutating func insert(_ text: [UInt8], at offset: Int) {
    splices.append(Splice(range: offset..<offset, text: text))
  }

  /// The file with the changes made.
  /// - Parameters:
  ///   - file: The file's bytes.
  ///   - text: The text the ranges refer to.
  ///   - encoding: How the text is written in the file.
  /// - Returns: The new bytes; `file` itself when nothing changes.
  func applied(to file: [UInt8], text: [UInt8], encoding: FileTextEncoding) -> [UInt8] {
    guard !splices.isEmpty else { return file }
    // Stable: insertions at one offset stay in the order they were made.
    let ordered = splices.enumerated().sorted {
      ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
    }.map(\.element)
    var boundaries: [Int] = []
    boundaries.reserveCapacity(ordered.count * 2)
    for splice in ordered {
      boundaries.append(splice.range.lowerBound)
      boundaries.append(splice.range.upperBound)
    }
    let fileOffsets = encoding.fileOffsets(of: boundaries, in: text, file: file)
    var output: [UInt8] = []
    output.reserveCapacity(file.count + ordered.reduce(0) { $0 + 4 * $1.text.count })
    var copied = 0
    for (index, splice) in ordered.enumerated() {
      let start = fileOffsets[2 * index]
      let end = fileOffsets[2 * index + 1]
      // Editors never make overlapping changes; a start before what is copied would be one.
      precondition(start >= copied, "overlapping edits")
      output.append(contentsOf: file[copied..<start])
      encoding.append(splice.text, to: &output)
      copied = end
    }
    output.append(contentsOf: file[copied...])
    return output
  }
}

/// How a file's bytes hold the text its reader parsed (``DecodedText``): where an offset of the text
/// is in the file, and how new text is written in it.
struct FileTextEncoding {
  private enum Form {
    /// UTF-8 from `prefix` on (a byte-order mark before it), byte for byte.
    case utf8
    /// UTF-8 in which the reader turned stray bytes into U+FFFD (``DecodedText/repairStrayA9(_:)``).
    case repairedUTF8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)
  }

  private let form: Form
  /// The bytes before the text: a byte-order mark, or the two bytes CF drops from BOM-less UTF-16.
  private let prefix: Int

  /// The file's text is its bytes (a String Catalog's JSON).
  static let identity = FileTextEncoding(form: .utf8, prefix: 0)

  private init(form: Form, prefix: Int) {
    self.form = form
    self.prefix = prefix
  }

  /// The encoding of a file whose bytes decoded to `text`.
  init(of text: DecodedText, fileCount: Int) {
    switch text.encoding {
    case .utf8:
      self.init(form: text.utf8.count == fileCount - text.bomLength ? .utf8 : .repairedUTF8, prefix: text.bomLength)
    case .utf16LittleEndian, .utf16WithoutBOM: self.init(form: .utf16(bigEndian: false), prefix: 2)
    case .utf16BigEndian: self.init(form: .utf16(bigEndian: true), prefix: 2)
    case .utf32LittleEndian: self.init(form: .utf32(bigEndian: false), prefix: 4)
    case .utf32BigEndian: self.init(form: .utf32(bigEndian: true), prefix: 4)
    }
  }

  /// A new file's encoding.
  init(_ encoding: TableTextEncoding) {
    switch encoding {
    case .utf8: self.init(form: .utf8, prefix: 0)
    case .utf16LittleEndian: self.init(form: .utf16(bigEndian: false), prefix: 2)
    case .utf16BigEndian: self.init(form: .utf16(bigEndian: true), prefix: 2)
    }
  }

  /// The byte-order mark a new file in this encoding starts with.
  var byteOrderMark: [UInt8] {
    switch form {
    case .utf8, .repairedUTF8: return []
    case .utf16(let bigEndian): return bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    case .utf32(let bigEndian): return bigEndian ? [0x00, 0x00, 0xFE, 0xFF] : [0xFF, 0xFE, 0x00, 0x00]
    }
  }

  /// Where ascending offsets of the text are in the file, in one pass over both.
  func fileOffsets(of offsets: [Int], in text: [UInt8], file: [UInt8]) -> [Int] {
    if case .utf8 = form { return offsets.map { $0 + prefix } }
    var result: [Int] = []
    result.reserveCapacity(offsets.count)
    var textOffset = 0
    var fileOffset = prefix
    for target in offsets {
      while textOffset < target {
        let length = GeneralizedUTF8.sequenceLength(lead: text[textOffset])
        switch form {
        case .utf8:
          fileOffset += length
        case .repairedUTF8:
          // The text is the file but for each repaired byte, which became EF BF BD: the two
          // differ first exactly there.
          if file[fileOffset] == text[textOffset] {
            fileOffset += 1
            textOffset += 1
            continue
          }
          fileOffset += 1
        case .utf16:
          fileOffset += length == 4 ? 4 : 2
        case .utf32:
          fileOffset += 4
        }
        textOffset += length
      }
      result.append(fileOffset)
    }
    return result
  }

  /// Appends UTF-8 text in this encoding.
  func append(_ utf8: [UInt8], to output: inout [UInt8]) {
    switch form {
    case .utf8, .repairedUTF8:
      output.append(contentsOf: utf8)
    case .utf16(let bigEndian):
      for unit in String(decoding: utf8, as: UTF8.self).utf16 {
        let high = UInt8(unit >> 8)
        let low = UInt8(truncatingIfNeeded: unit)
        output.append(contentsOf: bigEndian ? [high, low] : [low, high])
      }
    case .utf32(let bigEndian):
      for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
        let value = scalar.value
        let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        output.append(contentsOf: bigEndian ? bytes : bytes.reversed())
      }
    }
  }
}
