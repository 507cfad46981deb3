import Foundation
import Testing

@testable import LayerMerge

/// Random edits of generated `.strings` files in every layout Apple's reader accepts (quoted,
/// single-quoted and unquoted tokens, the shorthand, comments, braces, repeated keys) and every
/// encoding it reads, checked against Foundation: the encoding and byte-order mark stay, and so
/// do the line breaks.
@Suite struct GeneratedTableEditTests {
  private enum Encoding: CaseIterable {
    case utf8, utf8BOM, utf16LE, utf16BE, utf32LE, utf32BE

    func encode(_ text: String) -> [UInt8] {
      switch self {
      case .utf8: return Array(text.utf8)
      case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
      case .utf16LE: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      case .utf16BE: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      case .utf32LE, .utf32BE:
        let bom: [UInt8] = self == .utf32LE ? [0xFF, 0xFE, 0x00, 0x00] : [0x00, 0x00, 0xFE, 0xFF]
        return bom
          + text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let v = scalar.value
            let bytes = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return self == .utf32LE ? bytes.reversed() : bytes
          }
      }
    }
  }

  @Test func editsOfGeneratedFilesKeepEncodingAndLineBreaks() throws {
    var generator = SeededGenerator(seed: 3_300)
    var checked = 0
    for round in 0..<300 {
      let encoding = Encoding.allCases[round % Encoding.allCases.count]
      let lineBreak = ["\n", "\r\n", "\r"][Int(generator.next() % 3)]
      let (text, keys) = Self.stringsFile(&generator, lineBreak: lineBreak)
      let bytes = encoding.encode(text)
      let before = try #require(EditingOracle.propertyList(bytes), "generated file not read: \(text.debugDescription)")
      var expected = before
      var edits: [TableEdit] = []
      for _ in 0..<Int(generator.next() % 4) where !keys.isEmpty {
        let key = keys[Int(generator.next() % UInt64(keys.count))]
        edits.append(TableEdit(place: .strings(key: key), value: EditingOracle.value(&generator)))
      }
      for index in 0..<Int(generator.next() % 3) {
        edits.append(
          TableEdit(
            place: .strings(key: "new \(round).\(index)"), value: EditingOracle.value(&generator),
            comment: generator.next() % 2 == 0 ? nil : "note \(index) */ //"))
      }
      for edit in edits { expected = EditingOracle.setting(expected, [edit.place.key], to: edit.value) }
      let output = try EditingOracle.checkedBytes(edits, bytes, kind: .strings, path: "generated.strings")
      #expect(EditingOracle.propertyList(output) == expected, "\(text.debugDescription)")
      // The new text breaks lines as the file did: no other kind of line break appears.
      let newText = try DecodedText.decode(output).utf8
      var others = 0
      var index = 0
      while index < newText.count {
        if lineBreak == "\r\n" && newText[index] == 0x0D && index + 1 < newText.count && newText[index + 1] == 0x0A {
          index += 2
          continue
        }
        if (newText[index] == 0x0D || newText[index] == 0x0A) && Array(lineBreak.utf8) != [newText[index]] {
          others += 1
        }
        index += 1
      }
      #expect(
        others == 0,
        "\(encoding) \(lineBreak.debugDescription): \(String(decoding: newText, as: UTF8.self).debugDescription)")
      checked += 1
    }
    #expect(checked == 300)
  }

  // MARK: - Private

  private static let unquotable = Array("abcXYZ019_$/:.-")

  /// A `.strings` file of random entries in random forms, and its keys. Values hold no raw line
  /// break (escapes only), so every line break in the file is the chosen one.
  private static func stringsFile(_ generator: inout SeededGenerator, lineBreak: String) -> (String, [String]) {
    func pick<T>(_ options: [T]) -> T { options[Int(generator.next() % UInt64(options.count))] }
    var keys: [String] = []
    var text = generator.next() % 4 == 0 ? "/* File header */" + lineBreak + lineBreak : ""
    let braced = generator.next() % 6 == 0
    if braced { text += "{" + lineBreak }
    let count = Int(generator.next() % 8)
    let blankLines = generator.next() % 2 == 0
    for index in 0..<count {
      let key =
        index > 1 && generator.next() % 5 == 0 ? pick(keys) : pick(["k\(index)", "key \(index) é", "a.b-\(index)"])
      if !keys.contains(key) { keys.append(key) }
      if generator.next() % 3 == 0 { text += pick(["/* comment \(index) */", "// line \(index)"]) + lineBreak }
      let keyToken =
        key.allSatisfy({ unquotable.contains($0) }) && generator.next() % 2 == 0
        ? key : quoted(key, &generator)
      if generator.next() % 6 == 0 {
        text += keyToken + ";"
      } else {
        let value = String((0..<Int(generator.next() % 6)).map { _ in pick(Array("ab 😀\"\\'/*é$")) })
        let valueToken =
          !value.isEmpty && value.allSatisfy({ unquotable.contains($0) }) && generator.next() % 2 == 0
          ? value : quoted(value, &generator)
        text += keyToken + pick([" = ", "=", "\t=  "]) + valueToken + ";"
      }
      text += pick(["", " // trailing", " /* trailing */"])
      if index < count - 1 || generator.next() % 3 != 0 { text += lineBreak }
      if blankLines && index < count - 1 { text += lineBreak }
    }
    if braced { text += (text.hasSuffix(lineBreak) ? "" : lineBreak) + "}" + lineBreak }
    if text.isEmpty { text = lineBreak }
    return (text, keys)
  }

  /// A quoted token, in double or single quotes, with escapes where needed or chosen.
  private static func quoted(_ text: String, _ generator: inout SeededGenerator) -> String {
    let quote: Character = generator.next() % 4 == 0 ? "'" : "\""
    var token = String(quote)
    for character in text {
      switch character {
      case "\\": token += "\\\\"
      case quote: token += "\\\(quote)"
      case "é" where generator.next() % 2 == 0: token += "\\U00e9"
      case "😀" where generator.next() % 2 == 0: token += "\\UD83D\\UDE00"
      default: token.append(character)
      }
    }
    return token + String(quote)
  }
}
