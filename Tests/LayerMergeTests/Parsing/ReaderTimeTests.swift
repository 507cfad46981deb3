import LayerMerge
import TestSupport
import Testing

/// The readers take time in proportion to the file, whatever it holds (issue 23, case 5); each
/// budget is set by the same work on an input 8 times smaller (``LinearTime``).
@Suite struct ReaderTimeTests {
  /// A stringsdict rule with many keys, and an array with many elements: each element was
  /// appended to a copy of its container.
  @Test(arguments: ["dict", "array"]) func aLongXMLContainer(_ container: String) {
    func plist(_ count: Int) -> [UInt8] {
      let body =
        container == "dict"
        ? (0..<count).map { "<key>k\($0)</key><string>v</string>" }.joined()
        : (0..<count).map { _ in "<string>v</string>" }.joined()
      return Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>rule</key><\(container)>\(body)</\(container)></dict></plist>
        """.utf8)
    }
    let ratio = LinearTime.ratio(n: 2000, prepare: plist) { bytes in
      let parsed = LocalizationFileReader.parse(bytes, path: "L.stringsdict", kind: .stringsdict)
      #expect(parsed.table.count == 1)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the elements")
  }
}
