import Foundation
import Testing

/// `locmerge print --json`: a file as Apple's runtime reads it, one JSON object per line.
@Suite struct PrintCommandTests {
  @Test func printsValuesErrorsAndWarningsAsJSONLines() throws {
    let scratch = try Scratch()
    try scratch.write("/* c */\n\"a\" = \"x\\ny\";\nb = <0aff>;\n\"a\" = \"z\";\n", to: "ok.strings")
    try scratch.write("\"a\" = \"b\"\n\"c\" = \"d\";\n", to: "broken.strings")
    try scratch.write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>n</key><dict><key>one</key><string>1</string>
      <key>list</key><array><integer>2</integer><true/></array></dict></dict></plist>

      """, to: "rules.stringsdict")
    let outcome = try ToolRunner.run(
      ["print", "--json", "ok.strings", "broken.strings", "rules.stringsdict"], in: scratch.root)
    #expect(outcome.status == 1)
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        #"{"path": "ok.strings", "values": {"a": "z", "b": {"data": "Cv8="}}, "warnings": ["3:1: the value of \"b\" is a data value, not a string; lookups of this key return no usable text", "4:1: key \"a\" is defined twice in this file; the last definition wins"]}"#,
        #"{"path": "broken.strings", "error": "1:10: missing ';' after the entry for key \"a\""}"#,
        #"{"path": "rules.stringsdict", "values": {"n": {"one": "1", "list": [2, true]}}}"#,
      ])
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
    }
    let fine = try ToolRunner.run(["print", "ok.strings"], in: scratch.root)
    #expect(fine.status == 0)
  }
}
