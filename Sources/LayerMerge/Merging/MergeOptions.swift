/// Settings of a merge that change what is checked, not what is merged.
public struct MergeOptions: Hashable, Sendable {
  /// The language other languages are compared with for missing translations. `nil` picks
  /// `en` if the base has it, else `Base`, else the base's first language in sorted order.
  public var developmentLanguage: String?
  /// The folder the merge writes to: symbolic links from a layer into it are skipped, so that
  /// outputs are never read back as inputs.
  public var destination: String?

  /// Creates options.
  /// - Parameters:
  ///   - developmentLanguage: The development language, or `nil` to pick one.
  ///   - destination: The folder the merge writes to, or `nil`.
  public init(developmentLanguage: String? = nil, destination: String? = nil) {
    self.developmentLanguage = developmentLanguage
    self.destination = destination
  }
}
