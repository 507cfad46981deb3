import Foundation

/// Converts between Foundation property-list objects and ``LocalizationValue``.
///
/// Used for binary property lists (which carry no positions worth keeping) and by tests that
/// compare our reader with `PropertyListSerialization`.
public enum FoundationBridge {
  /// Converts a property-list object from `PropertyListSerialization` to a value.
  ///
  /// Dictionary keys are sorted in UTF-16 order, because Foundation dictionaries have none.
  /// - Parameter object: A string, number, Boolean, date, data, array or dictionary.
  /// - Returns: The equivalent value.
  public static func value(from object: Any) -> LocalizationValue {
    switch object {
    case let string as String:
      return .string(string)
    case let dictionary as [String: Any]:
      var ordered = OrderedDictionary()
      for key in dictionary.keys.sorted(by: utf16Precedes) {
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
      if String(cString: number.objCType) == "c" { return .boolean(number.boolValue) }
      if let exact = Int64(exactly: number.doubleValue), !"fd".contains(String(cString: number.objCType)) {
        return .integer(exact)
      }
      return .real(number.doubleValue)
    case let integer as Int:
      return .integer(Int64(integer))
    case let double as Double:
      return .real(double)
    default:
      return .string(String(describing: object))
    }
  }
}
