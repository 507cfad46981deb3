import Foundation
import Testing

@testable import LayerMerge

/// `.strings` edits, byte for byte: what changes, and that nothing else does.
@Suite struct StringsTableEditorTests {
  private func edit(_ text: String, _ edits: [TableEdit]) throws -> String {
    String(
      decoding: try TableEditor.apply(edits, to: Array(text.utf8), kind: .strings, path: "t.strings"), as: UTF8.self)
  }

  private func set(_ key: String, _ value: String, comment: String? = nil) -> TableEdit {
    TableEdit(place: .strings(key: key), value: value, comment: comment)
  }

  @Test func replacesOnlyTheValueToken() throws {
    let text = "/* Title */\n\"title\" = \"Hello\";\n\n// other\nother = 'x'; /* after */\n"
    #expect(
      try edit(text, [set("title", "Hallo"), set("other", "y")])
        == "/* Title */\n\"title\" = \"Hallo\";\n\n// other\nother = \"y\"; /* after */\n")
  }

  @Test func writesEscapesAppleReadsBack() throws {
    let value = "say \"hi\"\\ \n\r\t\u{1}\u{7F} 😀 𝄞 */ é"
    let output = try edit("\"k\" = \"v\";\n", [set("k", value)])
    #expect(output == "\"k\" = \"say \\\"hi\\\"\\\\ \\n\\r\\t\\U0001\\U007F 😀 𝄞 */ é\";\n")
    let read = try PropertyListSerialization.propertyList(from: Data(output.utf8), format: nil) as? [String: String]
    #expect(read?["k"].map { Array($0.utf8) } == Array(value.utf8))
  }

  @Test func leavesAValueAlreadySetInOtherEscapesAlone() throws {
    let text = "\"k\" = \"\\U00e9\\n\";\n"
    #expect(try edit(text, [set("k", "é\n")]) == text)
  }

  @Test func changesTheLastDefinitionOfARepeatedKey() throws {
    // Apple's reader keeps the last one: changing the first would change nothing at run time.
    #expect(try edit("\"a\" = \"1\";\n\"a\" = \"2\";\n", [set("a", "3")]) == "\"a\" = \"1\";\n\"a\" = \"3\";\n")
  }

  @Test func givesTheShorthandAValue() throws {
    #expect(try edit("\"key\";\nother;\n", [set("key", "Wert")]) == "\"key\" = \"Wert\";\nother;\n")
    #expect(try edit("\"key\";\n", [set("key", "key")]) == "\"key\";\n")
  }

  @Test func appendsANewEntryWithItsCommentInTheFilesLayout() throws {
    // Entries separated by a blank line (Xcode's layout): one before the new entry too.
    #expect(
      try edit("\"a\" = \"1\";\n\n\"b\" = \"2\";\n", [set("new", "N", comment: "A note")])
        == "\"a\" = \"1\";\n\n\"b\" = \"2\";\n\n/* A note */\n\"new\" = \"N\";\n")
    // Entries on consecutive lines: none.
    #expect(
      try edit("\"a\" = \"1\";\n\"b\" = \"2\";\n", [set("new", "N"), set("n2", "M")])
        == "\"a\" = \"1\";\n\"b\" = \"2\";\n\"new\" = \"N\";\n\"n2\" = \"M\";\n")
    // No final line break: one first.
    #expect(try edit("\"a\" = \"1\";", [set("new", "N")]) == "\"a\" = \"1\";\n\n\"new\" = \"N\";\n")
  }

  @Test func aCommentCannotEndEarly() throws {
    let output = try edit("\"a\" = \"1\";\n", [set("new", "N", comment: "ends */ here")])
    let read = try PropertyListSerialization.propertyList(from: Data(output.utf8), format: nil) as? [String: String]
    #expect(read == ["a": "1", "new": "N"])
    #expect(!output.contains("/* ends */"))
    #expect(
      LocalizationFileReader.parse(Array(output.utf8), path: "t", kind: .strings).table["new"]?.comment
        == "ends */ here")
  }

  @Test func keepsCRLFAndCR() throws {
    #expect(
      try edit("\"a\" = \"1\";\r\n\r\n\"b\" = \"2\";\r\n", [set("b", "x"), set("c", "3", comment: "c")])
        == "\"a\" = \"1\";\r\n\r\n\"b\" = \"x\";\r\n\r\n/* c */\r\n\"c\" = \"3\";\r\n")
    #expect(try edit("\"a\" = \"1\";\r", [set("c", "3")]) == "\"a\" = \"1\";\r\r\"c\" = \"3\";\r")
  }

  @Test func addsInsideTheBracesOfABracedFile() throws {
    #expect(
      try edit("{\n  \"a\" = \"1\";\n}\n", [set("b", "2")]) == "{\n  \"a\" = \"1\";\n\n  \"b\" = \"2\";\n}\n")
    #expect(try edit("{ \"a\" = \"1\"; }", [set("b", "2")]) == "{ \"a\" = \"1\"; \n\n\"b\" = \"2\";\n}")
  }

  @Test func keepsUTF16AndItsByteOrderMark() throws {
    for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
      let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
      let original = bom + [UInt8](try #require("/* c */\n\"k\" = \"v\";\n".data(using: encoding)))
      let output = try TableEditor.apply(
        [set("k", "😀 neu"), set("n", "𝄞")], to: original, kind: .strings, path: "t.strings")
      #expect(Array(output.prefix(2)) == bom)
      let text = String(data: Data(output.dropFirst(2)), encoding: encoding)
      #expect(text == "/* c */\n\"k\" = \"😀 neu\";\n\n\"n\" = \"𝄞\";\n")
      #expect(
        TableEditor.textEncoding(of: output) == (encoding == .utf16LittleEndian ? .utf16LittleEndian : .utf16BigEndian))
    }
  }

  @Test func writesANewFileInTheEncodingAsked() throws {
    let edits = [set("k", "v", comment: "Note")]
    let utf8 = try TableEditor.apply(edits, to: nil, kind: .strings, path: "t.strings")
    #expect(String(decoding: utf8, as: UTF8.self) == "/* Note */\n\"k\" = \"v\";\n")
    let utf16 = try TableEditor.apply(
      edits, to: [], kind: .strings, path: "t.strings", newFile: .init(encoding: .utf16LittleEndian))
    #expect(Array(utf16.prefix(2)) == [0xFF, 0xFE])
    #expect(String(data: Data(utf16.dropFirst(2)), encoding: .utf16LittleEndian) == "/* Note */\n\"k\" = \"v\";\n")
  }

  @Test func refusesWhatItCannotEditSurgically() throws {
    func failure(_ text: String, _ edits: [TableEdit]) -> TableEditError? {
      do {
        _ = try TableEditor.apply(edits, to: Array(text.utf8), kind: .strings, path: "t.strings")
        return nil
      } catch {
        return error
      }
    }
    // A value that is not a string.
    let dictionary = failure("\"a\" = \"1\";\n\"d\" = { x = y; };\n", [set("d", "v")])
    #expect(dictionary?.position == TextPosition(line: 2, column: 7))
    #expect(dictionary?.code == .uneditableTable)
    // Apple stops reading at the '@': an entry appended after it would be lost.
    let truncated = failure("\"a\" = \"1\";\n@\n\"b\" = \"2\";\n", [set("c", "3")])
    #expect(truncated?.code == .truncated)
    #expect(truncated?.position == TextPosition(line: 2, column: 1))
    // A syntax error.
    #expect(failure("\"a\" = \"1\"\n\"b\" = \"2\";\n", [set("a", "3")])?.code == .syntax)
    // A form in a .strings file.
    #expect(failure("\"a\" = \"1\";\n", [TableEdit(place: .stringsdict(key: "a", path: ["x"]), value: "")]) != nil)
  }
}
