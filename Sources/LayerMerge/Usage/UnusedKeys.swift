/// The keys of layers that no target using the layer looks up: `unused-key`, and `unused-override`
/// for an overlay's key that overrides a lower layer's. Both are guesses — dynamic keys and helpers
/// not declared in `"lookups"` are not followed — so each finding says how many dynamic lookups
/// the targets' code has.
///
/// Tables the system reads rather than the code (`InfoPlist`, `AppShortcuts`) are not looked at,
/// nor keys of Interface Builder's tables (`0cO-dq-wRh.title`: an object ID and a property), which
/// a storyboard or XIB reads by object, not the code by key.
public struct UnusedKeys: Sendable {
  /// A place keys come from: a layer, or (without a project file) one table an Xcode target copies.
  public struct Holder: Sendable {
    /// Its folder (a layer) or its first file (a copied table), for reports.
    public var path: String
    /// Its name in messages (`layer 'Acme'`, `Localizable.strings`).
    public var name: String
    /// Its tables and catalogs.
    public var loaded: LoadedLayer
    /// Each target that uses it, with the holders below it in that target's stack (indexes).
    public var users: [(target: String, lower: [Int])]

    /// Creates a holder.
    public init(path: String, name: String, loaded: LoadedLayer, users: [(target: String, lower: [Int])]) {
      self.path = path
      self.name = name
      self.loaded = loaded
      self.users = users
    }
  }

  /// A key no user looks up.
  public struct Key: Hashable, Sendable {
    /// The key.
    public var key: String
    /// Its table.
    public var table: String
    /// Where it is defined (in the development language's file when the holder has one).
    public var location: SourceLocation
    /// Whether it overrides a lower layer's key (`unused-override`) rather than adds one.
    public var isOverride: Bool
  }

  /// One holder's unused keys.
  public struct Report: Sendable {
    /// The holder's path.
    public var path: String
    /// Its unused keys and overrides, in table and file order.
    public var unused: [Key]
    /// How many dynamic lookups its users' code has.
    public var dynamicLookups: Int
  }

  /// The tables the system reads by itself: their keys are never the code's.
  public static let systemTables: Set<String> = ["InfoPlist", "AppShortcuts", "ShortcutItems"]

  /// Each holder's report, in the order given.
  public var reports: [Report]
  /// `unused-key` and `unused-override` as warnings (rules applied).
  public var diagnostics: [Diagnostic]

  /// Finds the unused keys of every holder.
  /// - Parameters:
  ///   - holders: The layers (or copied tables), each with its users.
  ///   - targets: Each target's source files.
  ///   - scanned: The lookups of the files.
  ///   - developmentLanguage: Whose file a key is reported in when several languages define it.
  ///   - rules: The levels of the two codes.
  public init(
    holders: [Holder], targets: [String: [String]], scanned: ScannedSources, developmentLanguage: String,
    rules: CheckRules = CheckRules()
  ) {
    var indexes: [String: LookupIndex] = [:]
    for (target, files) in targets { indexes[target] = LookupIndex(files: files, scanned: scanned) }
    var keysByHolder: [Int: [String: Set<String>]] = [:]
    func keys(of holder: Int) -> [String: Set<String>] {
      if let known = keysByHolder[holder] { return known }
      var keys: [String: Set<String>] = [:]
      for definition in Self.definitions(in: holders[holder].loaded, developmentLanguage: developmentLanguage) {
        keys[definition.table, default: []].insert(definition.key)
      }
      keysByHolder[holder] = keys
      return keys
    }
    var reports: [Report] = []
    var diagnostics: [Diagnostic] = []
    for holder in holders {
      let users = holder.users.filter { indexes[$0.target] != nil }
      guard !users.isEmpty else { continue }
      let dynamic = users.reduce(0) { $0 + (indexes[$1.target]?.dynamic ?? 0) }
      let names = users.map(\.target).sorted().joined(separator: ", ")
      var unused: [Key] = []
      for definition in Self.definitions(in: holder.loaded, developmentLanguage: developmentLanguage) {
        let key = definition.key
        let table = definition.table
        guard !users.contains(where: { indexes[$0.target]?.uses(key, table: table) == true }) else { continue }
        let isOverride = users.contains { user in
          user.lower.contains { keys(of: $0)[table]?.contains(key) == true }
        }
        unused.append(Key(key: key, table: table, location: definition.location, isOverride: isOverride))
        let dynamicNote = "(\(dynamic) dynamic lookup\(dynamic == 1 ? "" : "s") in their code, not followed)"
        diagnostics.append(
          isOverride
            ? Diagnostic(
              .warning, .unusedOverride,
              "\(holder.name) overrides \(DisplayText.quoted(key)) of \(table), which none of \(names) looks up "
                + dynamicNote, at: definition.location)
            : Diagnostic(
              .warning, .unusedKey,
              "\(DisplayText.quoted(key)) of \(table) in \(holder.name) is looked up by none of \(names) "
                + dynamicNote, at: definition.location))
      }
      reports.append(Report(path: holder.path, unused: unused, dynamicLookups: dynamic))
    }
    self.reports = reports
    self.diagnostics = rules.apply(to: diagnostics)
  }

