/// What a target ships, as its code looks it up: each table name's merged tables by language —
/// `.strings`, `.stringsdict` and the compiled languages of a String Catalog alike, in any folder
/// of the bundle but inside another bundle (`Settings.bundle`), whose tables the app's lookups do
/// not read.
///
/// Looking a key up probes the merged tables' own indexes; nothing is copied per key.
struct ShippedTables {
  /// The language the code's keys must be in (the merge's development language).
  let developmentLanguage: String
  /// The languages the target ships (every language folder of its tables but `Base`), sorted: a
  /// user who prefers one of them gets that language, and a key it lacks falls back.
  let languages: [String]
  /// The merged tables, by table name and language.
  private let tables: [String: [String: [MergedTable]]]
  /// Each table's keys with format specifiers in the development language (and `Base`), by their
  /// pieces between specifiers; made when an interpolated lookup first asks.
  private let skeletons = SharedMemo<[[String]: [String]]>()

  /// The tables of a merge.
  /// - Parameters:
  ///   - merge: A target's merge.
  ///   - developmentLanguage: The language when the merge names none.
  init(_ merge: MergeResult, developmentLanguage fallback: String = "en") {
    var tables: [String: [String: [MergedTable]]] = [:]
    var languages: Set<String> = []
    for table in merge.tables where !Self.isInNestedBundle(table.address.directory) {
      tables[table.address.table, default: [:]][table.address.language, default: []].append(table)
      if table.address.language != "Base" && !table.address.language.isEmpty {
        languages.insert(table.address.language)
      }
    }
    self.tables = tables
    self.languages = languages.sorted()
    self.developmentLanguage = merge.developmentLanguage ?? fallback
  }

  /// Whether the target has a table of this name in any language.
  func has(table name: String) -> Bool { tables[name] != nil }

  /// Where `key` is defined in the table of this name and language: the merged table and position.
  func find(_ key: String, table name: String, language: String) -> (table: MergedTable, position: Int)? {
    guard let candidates = tables[name]?[language] else { return nil }
    let entry = LocalizationEntry(key: key, value: .string(""))
    for table in candidates {
      if let position = table.index(ofKeyOf: entry) { return (table, position) }
    }
    return nil
  }

  /// Where the development language (else `Base`, which the runtime reads last) defines `key`.
  func findInDevelopmentLanguage(_ key: String, table name: String) -> (table: MergedTable, position: Int)? {
    find(key, table: name, language: developmentLanguage) ?? find(key, table: name, language: "Base")
  }

  /// The development-language (or `Base`) key an interpolated lookup asks for, if the table has one.
  func match(_ pieces: [String], table name: String) -> String? {
    skeletons.value(name) { skeletonIndex(of: name) }[pieces]?.first
  }

  // MARK: - Private

  private func skeletonIndex(of name: String) -> [[String]: [String]] {
    var index: [[String]: [String]] = [:]
    for language in [developmentLanguage, "Base"] {
      for table in tables[name]?[language] ?? [] {
        for position in 0..<table.count {
          let key = table.entry(at: position).key
          guard let pieces = KeySkeleton.pieces(of: key) else { continue }
          index[pieces, default: []].append(key)
        }
      }
    }
    return index
  }

  /// Whether a table's folder lies inside a bundle of its own (`Settings.bundle/en.lproj`): any
  /// folder with an extension but a catalog's `mul.lproj`.
  private static func isInNestedBundle(_ directory: String) -> Bool {
    guard !directory.isEmpty else { return false }
    return directory.split(separator: "/").contains { component in
      let name = String(component)
      return !PathText.pathExtension(name).isEmpty && !name.hasSuffix(".lproj")
    }
  }
}
