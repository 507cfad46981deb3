import Testing

@testable import LayerMerge

@Suite struct OutputRecordTests {
  @Test func badEntriesAreDroppedWithAWarningAtTheirPlace() {
    let text = """
      {
        "version": 1,
        "outputs": [
          "en.lproj/Localizable.strings",
          "",
          "../outside.strings",
          42,
          "Localizable.xcstrings"
        ]
      }
      """
    let (record, warnings) = OutputRecord.parse(Array(text.utf8), path: "DEST/.locmerge/outputs.json")
    #expect(record.entries == ["Localizable.xcstrings", "en.lproj/Localizable.strings"])
    #expect(
      warnings.map(\.description) == [
        "DEST/.locmerge/outputs.json:5:5: warning: ignored an entry of the output record: \"\" is not a table path "
          + "inside the destination",
        "DEST/.locmerge/outputs.json:6:5: warning: ignored an entry of the output record: \"../outside.strings\" is "
          + "not a table path inside the destination",
        "DEST/.locmerge/outputs.json:7:5: warning: ignored an entry of the output record: a number is not a table "
          + "path inside the destination",
      ])
  }

  @Test(arguments: [
    "{\"version\": 1, \"outputs\": [", "[]", "{\"version\": 2, \"outputs\": []}", "", "{\"outputs\": 3}",
  ])
  func aDamagedRecordCountsAsEmptyWithOneWarning(_ text: String) {
    let (record, warnings) = OutputRecord.parse(Array(text.utf8), path: "r.json")
    #expect(record.entries.isEmpty)
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.hasPrefix("the output record is damaged") == true)
    #expect(warnings.first?.code == .untrustedRecord)
  }

  @Test func aRecordReadsBackWhatItWrote() {
    let record = OutputRecord(["fr.lproj/A.strings", "de.lproj/B.stringsdict", "fr.lproj/A.strings"])
    #expect(record.entries == ["de.lproj/B.stringsdict", "fr.lproj/A.strings"])
    let (read, warnings) = OutputRecord.parse(record.bytes, path: "r.json")
    #expect(read == record)
    #expect(warnings.isEmpty)
  }
}
