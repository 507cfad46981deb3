import Foundation
import LayerMerge

/// Converts Foundation property-list objects to ``LocalizationValue``, so that tests can compare
/// our readers with `PropertyListSerialization`.
enum FoundationBridge {
  /// Converts a property-list object from `PropertyListSerialization` to a value.
  ///
  /// Dictionary keys are sorted in UTF-16 order, because Foundation dictionaries have none.
  /// - Parameter object: A string, number, Boolean, date, data, array or dictionary.
  /// - Returns: The equivalent value.
  static func value(from object: Any) -> LocalizationValue {
    switch object {
    case let string as String:
      return .string(string)
    case let dictionary as [String: Any]:
      var ordered = OrderedDictionary()
      for key in dictionary.keys.sorted(by: { $0.utf16.lexicographicallyPrecedes($1.utf16) }) {
        ordered[key] = value(from: dictionary[key] as Any)
      }
      return .dictionary(ordered)
    case let array as [Any]:
      return .array(array.map(value(from:)))
    case let data as Data:
      return .data([UInt8](data))
    case let date as Date:
      return .date(ISO8601DateFormatter().string(from: date))
    case let bool as Bool where type(of: object) == Bool.self:
      return .boolean(bool)
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      if type == "c" { return .boolean(number.boolValue) }
      if type == "f" || type == "d" { return .real(number.doubleValue) }
      // Integers convert exactly; an unsigned one above Int64.max has no integer form here.
      if type == "Q", number.uint64Value > UInt64(Int64.max) { return .real(number.doubleValue) }
      return .integer(number.int64Value)
    case let integer as Int:
      return .integer(Int64(integer))
    case let double as Double:
      return .real(double)
    default:
      return .string(String(describing: object))
    }
  }
}
