/// How a target shows one key in one language, from a translator's point of view.
///
/// The order is the order of urgency: several targets that show a key are one unit for the
/// translator, and the unit takes the most urgent need of any of them.
public enum TranslationNeed: Int, Hashable, Sendable, Comparable, CaseIterable {
  /// The translation comes from the layer that owns the development-language text, or from a
  /// layer above it: it translates the text the target shows.
  case translated
  /// The translation comes from a layer *below* the one that owns the development-language text:
  /// a brand changed the text, and the language still shows the translation of the old one.
  case translatesOtherText
  /// The language has no value for the key: the runtime shows the development language.
  case missing

  public static func < (lhs: TranslationNeed, rhs: TranslationNeed) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether a translator has work to do.
  public var needsTranslator: Bool { self != .translated }
}
