/// One lookup of a localized string found in source code: which key, in which table, where.
public struct SourceLookup: Hashable, Sendable {
  /// The key asked for.
  public var key: LookupKey
  /// The table it is asked for in.
  public var table: LookupTable
  /// The form that made it a lookup, as the docs list them: `NSLocalizedString`,
  /// `String(localized:)`, `Text`, `.navigationTitle`, `localizedStringForKey:`, or a declared
  /// helper's name (`L10n.tr`, `.localized`).
  public var form: String
  /// Where the key argument starts: a 1-based line, and a column in Unicode scalars, as positions
  /// elsewhere (``TextPosition``).
  public var position: TextPosition
  /// The source text of the bundle the lookup reads, shortened, when it is not the main bundle
  /// (no `bundle:` argument, `nil`, `.main`, `Bundle.main`, `[NSBundle mainBundle]`): `.module`,
  /// `Bundle(for: Self.self)`, a receiver such as `bundle` in `bundle.localizedString(forKey:…)`.
  /// Whether such a lookup is checked is the caller's policy.
  public var bundle: String?

  /// Creates a lookup.
  /// - Parameters:
  ///   - key: The key asked for.
  ///   - table: The table.
  ///   - form: The form that made it a lookup.
  ///   - position: Where the key argument starts.
  ///   - bundle: The bundle's source text when it is not the main bundle.
  public init(key: LookupKey, table: LookupTable, form: String, position: TextPosition, bundle: String? = nil) {
    self.key = key
    self.table = table
    self.form = form
    self.position = position
    self.bundle = bundle
  }
}
