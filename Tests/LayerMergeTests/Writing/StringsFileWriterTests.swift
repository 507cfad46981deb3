import Testing

@testable import LayerMerge

@Suite struct StringsFileWriterTests {
  @Test func writesXcodesLayoutWithSafeEscapes() {
    let table = LocalizationTable([
      LocalizationEntry(key: "greeting", string: "Hello, \"friend\"\n\\o/", comment: "Shown at launch"),
      LocalizationEntry(key: "controls", string: "tab\tesc\u{1B}del\u{7F}ff\u{0C}nul\u{0}"),
      LocalizationEntry(key: "unicode", string: "é 日本 😀 \u{2028}"),
    ])
    let text = String(decoding: StringsFileWriter.data(for: table), as: UTF8.self)
    #expect(
      text == """
        /* Shown at launch */
        "greeting" = "Hello, \\"friend\\"\\n\\\\o/";

        "controls" = "tab\\tesc\\U001Bdel\\U007Fff\\U000Cnul\\U0000";

        "unicode" = "é 日本 😀 \u{2028}";

        """)
  }

  @Test func anEmptyTableIsNotAnEmptyFile() {
    let bytes = StringsFileWriter.data(for: LocalizationTable())
    #expect(!bytes.isEmpty)
    #expect(LocalizationFileReader.parse(bytes, path: "e.strings", kind: .strings).diagnostics.isEmpty)
  }

  /// Text is scanned sixteen bytes at a time for what needs an escape, and the last few bytes
  /// through the text's last sixteen: wherever escapes stand, at any length, what is written is
  /// each byte escaped on its own.
  @Test func escapesAreFoundWhereverTheyStand() {
    let alphabet: [UInt8] = Array("abcdefgh".utf8) + [0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x1B, 0x7F, 0xC3, 0xA9]
    var generator = SeededGenerator(seed: 28)
    for _ in 0..<3_000 {
      let count = Int(generator.next() % 48)
      // Mostly plain letters, so that long clean runs and lone escapes both occur.
      let bytes = (0..<count).map { _ in
        generator.next() % 6 == 0 ? alphabet[Int(generator.next() % UInt64(alphabet.count))] : UInt8(ascii: "x")
      }
      var written: [UInt8] = []
      bytes.withUnsafeBufferPointer { StringsFileWriter.writeQuoted($0, to: &written) }
      var expected: [UInt8] = [0x22]
      for byte in bytes {
        switch byte {
        case 0x22, 0x5C: expected += [0x5C, byte]
        case 0x0A: expected += Array("\\n".utf8)
        case 0x0D: expected += Array("\\r".utf8)
        case 0x09: expected += Array("\\t".utf8)
        case 0x1B: expected += Array("\\U001B".utf8)
        case 0x7F: expected += Array("\\U007F".utf8)
        default: expected.append(byte)
        }
      }
      expected.append(0x22)
      #expect(written == expected, "\(bytes)")
    }
  }
}
