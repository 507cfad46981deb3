import Foundation
import LayerMerge
import TestSupport
import Testing

/// Whatever we write, we and Foundation read back to the same table.
@Suite struct RoundTripTests {
  /// Characters that stress escaping: quotes, backslashes, every kind of line break, control
  /// characters, comment markers, non-ASCII and non-BMP text.
  static let alphabet: [Unicode.Scalar] =
    Array("ab Z09%@$:;=/*'\"\\{}()<>&".unicodeScalars)
    + [
      "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}",
      "\u{A0}", "\u{E9}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{65E5}", "\u{1F600}", "\u{10FFFF}",
    ]

  static func randomText(using generator: inout SeededGenerator, maxLength: Int = 12) -> String {
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...maxLength, using: &generator) {
      text.append(alphabet.randomElement(using: &generator) ?? "a")
    }
    return String(text)
  }

  /// A random table of string entries. Comments are stored as the reader normalises them
  /// (trimmed, no empty comment), since that is what a table read from a file holds.
  static func randomTable(using generator: inout SeededGenerator) -> LocalizationTable {
    var table = LocalizationTable()
    for _ in 0..<Int.random(in: 0...8, using: &generator) {
      var comment: String? = randomText(using: &generator).trimmingCharacters(in: .whitespaces)
      if comment?.isEmpty == true || comment?.contains(where: \.isNewline) == true || Bool.random(using: &generator) {
        comment = nil
      }
      table.upsert(
        LocalizationEntry(key: randomText(using: &generator), string: randomText(using: &generator), comment: comment))
    }
    return table
  }

  @Test func generatedStringsTablesRoundTrip() throws {
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<2000 {
      let table = Self.randomTable(using: &generator)
      let bytes = StringsFileWriter.data(for: table)
      let reread = LocalizationFileReader.parse(bytes, path: "written.strings", kind: .strings)
      #expect(reread.diagnostics.isEmpty, "\(reread.diagnostics)")
      #expect(reread.table == table)
      guard case .dictionary(let values) = FoundationOracle.verdict(for: bytes) else {
        Issue.record("Foundation does not read a dictionary from \(String(decoding: bytes, as: UTF8.self))")
        continue
      }
      #expect(values == table.values)
    }
  }

  @Test func commentsAreNeverBrokenByTheirText() {
    let table = LocalizationTable([
      LocalizationEntry(key: "k", string: "v", comment: "ends */ early"),
      LocalizationEntry(key: "m", string: "w", comment: "a\nb */ c"),
    ])
    let bytes = StringsFileWriter.data(for: table)
    let reread = LocalizationFileReader.parse(bytes, path: "c.strings", kind: .strings)
    #expect(reread.table == table)
    #expect(
      String(decoding: bytes, as: UTF8.self) == "// ends */ early\n\"k\" = \"v\";\n\n// a\n// b */ c\n\"m\" = \"w\";\n")
    // A `*` or `/` alone does not end a block comment; `**/` does.
    for (comment, written) in [
      ("a * b / c", "/* a * b / c */"), ("ends with *", "/* ends with * */"), ("/ first", "/* / first */"),
      ("x **/ y", "// x **/ y"), ("*/", "// */"),
    ] {
      let one = LocalizationTable([LocalizationEntry(key: "k", string: "v", comment: comment)])
      let bytes = StringsFileWriter.data(for: one)
      #expect(String(decoding: bytes, as: UTF8.self) == written + "\n\"k\" = \"v\";\n")
      #expect(LocalizationFileReader.parse(bytes, path: "c.strings", kind: .strings).table == one)
    }
  }

  @Test func stringsdictTablesRoundTrip() throws {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      var table = LocalizationTable()
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        let variable = OrderedDictionary([
          ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
          ("NSStringFormatValueTypeKey", .string("d")),
          ("one", .string(Self.xmlSafeText(using: &generator))),
          ("other", .string(Self.xmlSafeText(using: &generator))),
        ])
        let rule = OrderedDictionary([
          ("NSStringLocalizedFormatKey", .string("%#@v@")), ("v", .dictionary(variable)),
          ("list", .array([.integer(3), .boolean(true), .data([0, 255])])),
        ])
        table.upsert(LocalizationEntry(key: Self.xmlSafeText(using: &generator), value: .dictionary(rule)))
      }
      let bytes = StringsDictFileWriter.data(for: table)
      let reread = LocalizationFileReader.parse(bytes, path: "written.stringsdict", kind: .stringsdict)
      #expect(reread.diagnostics.isEmpty, "\(reread.diagnostics)")
      #expect(reread.table.values == table.values)
      guard case .dictionary(let values) = FoundationOracle.verdict(for: bytes) else {
        Issue.record("Foundation does not read a dictionary from \(String(decoding: bytes, as: UTF8.self))")
        continue
      }
      #expect(values == table.values)
    }
  }

  /// XML 1.0 cannot carry most control characters; stringsdict text never holds them.
  static func xmlSafeText(using generator: inout SeededGenerator) -> String {
    String(
      String.UnicodeScalarView(
        randomText(using: &generator).unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }))
  }

  @Test(SharedFolder.required) func corpusFilesRoundTrip() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var checked = 0
    for file in CorpusAgreementTests.files {
      let original = [UInt8](try Data(contentsOf: file))
      let kind = LocalizationFileKind(path: file.path) ?? .strings
      let parsed = LocalizationFileReader.parse(original, path: file.path, kind: kind)
      guard parsed.isReadByFoundation, case .dictionary(let foundationValues) = FoundationOracle.verdict(for: original)
      else { continue }
      let written = LocalizationFileWriter.data(for: parsed.table, as: kind)
      let reread = LocalizationFileReader.parse(written, path: file.path, kind: kind)
      if kind == .strings {
        #expect(reread.table == parsed.table, "\(file.path)")
      } else {
        #expect(reread.table.values == parsed.table.values, "\(file.path)")
      }
      guard case .dictionary(let values) = FoundationOracle.verdict(for: written) else {
        Issue.record("Foundation cannot read what we wrote for \(file.path)")
        continue
      }
      #expect(values == foundationValues, "\(file.path)")
      #expect(LocalizationFileWriter.data(for: reread.table, as: kind) == written, "writing is deterministic")
      checked += 1
    }
    #expect(checked > 1000)
  }
}
