/// A project-specific lookup function or property, declared in `locmerge.json`'s `"lookups"`.
///
/// `L10n.tr("Table", "key")` (SwiftGen) is `.call(name: "L10n.tr", key: .position(1), table:
/// .position(0))`; `"key".localized` is `.property(name: "localized")`. A helper's key is a `String`:
/// an interpolated literal passed to it is built at run time, so it is a dynamic lookup.
public struct LookupHelper: Hashable, Sendable {
  /// How the helper is called.
  public enum Form: Hashable, Sendable {
    /// A call `name(…)`. A qualified name (`L10n.tr`) matches a call spelled with that qualifier,
    /// possibly after more (`App.L10n.tr(`), not a bare `tr(`; an unqualified name (`localized`)
    /// matches `localized(…)` with or without a receiver (`x.localized(…)`). A declaration
    /// (`func tr(`) is not a call.
    case call(name: String, key: Argument, table: Argument?)
    /// A property or method on a string: `"key".localized`, `"key".localized()`,
    /// `"key".localized(comment: …)`. The key is the string literal before the dot; any other
    /// receiver (`title.localized`) is a dynamic lookup.
    case property(name: String)
  }

  /// Which argument of a call holds the key or the table.
  public enum Argument: Hashable, Sendable {
    /// The argument with this label (`key` for `key: "…"`).
    case label(String)
    /// The argument at this 0-based position, counting every argument, labeled or not.
    case position(Int)
  }

  /// How the helper is called.
  public var form: Form
  /// The table the helper reads when the call has no table argument (SwiftGen: the table each
  /// generated enum is for); `nil` for `Localizable`.
  public var defaultTable: String?

  /// Creates a helper.
  /// - Parameters:
  ///   - form: How the helper is called.
  ///   - defaultTable: The table read when there is no table argument; `nil` for `Localizable`.
  public init(form: Form, defaultTable: String? = nil) {
    self.form = form
    self.defaultTable = defaultTable
  }
}
