/// How a text breaks lines and indents, so that what an editor adds looks like its neighbours.
enum TextStyle {
  /// The file's line break: that of its first line (CR LF, CR or LF), LF for a text of one line.
  static func lineBreak(of text: [UInt8]) -> [UInt8] {
    guard let index = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
    guard text[index] == 0x0D else { return [0x0A] }
    return index + 1 < text.count && text[index + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
  }

  /// The text with each LF written as `lineBreak`.
  static func withLineBreaks(_ text: [UInt8], _ lineBreak: [UInt8]) -> [UInt8] {
    guard lineBreak != [0x0A] else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.count + text.count / 16)
    for byte in text {
      if byte == 0x0A { output.append(contentsOf: lineBreak) } else { output.append(byte) }
    }
    return output
  }

  /// The spaces and tabs between the start of the line and `offset`, or `nil` when something
  /// else stands before `offset` on its line.
  static func indentation(before offset: Int, in text: [UInt8]) -> [UInt8]? {
    var start = offset
    while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
    guard start == 0 || text[start - 1] == 0x0A || text[start - 1] == 0x0D else { return nil }
    return Array(text[start..<offset])
  }

  /// The line and column of an offset.
  static func position(of offset: Int, in text: [UInt8]) -> TextPosition {
    var locator = LineLocator()
    return text.withUnsafeBufferPointer { locator.position(of: offset, in: $0) }
  }
}
