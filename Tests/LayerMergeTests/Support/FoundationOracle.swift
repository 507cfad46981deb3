import Foundation
import LayerMerge

/// Apple's own parser, as `PropertyListSerialization` runs it: the reference for every reader test.
enum FoundationOracle {
  /// What Foundation makes of a file.
  enum Verdict: CustomStringConvertible {
    /// A dictionary, converted to values.
    case dictionary([String: LocalizationValue])
    /// A property list that is not a dictionary (the runtime ignores it).
    case notADictionary
    /// Foundation rejects the bytes.
    case rejected(String)

    var description: String {
      switch self {
      case .dictionary(let values): return "dictionary(\(values.count) keys)"
      case .notADictionary: return "not a dictionary"
      case .rejected(let message): return "rejected: \(message)"
      }
    }
  }

  /// Parses bytes with `PropertyListSerialization`.
  static func verdict(for bytes: [UInt8]) -> Verdict {
    do {
      let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
      guard let dictionary = object as? [String: Any] else { return .notADictionary }
      return .dictionary(dictionary.mapValues { FoundationBridge.value(from: $0) })
    } catch {
      let info = (error as NSError).userInfo
      let nested = info["kCFPropertyListOldStyleParsingError"].map { "\($0)" }
      return .rejected(nested ?? "\(error)")
    }
  }
}
