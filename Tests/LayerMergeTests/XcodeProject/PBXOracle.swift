import Foundation

@testable import LayerMerge

/// The reference readings the Xcode-project tests compare with: Foundation's
/// `PropertyListSerialization`, which parses old-style property lists (project files included)
/// on Linux as on macOS.
enum PBXOracle {
  /// Foundation's reading of a file, as a value; `nil` when Foundation refuses it.
  static func foundationValue(_ bytes: [UInt8]) -> LocalizationValue? {
    guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) else {
      return nil
    }
    return FoundationBridge.value(from: object)
  }

  /// Foundation's reading of a file, as Foundation objects.
  static func foundationObject(_ bytes: [UInt8]) -> [String: Any]? {
    (try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)) as? [String: Any]
  }

  /// Our document's tree as a value, dictionaries keeping the last of a repeated key and sorted
  /// as ``FoundationBridge`` sorts them.
  static func value(_ document: PBXDocument, _ node: Int32? = nil) -> LocalizationValue {
    let node = node ?? document.root
    switch document.kind(node) {
    case .bareString, .quotedString, .escapedString:
      return .string(document.string(node) ?? "")
    case .data:
      let range = document.range(node)
      let hex = document.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)].filter {
        OldStyleSyntax.hexDigitValue($0) != nil
      }
      var bytes: [UInt8] = []
      var k = hex.startIndex
      while k + 1 < hex.endIndex {
        bytes.append((OldStyleSyntax.hexDigitValue(hex[k]) ?? 0) << 4 | (OldStyleSyntax.hexDigitValue(hex[k + 1]) ?? 0))
        k += 2
      }
      return .data(bytes)
    case .array:
      return .array(document.children(node).map { value(document, $0) })
    case .dictionary:
      var byKey: [String: LocalizationValue] = [:]
      let children = Array(document.children(node))
      var k = 0
      while k + 1 < children.count {
        byKey[document.string(children[k]) ?? ""] = value(document, children[k + 1])
        k += 2
      }
      var ordered = OrderedDictionary()
      for key in byKey.keys.sorted(by: { $0.utf16.lexicographicallyPrecedes($1.utf16) }) {
        ordered[key] = byKey[key]
      }
      return .dictionary(ordered)
    }
  }
}
