/// One target's lookups by what they ask for, to answer "does this target's code look this key
/// up?" for every key of its layers: a set probe for a literal, a hash look-up of a key's pieces
/// between specifiers for an interpolation (``KeySkeleton``).
struct LookupIndex: Sendable {
  /// Literal keys by table.
  private var literal: [String: Set<String>] = [:]
  /// Literal keys of lookups whose table is not a literal: any table may hold them.
  private var literalInAnyTable: Set<String> = []
  /// The pieces of interpolated keys, by table.
  private var interpolated: [String: Set<[String]>] = [:]
  /// Lookups whose key is not a literal, or whose table is not one.
  private(set) var dynamic = 0

  /// The lookups of a target's files that read the app's own bundle.
  init(files: [String], scanned: ScannedSources) {
    var seen: Set<String> = []
    for path in files where seen.insert(path).inserted {
      for lookup in scanned.files[path]?.lookups ?? [] where lookup.readsOwnTables {
        let table = lookup.table.name
        switch lookup.key {
        case .dynamic:
          dynamic += 1
        case .literal(let key):
          if let table { literal[table, default: []].insert(key) } else { literalInAnyTable.insert(key) }
        case .interpolated(let pieces):
          guard let table else {
            dynamic += 1
            continue
          }
          interpolated[table, default: []].insert(pieces)
        }
        if table == nil, case .literal = lookup.key { dynamic += 1 }
      }
    }
  }

  /// Whether some lookup asks for `key` of `table`.
  func uses(_ key: String, table: String) -> Bool {
    if literal[table]?.contains(key) == true || literalInAnyTable.contains(key) { return true }
    guard let pieces = KeySkeleton.pieces(of: key) else { return false }
    return interpolated[table]?.contains(pieces) == true
  }
}
