import Foundation
import LayerMerge

/// `JSONSerialization` as the oracle for `JSONReader`: both readings mapped to one tree, compared
/// as Foundation sees a document (the last of repeated keys wins; strings compare by their bytes).
/// Shared by `JSONReaderTests` and the `catalog` fuzz target (`Tests/Fuzz/FuzzCatalog.swift`).
enum JSONOracle {
  /// A JSON value in a form both readers map to, for comparison. Objects keep every member, in order.
  indirect enum Tree: Equatable {
    case object([(String, Tree)])
    case array([Tree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (lhs: Tree, rhs: Tree) -> Bool {
      switch (lhs, rhs) {
      case (.object(let a), .object(let b)):
        // Foundation keeps the last of repeated keys; compare as it sees them.
        let (left, right) = (lastWins(a), lastWins(b))
        return left.count == right.count && left.allSatisfy { key, value in right[key] == value }
      case (.array(let a), .array(let b)): return a == b
      // Foundation compares strings by canonical equivalence; the bytes must be equal.
      case (.string(let a), .string(let b)): return Array(a.utf8) == Array(b.utf8)
      // Foundation's number parser on Linux is not correctly rounded: one ulp off for
      // 99.9900000238987260, two for sixty 3s (both found by the catalog fuzz target), more with
      // longer digit runs. JSONReader rounds correctly (JSONReaderTests); a few ulps apart is the
      // same number here.
      case (.number(let a), .number(let b)): return a == b || abs(a - b) <= 16 * a.ulp || (a.isNaN && b.isNaN)
      case (.bool(let a), .bool(let b)): return a == b
      case (.null, .null): return true
      default: return false
      }
    }

    private static func lastWins(_ members: [(String, Tree)]) -> [[UInt8]: Tree] {
      var result: [[UInt8]: Tree] = [:]
      for (key, value) in members { result[Array(key.utf8)] = value }
      return result
    }
  }

  static func tree(_ node: JSONNode) -> Tree {
    switch node.value {
    case .object(let members): return .object(members.map { ($0.key, tree($0.value)) })
    case .array(let elements): return .array(elements.map(tree))
    case .string(let text): return .string(text)
    case .number(let text): return .number(Double(text) ?? .nan)
    case .bool(let flag): return .bool(flag)
    case .null: return .null
    }
  }

  static func tree(foundation object: Any) -> Tree {
    switch object {
    case let dictionary as [String: Any]:
      return .object(dictionary.map { ($0.key, tree(foundation: $0.value)) })
    case let array as [Any]:
      return .array(array.map { tree(foundation: $0) })
    case let string as String:
      return .string(string)
    case is NSNull:
      return .null
    case let flag as Bool where type(of: object) == Bool.self:
      return .bool(flag)
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
      return .number(number.doubleValue)
    default:
      return .string("unexpected \(type(of: object))")
    }
  }

  /// Foundation's reading of the bytes, `nil` when it rejects them.
  static func foundation(_ bytes: [UInt8]) -> Tree? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
      return nil
    }
    return tree(foundation: object)
  }

  /// Whether Foundation reads `bytes` in a way JSONReader documents it does not, so that only a
  /// rejection is asked of JSONReader: Foundation takes text with a zero byte among its first four,
  /// or a UTF-16 byte-order mark, for UTF-16 or UTF-32 (JSONReader reads UTF-8 only), and on Linux
  /// ends a top-level number at a zero byte, ignoring what follows (`2\0`). Found by the catalog
  /// fuzz target.
  static func isDocumentedDifference(_ bytes: [UInt8]) -> Bool {
    if bytes.prefix(4).contains(0) { return true }
    if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
      return true
    }
    guard let zero = bytes.firstIndex(of: 0), case .number = ours(Array(bytes[..<zero])) else { return false }
    return true
  }

  static func ours(_ bytes: [UInt8]) -> Tree? {
    (try? JSONReader.parse(bytes)).map(tree)
  }
}
