import Foundation
import LayerMerge
import TestSupport
import Testing

/// `JSONReader` against `JSONSerialization`: the same verdict (accepted or rejected) and the same
/// values on every catalog in `../shared`, on fixed edge cases and on thousands of generated and
/// mutated documents; positions and messages on fixed cases. (Foundation accepts one trailing
/// comma in arrays and objects, so the reader does too.)
@Suite struct JSONReaderTests {
  static func expectAgreement(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let expected = JSONOracle.foundation(bytes)
    let actual = JSONOracle.ours(bytes)
    #expect(
      actual == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)",
      sourceLocation: sourceLocation)
  }

  // MARK: - Tests

  @Test(SharedFolder.required) func everySharedCatalogReadsAsFoundationReadsIt() throws {
    let files = SharedFolder.files(under: "", extensions: ["xcstrings", "json"]).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
    #expect(files.count >= 45)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      let expected = JSONOracle.foundation(bytes)
      let actual = JSONOracle.ours(bytes)
      #expect(actual == expected, "\(file.path)")
    }
  }

  @Test(arguments: [
    "{}", "[]", "\"a\"", "[1,]", "{\"a\":1,}", "0", "-0", "1.5e3", "1E-2", "-12.25", "true", "false", "null",
    " \n\t\r{ } ",
    "{\"a\":1,\"a\":2}", "{\"a\" : [1, {\"b\": null}]}", "\"\\u00e9\\uD83D\\uDE00\\n\\t\\/\\\\\\\"\"",
    "\"é\"", "\u{FEFF}{}", "1e-400", "123456789012345678901234567890", "1e308",
    // Rejected by both.
    "", " ", "{", "}", "[,]", "{,}", "[1,,]", "{\"a\":1,,}", "{a:1}", "{'a':1}", "01", "1.", ".5", "-", "1e", "+1",
    "tru", "nul",
    "\"a", "\"\\x\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\u0041\"", "\"\t\"", "\"\n\"", "[1] 2",
    "1e400", "-1e309",
    "{\"a\" 1}", "[1 2]", "// c\n{}", "/* c */{}", "NaN", "Infinity", "{\"a\":1}}", "\u{0}",
  ])
  func edgeCasesAgreeWithFoundation(_ text: String) {
    Self.expectAgreement(Array(text.utf8))
  }

  /// Found by the catalog fuzz target: where Foundation reads UTF-16 or UTF-32, or ends a
  /// top-level number at a zero byte, JSONReader refuses (it reads UTF-8 RFC 8259 JSON), and
  /// Foundation's number that is one ulp off is not taken for a different value.
  @Test func foundationsDocumentedDifferencesAreRefusals() {
    let found: [[UInt8]] = [
      [0x32, 0x00], [0x30, 0x00, 0x00, 0x00, 0xD9], [0x00, 0x34], [0x00, 0x00, 0x00, 0x30, 0x72],
      [0xFF, 0xFE, 0x32, 0x00, 0x69], [0x22, 0x00, 0xA2, 0x00, 0x22, 0x00, 0x00],
    ]
    for bytes in found {
      #expect(JSONOracle.isDocumentedDifference(bytes))
      #expect(JSONOracle.ours(bytes) == nil)
      #expect(StringCatalogReader.parse(bytes, path: "L.xcstrings").diagnostics.map(\.code) == [.syntax])
    }
    #expect(!JSONOracle.isDocumentedDifference(Array("{\"a\":2}".utf8)))
    // Numbers where Foundation is off by one and two ulps: JSONReader gives the correctly rounded
    // value (the standard library's conversion), and the oracle takes both for the same number.
    for text in ["99.9900000238987260", String(repeating: "3", count: 60), String(repeating: "3", count: 120)] {
      Self.expectAgreement(Array(text.utf8))
      guard case .number(let ours) = JSONOracle.ours(Array(text.utf8)) else {
        Issue.record("\(text) is not read as a number")
        continue
      }
      #expect(ours == Double(text))
    }
  }

  @Test func invalidUTF8IsRejectedWhereTheBadByteIs() {
    for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0x61, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]] {
      Self.expectAgreement(bytes)
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    }
    do {
      _ = try JSONReader.parse([0x7B, 0x0A, 0x22, 0x61, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
      Issue.record("accepted invalid UTF-8")
    } catch {
      #expect(error.description == "2:3: the string is not valid UTF-8")
    }
  }

  @Test func stringsAgreeWithFoundationWhateverByteEndsAnEightByteRun() {
    // Strings are scanned eight bytes at a time: a quote, an escape, a control character, a
    // non-ASCII character or an invalid byte at every place in and around a run.
    let specials: [[UInt8]] = [
      [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x0A], [0x1F], [0x7F],
      [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x90, 0x80], [0x20], [0x21],
      [0x23], [0x5B], [0x5D],
    ]
    for length in 0..<19 {
      for place in 0...length {
        for special in specials {
          let letters = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
          let content = Array(letters[..<place]) + special + Array(letters[place...])
          Self.expectAgreement([0x22] + content + [0x22])
          Self.expectAgreement(Array("{\"k\": [\"".utf8) + content + Array("\", 1]}".utf8))
        }
      }
    }
  }

  @Test func nestingStopsWhereFoundationStops() {
    for depth in [511, 512, 513, 600] {
      let bytes = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
      Self.expectAgreement(bytes)
    }
    let deep = Array(String(repeating: "[", count: 100_000).utf8)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(deep) }
  }

  @Test func positionsOfKeysAndValuesCountScalarsAndLines() throws {
    let text = "{\r\n  \"é😀\" : [1, \"x\"],\n\t\"b\":{\"c\":true},\r\"d\": null}"
    let root = try JSONReader.parse(Array(text.utf8))
    let members = try #require(root.members)
    #expect(root.position == TextPosition(line: 1, column: 1))
    #expect(
      members.map(\.keyPosition) == [
        TextPosition(line: 2, column: 3), TextPosition(line: 3, column: 2),
        TextPosition(line: 4, column: 1),
      ])
    #expect(members[0].value.position == TextPosition(line: 2, column: 10))
    #expect(
      members[0].value.elements?.map(\.position) == [
        TextPosition(line: 2, column: 11),
        TextPosition(line: 2, column: 14),
      ])
    #expect(members[1].value["c"]?.position == TextPosition(line: 3, column: 11))
  }

  /// Columns count scalars over long ASCII runs, runs broken by non-ASCII text, a byte-order mark
  /// (it counts as one column, as the .strings reader counts it) and line breaks of every kind.
  @Test func positionsAcrossLongRunsAndAByteOrderMark() throws {
    let text =
      "\u{FEFF}{\"a-long-ascii-key-of-many-bytes\":\"v\", \"ÄÖÜ-éé-long-key-with-accents\" :\n"
      + "  [\"0123456789abcdef\",\"ß\"],\r\n\r\"z\":\r\n\n  0}"
    let root = try JSONReader.parse(Array(text.utf8))
    let members = try #require(root.members)
    #expect(root.position == TextPosition(line: 1, column: 2))
    #expect(
      members.map(\.keyPosition) == [
        TextPosition(line: 1, column: 3), TextPosition(line: 1, column: 41), TextPosition(line: 4, column: 1),
      ])
    #expect(members[0].value.position == TextPosition(line: 1, column: 36))
    #expect(members[1].value.position == TextPosition(line: 2, column: 3))
    #expect(
      members[1].value.elements?.map(\.position) == [
        TextPosition(line: 2, column: 4), TextPosition(line: 2, column: 23),
      ])
    #expect(members[2].value.position == TextPosition(line: 6, column: 3))
  }

  @Test func positionsOnOneLongLine() throws {
    let count = 20_000
    let text = "{" + (0..<count).map { "\"k\($0)\":\"é\"" }.joined(separator: ",") + "}"
    let members = try #require(try JSONReader.parse(Array(text.utf8)).members)
    #expect(members.count == count)
    // Every member before this one takes len("\"k\(i)\":\"é\",") characters.
    var column = 2
    for (index, member) in members.enumerated() {
      #expect(member.keyPosition == TextPosition(line: 1, column: column))
      if member.keyPosition.column != column { break }
      column += "\"k\(index)\":\"é\",".unicodeScalars.count
    }
  }

  @Test(arguments: [
    ("{\"a\": 1,\n \"b\" 2}", "2:6: expected ':' after the key \"b\", found '2'"),
    ("[1, 2", "1:6: unexpected end of the file; expected ',' or ']'"),
    ("{\"a\": tru}", "1:7: unexpected 't'; expected a value"),
    ("{\"a\": \"b}", "1:7: this string has no closing quote"),
    ("{\"a\": 1}  x", "1:11: unexpected 'x' after the end of the JSON value"),
    ("\"\\uDE00\"", "1:2: the escape \\uDE00 is a low surrogate without a high surrogate before it"),
    ("{\"a\": 01}", "1:8: a number must not start with a leading zero"),
    ("", "1:1: the document is empty; expected a JSON value"),
    ("{\"a\":\"\t\"}", "1:7: a control character (U+0009) must be escaped inside a string"),
  ])
  func messagesNameThePlace(_ text: String, _ expected: String) {
    do {
      _ = try JSONReader.parse(Array(text.utf8))
      Issue.record("accepted \(text.debugDescription)")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func numbersKeepTheirText() throws {
    let root = try JSONReader.parse(Array("[1, -0.50, 2E+3]".utf8))
    #expect(root.elements?.map(\.value) == [.number("1"), .number("-0.50"), .number("2E+3")])
  }

  /// Inputs per run; `LOCMERGE_GENERATED_INPUTS` raises it for a longer local run.
  static let count = ProcessInfo.processInfo.environment["LOCMERGE_GENERATED_INPUTS"].flatMap(Int.init) ?? 3000

  static let fragments = [
    "{", "}", "[", "]", ",", ":", " ", "\n", "\"k\"", "\"é\"", "\"\\n\"", "\"\\u00E9\"", "\"\\uD83D\\uDE00\"",
    "\"\\uD83D\"", "1", "-2.5e3", "0", "01", "true", "false", "null", "\"a\":", "\"\t\"", "\\", "\"", "1.", "e5",
  ]

  @Test func generatedDocumentsAgreeWithFoundation() {
    var generator = SeededGenerator(seed: 0x15_0B_0D_E5 &+ UInt64(Self.count))
    for _ in 0..<Self.count {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
      Self.expectAgreement(Array(text.utf8))
    }
  }

  @Test func mutatedCatalogsAgreeWithFoundation() throws {
    let seed = Array(
      """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "%lld files" : {
            "localizations" : {
              "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated",
                "value" : "%lld Datei" } } } } }
            }
          },
          "e\\u0301" : { "comment" : "x\\"y", "shouldTranslate" : false }
        },
        "version" : "1.0"
      }
      """.utf8)
    var generator = SeededGenerator(seed: 0xCA7A_1065)
    for _ in 0..<Self.count {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1:
          bytes.insert(
            [0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x30].randomElement(using: &generator) ?? 0, at: index)
        case 2: bytes.remove(at: index)
        default: bytes.removeSubrange(index...)
        }
      }
      Self.expectAgreement(bytes)
    }
  }

  @Test func aCallerMayRefuseTrailingCommasAtTheComma() throws {
    for (text, position, closing) in [("[1,\n ]", (1, 3), "]"), ("{\"a\": [1], }", (1, 10), "}")] {
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8), allowsTrailingCommas: false) }
      do {
        _ = try JSONReader.parse(Array(text.utf8), allowsTrailingCommas: false)
      } catch {
        #expect(error.message == "a comma before '\(closing)' is not JSON; remove it")
        #expect(error.position.line == position.0 && error.position.column == position.1, "\(error)")
      }
      // Foundation reads them, and so does the reader by default (String Catalogs).
      #expect(throws: Never.self) { try JSONReader.parse(Array(text.utf8)) }
    }
  }
}
