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
    /// How many keys they lack, and the positions of the first three in the development-language
    /// table (or catalog).
    var missing: (count: Int, shown: [Int])
    /// Whether the languages have the table at all (a language without it lacks every key).
    var tableExists: Bool
    /// Where the first language's translations go.
    var location: SourceLocation
  }

  /// What one language lacks of one layer's keys: by the positions it lacks when they are at most
  /// half the layer's, else by those it has — the smaller list, so that telling the languages
  /// apart takes time in proportion to what they have, never the layer's keys once per language.
  struct Lack: Hashable {
    enum Keys: Hashable {
      case missing([Int])
      case present([Int])
    }

    var keys: Keys
    /// How many keys are missing, and the first three.
    var count: Int
    var shown: [Int]

    /// The lack of a language that has `present` among a layer's keys (positions in order).
    init(layerKeys: [Int], present: Set<Int>) {
      count = layerKeys.count - present.count
      if count * 2 <= layerKeys.count {
        let missing = layerKeys.filter { !present.contains($0) }
        keys = .missing(missing)
        shown = Array(missing.prefix(3))
      } else {
        keys = .present(present.sorted())
        shown = Array(layerKeys.lazy.filter { !present.contains($0) }.prefix(3))
      }
    }

    /// The lack of a language that lacks `missing` (positions in order) of a layer's keys.
    init(layerKeys: [Int], missing: [Int]) {
      count = missing.count
      shown = Array(missing.prefix(3))
      if count * 2 <= layerKeys.count {
        keys = .missing(missing)
      } else {
        let absent = Set(missing)
        keys = .present(layerKeys.filter { !absent.contains($0) })
      }
    }
  }

  private struct Cause: Hashable {
    var layer: Int
    var lack: Lack
    var tableExists: Bool
  }

  private(set) var groups: [Group] = []
  private var groupOfCause: [Cause: Int] = [:]

  /// Adds what one language lacks of one layer's keys.
  mutating func add(
    language: String, layer: Int, lack: Lack, tableExists: Bool = true, location: @autoclosure () -> SourceLocation
  ) {
    let cause = Cause(layer: layer, lack: lack, tableExists: tableExists)
    if let index = groupOfCause[cause] {
      groups[index].languages.append(language)
    } else {
      groupOfCause[cause] = groups.count
      groups.append(
        Group(
          languages: [language], layer: layer, missing: (lack.count, lack.shown), tableExists: tableExists,
          location: location()))
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
