import Foundation
import LayerMerge
import Testing

/// Nesting at Foundation's limit: accepted and rejected exactly where `PropertyListSerialization`
/// accepts and rejects, in every syntax.
@Suite struct NestingLimitTests {
  /// XML with `depth` nested containers under the top-level one (or the plist element, when
  /// `topLevel` is false), `leaf` at the bottom.
  static func xml(depth: Int, container: String, leaf: String, topLevel: Bool = true, plistElement: Bool = true)
    -> [UInt8]
  {
    var text = plistElement ? "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">" : ""
    if topLevel { text += "<dict><key>k</key>" }
    let open = container == "dict" ? "<dict><key>a</key>" : "<array>"
    let close = container == "dict" ? "</dict>" : "</array>"
    text += String(repeating: open, count: depth) + leaf + String(repeating: close, count: depth)
    if topLevel { text += "</dict>" }
    if plistElement { text += "</plist>\n" }
    return Array(text.utf8)
  }

  static let shapes: [(name: String, bytes: @Sendable (Int) -> [UInt8])] = [
    ("arrays, string leaf", { xml(depth: $0, container: "array", leaf: "<string>x</string>") }),
    ("dicts, string leaf", { xml(depth: $0, container: "dict", leaf: "<string>x</string>") }),
    ("arrays, empty array leaf", { xml(depth: $0, container: "array", leaf: "<array/>") }),
    ("arrays, open empty array leaf", { xml(depth: $0, container: "array", leaf: "<array></array>") }),
    ("arrays, no top dictionary", { xml(depth: $0, container: "array", leaf: "<true/>", topLevel: false) }),
    (
      "arrays, no plist element",
      { xml(depth: $0, container: "array", leaf: "<string>x</string>", topLevel: false, plistElement: false) }
    ),
  ]

  @Test(arguments: 0..<6)
  func xmlNestingIsLimitedWhereFoundationLimitsIt(shape: Int) {
    let (name, make) = Self.shapes[shape]
    for depth in 508...515 {
      let bytes = make(depth)
      let parsed = LocalizationFileReader.parse(bytes, path: "deep.stringsdict", kind: .stringsdict)
      let foundationRejects =
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) == nil
      let weReject = parsed.diagnostics.contains { $0.code == .syntax }
      #expect(weReject == foundationRejects, "\(name), depth \(depth): \(parsed.diagnostics)")
    }
  }

  @Test func tooDeepXMLSaysWhyAndWhere() {
    let parsed = LocalizationFileReader.parse(
      Self.xml(depth: 20_000, container: "array", leaf: "<string>x</string>"), path: "deep.stringsdict",
      kind: .stringsdict)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "deep.stringsdict:2:3617: error: malformed XML property list: arrays and dictionaries are nested more "
          + "than 512 levels deep"
      ])
  }
}
