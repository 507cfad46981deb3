import Foundation
import Testing

@testable import LayerMerge

/// `.stringsdict` (and XML `.strings`) edits, byte for byte.
@Suite struct PropertyListTableEditorTests {
  private static let prolog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  /// A file as Xcode's template writes one: four-space indentation, the template's key order.
  private static let template =
    prolog + """
      <dict>
          <key>%d files</key>
          <dict>
              <key>NSStringLocalizedFormatKey</key>
              <string>%#@files@</string>
              <key>files</key>
              <dict>
                  <key>NSStringFormatSpecTypeKey</key>
                  <string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key>
                  <string>d</string>
                  <key>one</key>
                  <string>%d file</string>
                  <key>other</key>
                  <string>%d files</string>
              </dict>
          </dict>
      </dict>
      </plist>

      """

  private func edit(_ text: String, _ edits: [TableEdit], kind: LocalizationFileKind = .stringsdict) throws -> String {
    String(decoding: try TableEditor.apply(edits, to: Array(text.utf8), kind: kind, path: "t.\(kind)"), as: UTF8.self)
  }

  private func form(_ key: String, _ path: [String], _ value: String, variable: TableEdit.Variable? = nil) -> TableEdit
  {
    TableEdit(place: .stringsdict(key: key, path: path), value: value, variable: variable)
  }

  @Test func replacesAFormInPlace() throws {
    let output = try edit(Self.template, [form("%d files", ["files", "one"], "%d Datei & <mehr>")])
    #expect(
      output
        == Self.template.replacingOccurrences(
          of: "<string>%d file</string>", with: "<string>%d Datei &amp; &lt;mehr&gt;</string>"))
    #expect(try edit(Self.template, [form("%d files", ["files", "one"], "%d file")]) == Self.template)
  }

  /// The file's keys are in UTF-16 order too (CoreFoundation's, which wins a tie): `few` goes
  /// before `one`, `zero` after `other`.
  @Test func addsAMissingFormWhereItSorts() throws {
    let output = try edit(
      Self.template, [form("%d files", ["files", "few"], "%d plików"), form("%d files", ["files", "zero"], "none")])
    #expect(
      output
        == Self.template.replacingOccurrences(
          of: "<string>d</string>\n",
          with: "<string>d</string>\n            <key>few</key>\n            <string>%d plików</string>\n"
        )
        .replacingOccurrences(
          of: "<string>%d files</string>\n",
          with: "<string>%d files</string>\n            <key>zero</key>\n            <string>none</string>\n"))
  }

  @Test func addsANewEntryWithItsVariableAndComment() throws {
    let variable = TableEdit.Variable(formatSpecType: "NSStringPluralRuleType", formatValueType: "lld")
    var formatKey = form("%lld items", ["NSStringLocalizedFormatKey"], "%#@n@")
    formatKey.comment = "Items -- in the cart"
    let output = try edit(
      Self.template,
      [
        formatKey, form("%lld items", ["n", "other"], "%lld Artikel", variable: variable),
        form("%lld items", ["n", "one"], "%lld Artikel", variable: variable),
      ])
    #expect(
      output
        == Self.template.replacingOccurrences(
          of: "    </dict>\n</dict>\n",
          with: """
                </dict>
                <!-- Items - - in the cart -->
                <key>%lld items</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>%#@n@</string>
                    <key>n</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>lld</string>
                        <key>one</key>
                        <string>%lld Artikel</string>
                        <key>other</key>
                        <string>%lld Artikel</string>
                    </dict>
                </dict>
            </dict>

            """))
    let read = try PropertyListSerialization.propertyList(from: Data(output.utf8), format: nil) as? [String: Any]
    #expect(read?.count == 2)
  }

  @Test func aNewFileIsWhatCoreFoundationWrites() throws {
    let variable = TableEdit.Variable(formatSpecType: "NSStringPluralRuleType", formatValueType: "d")
    let edits = [
      form("b", ["NSStringLocalizedFormatKey"], "%#@v@"), form("b", ["v", "other"], "%d x", variable: variable),
      form("b", ["v", "one"], "%d y", variable: variable), TableEdit(place: .strings(key: "a"), value: "plain"),
    ]
    let output = try TableEditor.apply(edits, to: nil, kind: .stringsdict, path: "t.stringsdict")
    let object: [String: Any] = [
      "a": "plain",
      "b": [
        "NSStringLocalizedFormatKey": "%#@v@",
        "v": [
          "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d", "one": "%d y",
          "other": "%d x",
        ],
      ],
    ]
    // Keys sorted: the entries appended in edit order ("b" before "a") are put in order.
    let expected = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    #expect(String(decoding: output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  @Test func refusesWhatItCannotEditSurgically() throws {
    func failure(_ text: String, _ edits: [TableEdit], kind: LocalizationFileKind = .stringsdict) -> TableEditError? {
      do {
        _ = try edit(text, edits, kind: kind)
        return nil
      } catch {
        return error as? TableEditError
      }
    }
    // A form below a string.
    let belowString = failure(Self.template, [form("%d files", ["NSStringLocalizedFormatKey", "x"], "y")])
    #expect(belowString?.position == TextPosition(line: 8, column: 9))
    #expect(belowString?.code == .uneditableTable)
    // A string where a dictionary stands.
    #expect(failure(Self.template, [TableEdit(place: .strings(key: "%d files"), value: "x")])?.position?.line == 6)
    // A new variable without its format.
    let unknownVariable = failure(Self.template, [form("%d files", ["count", "one"], "x")])
    #expect(unknownVariable?.message.contains("NSStringFormatSpecTypeKey") == true)
    // A new entry with forms but no format key.
    let noFormat = failure(
      Self.template, [form("new", ["n", "one"], "x", variable: .init(formatSpecType: "NSStringPluralRuleType"))])
    #expect(noFormat?.message.contains("NSStringLocalizedFormatKey") == true)
    // Old-style syntax and binary property lists.
    #expect(failure("\"a\" = { b = c; };\n", [form("a", ["b"], "d")])?.message.contains("old-style") == true)
    let binary = try PropertyListSerialization.data(fromPropertyList: ["a": "b"], format: .binary, options: 0)
    do {
      _ = try TableEditor.apply([form("a", [], "c")], to: [UInt8](binary), kind: .stringsdict, path: "t.stringsdict")
      Issue.record("a binary property list was edited")
    } catch {
      #expect(error.message.contains("binary property list"))
    }
  }

  @Test func editsAStringsFileWrittenAsXML() throws {
    let text = Self.prolog + "<dict>\n\t<key>a</key>\n\t<string>1</string>\n</dict>\n</plist>\n"
    #expect(
      try edit(
        text, [TableEdit(place: .strings(key: "a"), value: "2"), TableEdit(place: .strings(key: "b"), value: "")],
        kind: .strings)
        == Self.prolog
        + "<dict>\n\t<key>a</key>\n\t<string>2</string>\n\t<key>b</key>\n\t<string></string>\n</dict>\n</plist>\n")
  }
}
