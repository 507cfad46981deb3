import LayerMerge
import Testing

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
}
