/// Which strings table a lookup reads.
public enum LookupTable: Hashable, Sendable {
  /// `Localizable`: no table argument, `nil`, an empty name, or `"Localizable"` spelled out.
  case standard
  /// A table named by a literal, such as `"Settings"` for `Settings.strings` or
  /// `Settings.xcstrings`.
  case named(String)
  /// A table named by an expression (a variable, a call): never guessed; `expression` is the source
  /// text, shortened, for listing.
  case dynamic(expression: String)

  /// The table a literal name means: `.standard` for `""` and `"Localizable"`.
  /// - Parameter name: The table's name as written.
  public init(name: String) {
    self = name.isEmpty || name == "Localizable" ? .standard : .named(name)
  }

  /// The table's name when it is known: `Localizable` for ``standard``.
  public var name: String? {
    switch self {
    case .standard: return "Localizable"
    case .named(let name): return name
    case .dynamic: return nil
    }
  }
}
