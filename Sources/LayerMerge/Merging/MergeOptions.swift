/// Settings of a merge that change what is checked, not what is merged.
public struct MergeOptions: Hashable, Sendable {
  /// The language other languages are compared with for missing translations. `nil` picks
  /// `en` if the base has it, else `Base`, else the base's first language in sorted order.
  public var developmentLanguage: String?

  /// Creates options.
  /// - Parameter developmentLanguage: The development language, or `nil` to pick one.
  public init(developmentLanguage: String? = nil) {
    self.developmentLanguage = developmentLanguage
  }
}
