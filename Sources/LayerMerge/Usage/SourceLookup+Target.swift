extension SourceLookup {
  /// Whether the lookup reads the tables of the target whose code it is: the default bundle, the
  /// main bundle, or a package target's own `Bundle.module`. Any other bundle (`Bundle(for:)`, a
  /// framework's) is another target's tables, which this check does not follow.
  var readsOwnTables: Bool { Self.readsOwnTables(bundle: bundle) }

  /// Whether a lookup that reads `bundle` (``bundle``) reads its own target's tables.
  static func readsOwnTables(bundle: String?) -> Bool {
    guard let bundle else { return true }
    let spelled = bundle.filter { !$0.isWhitespace }
    return ["Bundle.main", ".main", "Bundle.module", ".module", "NSBundle.mainBundle", "[NSBundlemainBundle]"]
      .contains(spelled)
  }
}
