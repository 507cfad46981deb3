/// Missing translations grouped by cause: the languages that lack the same keys of the same
/// layer are one finding, at the first language's file, never one per language (a table no
/// translator touched gives one warning, not one for each of sixty languages).
struct MissingTranslationGroups {
  /// Languages that lack the same keys.
  struct Group {
    /// The languages, in the order they were added.
    var languages: [String]
    /// The layer that introduced the keys.
    var layer: Int
    /// The missing keys' positions in the development-language table (or catalog).
    var missing: [Int]
    /// Whether the languages have the table at all (a language without it lacks every key).
    var tableExists: Bool
    /// Where the first language's translations go.
    var location: SourceLocation
  }

  private struct Cause: Hashable {
    var layer: Int
    var missing: [Int]
    var tableExists: Bool
  }

  private(set) var groups: [Group] = []
  private var groupOfCause: [Cause: Int] = [:]

  /// Adds what one language lacks of one layer's keys.
  mutating func add(
    language: String, layer: Int, missing: [Int], tableExists: Bool = true, location: @autoclosure () -> SourceLocation
  ) {
    let cause = Cause(layer: layer, missing: missing, tableExists: tableExists)
    if let index = groupOfCause[cause] {
      groups[index].languages.append(language)
    } else {
      groupOfCause[cause] = groups.count
      groups.append(
        Group(
          languages: [language], layer: layer, missing: missing, tableExists: tableExists, location: location()))
    }
  }

  /// "the key", "all 8 keys", "3 of the 8 keys".
  static func keys(missing: Int, of total: Int) -> String {
    total == 1 ? "the key" : missing == total ? "all \(total) keys" : "\(missing) of the \(total) keys"
  }

  /// The first three keys quoted, then `…`.
  static func shown(_ keys: [String], of count: Int) -> String {
    keys.prefix(3).map(quoted).joined(separator: ", ") + (count > 3 ? ", …" : "")
  }

  /// "that layer 'Base' has", "that layer 'Brand' adds": the same words whatever the stack, so
  /// that every target sharing the layer reports the same fact in the same words.
  static func origin(layer: Int, name: String) -> String {
    "that layer '\(name)' \(layer == 0 ? "has" : "adds")"
  }
}

extension String {
  /// The text with its first letter upper-cased (`"all 3 keys"` → `"All 3 keys"`).
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
