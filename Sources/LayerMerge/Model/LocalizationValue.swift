/// The value of one localization entry, as Apple's property-list readers produce it.
///
/// `.strings` entries hold ``string(_:)``; `.stringsdict` entries hold a rule dictionary
/// (plural, device or width variations, with the format key and its variables), and String
/// Catalog entries are expressed the same way. Dictionaries keep the order in which their keys
/// appeared in the source, so that output stays close to what people wrote.
public enum LocalizationValue: Hashable, Sendable {
  /// A plain string.
  case string(String)
  /// A dictionary in source order; keys are unique.
  indirect case dictionary(OrderedDictionary)
  /// An array.
  indirect case array([LocalizationValue])
  /// Raw bytes (`<data>` in XML, `<hex>` in old-style plists).
  case data([UInt8])
  /// An integer (XML `<integer>`).
  case integer(Int64)
  /// A floating-point number (XML `<real>`).
  case real(Double)
  /// A Boolean (XML `<true/>` / `<false/>`).
  case boolean(Bool)
  /// A date (XML `<date>`), kept as the ISO 8601 text it was written with.
  case date(String)

  /// The string, if this value is a plain string.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

/// A dictionary that remembers insertion order; a later value for an existing key replaces the
/// earlier one in place, as property-list readers do ("last wins"). Equality ignores order.
public struct OrderedDictionary: Hashable, Sendable {
  /// The key-value pairs in order.
  public private(set) var pairs: [(key: String, value: LocalizationValue)]
  private var indexByKey: [String: Int]

  /// Creates an empty dictionary.
  public init() {
    pairs = []
    indexByKey = [:]
  }

  /// Creates a dictionary from pairs; a repeated key keeps its first position and its last value.
  /// - Parameter pairs: The pairs in source order.
  public init(_ pairs: [(String, LocalizationValue)]) {
    self.init()
    for (key, value) in pairs { self[key] = value }
  }

  /// The number of keys.
  public var count: Int { pairs.count }

  /// The keys in order.
  public var keys: [String] { pairs.map(\.key) }

  /// Reads or replaces the value for a key.
  public subscript(key: String) -> LocalizationValue? {
    get { indexByKey[key].map { pairs[$0].value } }
    set {
      if let index = indexByKey[key] {
        if let newValue {
          pairs[index].value = newValue
        } else {
          pairs.remove(at: index)
          indexByKey = Dictionary(uniqueKeysWithValues: pairs.enumerated().map { ($1.key, $0) })
        }
      } else if let newValue {
        indexByKey[key] = pairs.count
        pairs.append((key, newValue))
      }
    }
  }

  /// Two dictionaries are equal when they map the same keys to equal values, whatever their
  /// order: that is what Foundation sees, and writers may sort keys.
  public static func == (lhs: OrderedDictionary, rhs: OrderedDictionary) -> Bool {
    lhs.pairs.count == rhs.pairs.count
      && lhs.pairs.allSatisfy { rhs[$0.key] == $0.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(pairs.count)
    for key in keys.sorted() { hasher.combine(key) }
  }
}