  /// The layers of targets' stacks as holders: each layer once, in the order the stacks first use
  /// it, with each target that uses it and the layers below it there.
  /// - Parameters:
  ///   - stacks: Each target's name and stack, lowest layer first.
  ///   - shared: The loaded layers (a layer it lacks holds nothing).
  public static func holders(stacks: [(target: String, layers: [Layer])], shared: SharedLayers) -> [Holder] {
    var holderIndex: [String: Int] = [:]
    var holders: [Holder] = []
    for stack in stacks {
      var lower: [Int] = []
      for layer in stack.layers {
        let index: Int
        if let known = holderIndex[layer.path] {
          index = known
        } else {
          index = holders.count
          holderIndex[layer.path] = index
          holders.append(
            Holder(
              path: layer.path, name: "layer '\(layer.name)'",
              loaded: shared.loadedByPath[layer.path] ?? LoadedLayer(layer: layer, files: [:]), users: []))
        }
        holders[index].users.append((stack.target, lower))
        lower.append(index)
      }
    }
    return holders
  }

  /// Whether a key is an Interface Builder object's property (`0cO-dq-wRh.headerCell.title`):
  /// three, two and three letters or digits joined by `-`, then `.` and the property.
  static func isInterfaceBuilderKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8.prefix(11))
    guard bytes.count == 11, bytes[3] == UInt8(ascii: "-"), bytes[6] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: ".")
    else { return false }
    return [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy { index in
      let byte = bytes[index]
      return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    } && key.utf8.count > 11
  }

  // MARK: - Private

  private struct Definition {
    var table: String
    var key: String
    var location: SourceLocation
  }

  /// Every (table, key) a holder defines, each once, where the development language defines it
  /// (else where the first file in address order does), in file and line order; system tables
  /// and Interface Builder's keys left out.
  private static func definitions(in loaded: LoadedLayer, developmentLanguage: String) -> [Definition] {
    var order: [(table: String, key: String)] = []
    var locations: [String: [String: (location: SourceLocation, isDevelopment: Bool)]] = [:]
    func add(table: String, key: String, location: SourceLocation, language: String) {
      guard !isInterfaceBuilderKey(key) else { return }
      let isDevelopment = language == developmentLanguage
      if let known = locations[table]?[key] {
        if isDevelopment && !known.isDevelopment { locations[table]?[key] = (location, true) }
        return
      }
      locations[table, default: [:]][key] = (location, isDevelopment)
      order.append((table, key))
    }
    for address in loaded.files.keys.sorted() where !systemTables.contains(address.table) {
      guard let file = loaded.files[address] else { continue }
      for entry in file.table.entries {
        add(
          table: address.table, key: entry.key, location: SourceLocation(path: file.path, position: entry.position),
          language: address.language)
      }
    }
    for address in loaded.catalogs.keys.sorted() where !systemTables.contains(address.table) {
      guard let parsed = loaded.catalogs[address], let catalog = parsed.catalog else { continue }
      for entry in catalog.entries {
        add(
          table: address.table, key: entry.key, location: SourceLocation(path: parsed.path, position: entry.position),
          language: catalog.sourceLanguage)
      }
    }
    // In file and line order, as a person reads the files (a key first seen in another language
    // is placed where the development language defines it).
    return order.compactMap { item in
      locations[item.table]?[item.key].map { Definition(table: item.table, key: item.key, location: $0.location) }
    }.sorted { a, b in
      if a.location.path != b.location.path { return a.location.path < b.location.path }
      return (a.location.position ?? TextPosition(line: 0, column: 0))
        < (b.location.position ?? TextPosition(line: 0, column: 0))
    }
  }
}
