import Foundation

/// Messages every target shows.
enum Errors {
  static let offline = NSLocalizedString("error.offline", comment: "Shown when the network is gone")
  // "promo.banner" in a comment, and in a plain string below, is not a lookup.
  static let legacyKey = "promo.banner"

  static func message(for code: String) -> String {
    NSLocalizedString(code, comment: "A server error, by its code")
  }
}
