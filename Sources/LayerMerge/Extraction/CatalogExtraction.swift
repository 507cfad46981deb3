/// Splits one String Catalog of every copy into the base's, the brands', the shared layers' and
/// the targets' catalogs, with the rules of ``TableExtraction`` applied per key: each entry field,
/// and each language's localization (whole, as the merge overrides it), goes to the base or a
/// brand when every target of that layer has it, with the value ``Majority`` chooses. What a
/// target still needs for a key after them, targets that need exactly the same (with one source
/// language) get from one shared layer of theirs; each overlay keeps the rest.
///
/// The base and brands hold a catalog only when every target has it, with one source language,
/// and no target holds the same table as `.strings`/`.stringsdict` instead (the merge would fold
/// those into the catalog); otherwise every target's entries go to shared layers or its overlay.
struct CatalogExtraction {
  var base: StringCatalog?
  var brands: [StringCatalog?]
  var targets: [StringCatalog?]
  /// The catalogs of layers shared by sets of targets, by the sets' ascending target indexes.
  var shared: [[Int]: StringCatalog] = [:]
  /// Per target: keys inherited, overridden, added, and its own.
  var counts: [TargetCounts]
  var missingTable: ExtractionReport.MissingTable?
  var missingKeys: [ExtractionReport.MissingKey] = []

  init(address: TableAddress, catalogs: [StringCatalog?], shareable: Bool, scopes: TableExtraction.Scopes) {
    let count = catalogs.count
    let holders = catalogs.indices.filter { catalogs[$0] != nil }
    brands = Array(repeating: nil, count: scopes.brandMembers.count)
    targets = Array(repeating: nil, count: count)
    counts = Array(repeating: TargetCounts(), count: count)
    if holders.count < count && holders.count * 2 > count {
      missingTable = .init(
        address: address, missingIn: catalogs.indices.filter { catalogs[$0] == nil }.map { scopes.targetNames[$0] },
        presentIn: holders.count)
    }
    let sources = Set(holders.compactMap { catalogs[$0]?.sourceLanguage })
    let all = Array(0..<count)
    let inBase = shareable && holders.count == count && sources.count == 1
    var base = inBase ? Self.sharedTop(catalogs, members: all) : nil
    var brandCatalogs = scopes.brandMembers.map { inBase ? Self.sharedTop(catalogs, members: $0) : nil }
    var overlays = [StringCatalog?](repeating: nil, count: count)
    for holder in holders {
      let copy = catalogs[holder].unsafelyUnwrapped
      // The merge takes the highest version and each layer's top-level fields: an overlay repeats
      // the copy's own.
      overlays[holder] = StringCatalog(
        sourceLanguage: copy.sourceLanguage, version: copy.version, otherFields: copy.otherFields)
    }

    var keys: [String] = []
    var seen: Set<ByteKey> = []
    for holder in holders {
      for entry in catalogs[holder]?.entries ?? [] where seen.insert(ByteKey(entry.key)).inserted {
        keys.append(entry.key)
      }
    }
    var written = [Bool](repeating: false, count: count)
    var sharedEntries: [[Int]: [CatalogEntry]] = [:]
    for key in keys {
      let entries = catalogs.map { $0?[key] }
      let present = all.filter { entries[$0] != nil }
      var inherited = [CatalogEntry?](repeating: nil, count: count)
      if inBase {
        if present.count == count {
          let shared = Self.sharedEntry(key, entries: entries, members: all, preferred: scopes.preferred)
          base?.upsert(shared)
          for target in all { inherited[target] = shared }
        } else if present.count * 2 > count {
          let lacking = all.filter { entries[$0] == nil }
          missingKeys.append(
            .init(
              address: address, key: key, missingIn: lacking.map { scopes.targetNames[$0] }, presentIn: present.count))
        }
        for (brand, members) in scopes.brandMembers.enumerated() where members.allSatisfy({ entries[$0] != nil }) {
          let preferred = scopes.preferred.flatMap { members.contains($0) ? $0 : nil }
          let shared = Self.sharedEntry(key, entries: entries, members: members, preferred: preferred)
          let below = inherited[members[0]]
          guard let layer = CatalogEntryLayers.difference(shared, over: below) else { continue }
          brandCatalogs[brand]?.upsert(layer)
          for member in members { inherited[member] = CatalogEntryLayers.merged(layer, over: below) }
        }
      }
      for class_ in Majority.classes(present, same: { entries[$0] == entries[$1] }) where class_.count == 1 {
        counts[class_[0]].own += 1
      }
      // What each target still needs; targets that need the same get it from one shared layer.
      var needed: [(target: Int, layer: CatalogEntry)] = []
      for target in present {
        guard let layer = CatalogEntryLayers.difference(entries[target].unsafelyUnwrapped, over: inherited[target])
        else {
          counts[target].inherited += 1
          continue
        }
        needed.append((target, layer))
      }
      let groups = Majority.classes(Array(needed.indices)) {
        needed[$0].layer == needed[$1].layer
          && catalogs[needed[$0].target]?.sourceLanguage == catalogs[needed[$1].target]?.sourceLanguage
      }
      for group in groups {
        if group.count > 1 {
          let members = group.map { needed[$0].target }
          sharedEntries[members, default: []].append(needed[group[0]].layer)
          for member in members { counts[member].inherited += 1 }
          continue
        }
        let (target, layer) = needed[group[0]]
        if inherited[target] == nil { counts[target].added += 1 } else { counts[target].overridden += 1 }
        overlays[target]?.upsert(layer)
        written[target] = true
      }
    }
    self.base = base
    for (brand, catalog) in brandCatalogs.enumerated() where catalog?.entries.isEmpty == false {
      brands[brand] = catalog
    }
    for (members, entries) in sharedEntries {
      var catalog = Self.sharedTop(catalogs, members: members)
      for entry in entries { catalog.upsert(entry) }
      shared[members] = catalog
    }
    var sharedBelow = [[StringCatalog]](repeating: [], count: count)
    for (members, catalog) in shared {
      for member in members { sharedBelow[member].append(catalog) }
    }
    for target in holders {
      let copy = catalogs[target].unsafelyUnwrapped
      // An overlay is written when it holds entries, when no layer below has the catalog, or when
      // the copy's version or top-level fields are not what the layers below give.
      var below: [StringCatalog] = []
      if let base { below.append(base) }
      if let brand = scopes.brandOfTarget[target], let catalog = brands[brand] { below.append(catalog) }
      below += sharedBelow[target]
      if written[target] || below.isEmpty || Self.topDiffers(copy, from: below) { targets[target] = overlays[target] }
    }
  }

