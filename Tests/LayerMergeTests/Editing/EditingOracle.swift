import Foundation
import Testing

@testable import LayerMerge

/// What the editing tests check on every edit, against Foundation: the new file reads as the old
/// one with the edited values changed, nothing else moved, the encoding kept, and editing again
/// changes nothing.
enum EditingOracle {
  /// Text a translation may hold: escapes, quotes, line breaks, control characters, characters
  /// outside the BMP, comment and XML markup, a byte-order mark.
  static let pieces = [
    "a", "Hallo Welt", "\"", "\\", "\n", "\r", "\r\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "😀", "𝄞", "é", "e\u{301}",
    "*/", "/*", "//", "&", "<", ">", "]]>", "&amp;", "%@", "%1$lld", "\u{2028}", " ", "'", ";", "=", "\u{FEFF}", "--",
    "日本語", "\\U0041", "\u{0}",
  ]

  /// A random value, possibly empty. (CoreFoundation's XML reader takes control characters raw,
  /// NUL included, as its writer writes them.) Foundation's JSON reader on Linux drops a U+FEFF
  /// that starts a string or follows an escape, so catalogs' values go without.
  static func value(_ generator: inout SeededGenerator, byteOrderMark: Bool = true) -> String {
    let usable = byteOrderMark ? pieces : pieces.filter { $0 != "\u{FEFF}" }
    let count = Int(generator.next() % 6)
    return (0..<count).map { _ in usable[Int(generator.next() % UInt64(usable.count))] }.joined()
  }

  /// Where two JSON trees differ first, for messages.
  static func firstDifference(_ a: JSONOracle.Tree, _ b: JSONOracle.Tree, at path: String = "") -> String? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      let left = Dictionary(x, uniquingKeysWith: { $1 })
      let right = Dictionary(y, uniquingKeysWith: { $1 })
      for key in Set(left.keys).union(right.keys).sorted() {
        guard let l = left[key], let r = right[key] else {
          return "\(path)/\(key): only in \(left[key] == nil ? "second" : "first")"
        }
        if let found = firstDifference(l, r, at: path + "/" + key) { return found }
      }
      return nil
    default:
      return a == b ? nil : "\(path): \(a) vs \(b)"
    }
  }

  /// The first line where two texts differ, for messages.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
    let left = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let right = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (x, y)) in zip(left, right).enumerated() where x != y {
      return "line \(index + 1): \(x.debugDescription) vs \(y.debugDescription)"
    }
    return "lengths \(left.count) vs \(right.count) lines"
  }

  /// Foundation's reading of a property list, dictionary keys sorted (for comparison).
  static func propertyList(_ bytes: [UInt8]) -> LocalizationValue? {
    guard case .dictionary(let values) = FoundationOracle.verdict(for: bytes) else { return nil }
    return .dictionary(OrderedDictionary(values.map { ($0.key, $0.value) }))
  }

  /// `value` with the string at `path` set, creating dictionaries on the way.
  static func setting(_ value: LocalizationValue, _ path: ArraySlice<String>, to string: String) -> LocalizationValue {
    guard let key = path.first else { return .string(string) }
    var dictionary: OrderedDictionary
    if case .dictionary(let existing) = value { dictionary = existing } else { dictionary = OrderedDictionary() }
    dictionary[key] = setting(dictionary[key] ?? .dictionary(OrderedDictionary()), path.dropFirst(), to: string)
    return .dictionary(dictionary)
  }

  /// Checks the plan of an edit of a `.strings` or `.stringsdict` file and returns the new bytes:
  /// each replaced range is a whole value token (Foundation reads it as a value), the new text is
  /// the old one with only those ranges changed (decoded text compared), the encoding is kept, and
  /// the same edits again change nothing.
  static func checkedBytes(
    _ edits: [TableEdit], _ bytes: [UInt8], kind: LocalizationFileKind, path: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [UInt8] {
    let plan = try TableEditor.plan(edits, to: bytes, kind: kind, path: path, newFile: .init())
    let output = plan.bytes
    let xml = plan.text.starts(with: Array("<?xml".utf8)) || plan.text.first == UInt8(ascii: "<")
    for splice in plan.splices.splices where !splice.range.isEmpty {
      let token = Array(plan.text[splice.range])
      if kind == .xcstrings {
        let read = try? JSONSerialization.jsonObject(with: Data(token), options: [.fragmentsAllowed])
        #expect(
          read is String, "replaced \(String(decoding: token, as: UTF8.self)) is not a string",
          sourceLocation: sourceLocation)
      } else if xml {
        let document = Array("<plist version=\"1.0\">".utf8) + token + Array("</plist>".utf8)
        let read = try? PropertyListSerialization.propertyList(from: Data(document), format: nil)
        #expect(
          read is String, "replaced \(String(decoding: token, as: UTF8.self)) is not one <string>",
          sourceLocation: sourceLocation)
      } else if !token.contains(0xED) {
        // (A lone surrogate, kept in generalized UTF-8, is no UTF-8 Foundation would read.)
        let entry = Array("\"k\" = ".utf8) + token + Array(";".utf8)
        let read = try? PropertyListSerialization.propertyList(from: Data(entry), format: nil) as? [String: Any]
        #expect(
          read?.count == 1, "replaced \(String(decoding: token, as: UTF8.self)) is not one value",
          sourceLocation: sourceLocation)
      }
    }
    // The decoded text of the new file is the old text with the splices made, and nothing else.
    var expected = TextSplices()
    for splice in plan.splices.splices { expected.replace(splice.range, with: splice.text) }
    let expectedText = expected.applied(to: plan.text, text: plan.text, encoding: .identity)
    if kind == .xcstrings {
      #expect(output == expectedText, sourceLocation: sourceLocation)
    } else {
      let decodedNew = try DecodedText.decode(output)
      let decodedOld = try DecodedText.decode(bytes)
      #expect(decodedNew.encoding == decodedOld.encoding, sourceLocation: sourceLocation)
      #expect(Array(output.prefix(decodedOld.bomLength)) == Array(bytes.prefix(decodedOld.bomLength)))
      let newText = xml ? decodedNew.utf8 : try decodedNew.validated().utf8
      #expect(newText == expectedText, "decoded text differs outside the edits", sourceLocation: sourceLocation)
    }
    // Importing the same values again changes no byte.
    let again = try TableEditor.apply(edits, to: output, kind: kind, path: path)
    #expect(again == output, "a second edit changed the file", sourceLocation: sourceLocation)
    return output
  }
}
