import Foundation

/// Brand A's merged localization: its bundle holds the tables the plugin merged for it.
public enum BrandA {
  /// The bundle with Brand A's `<lang>.lproj` tables.
  public static var bundle: Bundle { .module }

  /// The home screen's title in the user's language.
  public static var homeTitle: String {
    NSLocalizedString("home.title", bundle: .module, comment: "Title of the home screen")
  }
}