  /// Whether the copy's version or top-level fields differ from what a merge of `layers` gives.
  private static func topDiffers(_ copy: StringCatalog, from layers: [StringCatalog]) -> Bool {
    var version: String?
    for layer in layers {
      guard let given = layer.version else { continue }
      if version.map({ CatalogMerger.versionPrecedes($0, given) }) ?? true { version = given }
    }
    return copy.version != version
      || CatalogEntryLayers.fields(copy.otherFields) != CatalogEntryLayers.fields(layers.flatMap(\.otherFields))
  }

  // MARK: - Private

  /// A shared layer's catalog without entries: its members' source language, the lowest version of its
  /// members (the merge keeps the highest), the top-level fields every member has alike.
  private static func sharedTop(_ catalogs: [StringCatalog?], members: [Int]) -> StringCatalog {
    let sourceLanguage = catalogs[members[0]]?.sourceLanguage ?? ""
    var version: String?
    for member in members {
      guard let given = catalogs[member]?.version else { continue }
      if version.map({ CatalogMerger.versionPrecedes(given, $0) }) ?? true { version = given }
    }
    let tops = members.map { CatalogEntryLayers.fields(catalogs[$0]?.otherFields ?? []) }
    let fields = (catalogs[members[0]]?.otherFields ?? []).filter { field in
      tops.allSatisfy { $0[field.key] == JSONNodeContent(field.value) }
    }
    return StringCatalog(sourceLanguage: sourceLanguage, version: version, otherFields: fields)
  }

  /// The entry a shared layer holds for `key` among `members`, who all have it: each field and
  /// each language's localization that every member has, with the value ``Majority`` chooses.
  private static func sharedEntry(_ key: String, entries: [CatalogEntry?], members: [Int], preferred: Int?)
    -> CatalogEntry
  {
    let copies = members.map { entries[$0].unsafelyUnwrapped }
    var shared = CatalogEntry(key: key)
    shared.position = copies[0].position
    func choose<Value: Equatable>(_ field: KeyPath<CatalogEntry, Value?>) -> Value? {
      guard copies.allSatisfy({ $0[keyPath: field] != nil }) else { return nil }
      let classes = Majority.classes(members) { entries[$0]?[keyPath: field] == entries[$1]?[keyPath: field] }
      return Majority.chosen(classes, preferring: preferred).flatMap { entries[$0[0]]?[keyPath: field] }
    }
    shared.comment = choose(\.comment)
    shared.isCommentAutoGenerated = choose(\.isCommentAutoGenerated)
    shared.extractionState = choose(\.extractionState)
    shared.shouldTranslate = choose(\.shouldTranslate)
    shared.generatesSymbol = choose(\.generatesSymbol)
    let fieldsByMember = copies.map { CatalogEntryLayers.fields($0.otherFields) }
    for field in copies[0].otherFields where fieldsByMember.allSatisfy({ $0[field.key] != nil }) {
      let classes = Majority.classes(Array(members.indices)) {
        fieldsByMember[$0][field.key] == fieldsByMember[$1][field.key]
      }
      let preferredIndex = preferred.flatMap { members.firstIndex(of: $0) }
      guard let chosen = Majority.chosen(classes, preferring: preferredIndex),
        let member = copies[chosen[0]].otherFields.last(where: { $0.key.utf8.elementsEqual(field.key.utf8) })
      else { continue }
      shared.otherFields.append(member)
    }
    guard copies.allSatisfy({ $0.localizations != nil }) else { return shared }
    shared.localizations = []
    for language in (copies[0].localizations ?? []).map(\.language) where shared[language] == nil {
      guard copies.allSatisfy({ $0[language] != nil }) else { continue }
      let classes = Majority.classes(members) { entries[$0]?[language] == entries[$1]?[language] }
      if let chosen = Majority.chosen(classes, preferring: preferred), let localization = entries[chosen[0]]?[language]
      {
        shared.localizations?.append(localization)
      }
    }
    return shared
  }
}
