/// Finds keys one edit away from a given key among many, without comparing against each.
///
/// Every key is indexed under itself and each of its one-character deletions; two strings at
/// edit distance 1 always share one of those forms, so a lookup touches only a few candidates.
struct NearMissIndex {
  private var keysByForm: [String: [String]] = [:]

  /// Keys shorter than this are not indexed: `ok` and `on` are too alike to mean a typo.
  static let minimumLength = 4

  init<Keys: Sequence>(_ keys: Keys) where Keys.Element == String {
    for key in keys where key.unicodeScalars.count >= Self.minimumLength {
      for form in Self.forms(of: key) {
        keysByForm[form, default: []].append(key)
      }
    }
  }

  /// The indexed key nearest to `key` at distance exactly 1, if any (the first in sorted order).
  func nearMiss(for key: String) -> String? {
    guard key.unicodeScalars.count >= Self.minimumLength else { return nil }
    var candidates: Set<String> = []
    for form in Self.forms(of: key) {
      for candidate in keysByForm[form] ?? [] where candidate != key {
        candidates.insert(candidate)
      }
    }
    return candidates.sorted().first { EditDistance.between($0, key, limit: 1) == 1 }
  }

  private static func forms(of key: String) -> [String] {
    let scalars = Array(key.unicodeScalars)
    var forms = [key]
    forms.reserveCapacity(scalars.count + 1)
    for index in scalars.indices {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars[..<index])
      view.append(contentsOf: scalars[(index + 1)...])
      forms.append(String(view))
    }
    return forms
  }
}
