/// Splits one table address of every copy into the base's, the brands', the shared layers' and the
/// targets' tables.
///
/// A key goes to the base, or a brand, only when every target of that layer has it, so an overlay
/// never needs to delete anything; the layer takes the value ``ValueClasses`` chooses. What a
/// target still needs after them, a value that other targets need too goes once to the layer of
/// exactly those targets (``shared``, keyed by their indexes); each overlay keeps only the rest:
/// the keys no other target needs with the same value.
struct TableExtraction {
  /// The layers' tables; `nil` where the layer writes no file for this address.
  var base: LocalizationTable?
  var brands: [LocalizationTable?]
  var targets: [LocalizationTable?]
  /// The tables of layers shared by sets of targets that need the same values, by the sets'
  /// ascending target indexes (two targets or more; never all of them, which is the base).
  var shared: [[Int]: LocalizationTable] = [:]
  /// Per target: keys inherited, overridden, added, and its own.
  var counts: [TargetCounts]
  var missingTable: ExtractionReport.MissingTable?
  var missingKeys: [ExtractionReport.MissingKey] = []
  var perTargetKeys: [ExtractionReport.PerTargetKey] = []
  var lookAlikeValues: [ExtractionReport.LookAlikeValue] = []

  /// The shape of the project: targets, brands (as target indexes) and the preferred target.
  struct Scopes {
    var targetNames: [String]
    var brandMembers: [[Int]]
    var preferred: Int?
    /// The brand of each target, if any.
    var brandOfTarget: [Int?]
  }

  /// - Parameter catalogHolders: The targets that hold this table as a String Catalog. A layer
  ///   below one of them does not get it: the merge would fold the `.strings` table into the
  ///   catalog. The base gets it only when there are none, a brand when none is among its targets.
  init(address: TableAddress, tables: [LocalizationTable?], catalogHolders: Set<Int> = [], scopes: Scopes) {
    let count = tables.count
    let holders = tables.indices.filter { tables[$0] != nil }
    brands = Array(repeating: nil, count: scopes.brandMembers.count)
    targets = Array(repeating: nil, count: count)
    counts = Array(repeating: TargetCounts(), count: count)
    if holders.count < count && holders.count * 2 > count {
      missingTable = ExtractionReport.MissingTable(
        address: address, missingIn: tables.indices.filter { tables[$0] == nil }.map { scopes.targetNames[$0] },
        presentIn: holders.count)
    }

    // Every key of any copy, in first-appearance order, and where each copy has it.
    var union = LocalizationTable()
    for holder in holders {
      let table = tables[holder].unsafelyUnwrapped
      for position in table.entries.indices
      where union.index(ofKeyOf: table.entries[position], digest: table.digest(at: position)) == nil {
        _ = union.upsertReturningIndex(table.entries[position], digest: table.digest(at: position))
      }
    }
    var positions = Array(repeating: [Int32](), count: count)
    for holder in holders {
      let table = tables[holder].unsafelyUnwrapped
      var row = [Int32](repeating: -1, count: union.count)
      for position in table.entries.indices {
        if let key = union.index(ofKeyOf: table.entries[position], digest: table.digest(at: position)) {
          row[key] = Int32(position)
        }
      }
      positions[holder] = row
    }

    var baseEntries: [(key: Int, entry: LocalizationEntry)] = []
    var brandEntries = Array(repeating: [(key: Int, entry: LocalizationEntry)](), count: scopes.brandMembers.count)
    var targetEntries = Array(repeating: [(key: Int, entry: LocalizationEntry)](), count: count)
    var sharedEntries: [[Int]: [(key: Int, entry: LocalizationEntry)]] = [:]
    var inSharedLayer = [Bool](repeating: false, count: count)
    var entries = [LocalizationEntry?](repeating: nil, count: count)
    // What each target inherits for the current key: the value, and the entry whose comment a
    // merge keeps when an override has none.
    var inheritedValue = [LocalizationEntry?](repeating: nil, count: count)
    var inheritedComment = [LocalizationEntry?](repeating: nil, count: count)
    for key in 0..<union.count {
      var present: [Int] = []
      for holder in holders {
        let position = positions[holder][key]
        if position >= 0 {
          entries[holder] = tables[holder].unsafelyUnwrapped.entries[Int(position)]
          present.append(holder)
        } else {
          entries[holder] = nil
        }
      }
      for target in 0..<count {
        inheritedValue[target] = nil
        inheritedComment[target] = nil
      }
      let classes = ValueClasses(present, entries: entries)
      if classes.classes.count > 1 { noteLookAlikes(classes, entries: entries, address: address, scopes: scopes) }
      if present.count == count && catalogHolders.isEmpty {
        if let chosen = classes.chosen(preferring: scopes.preferred) {
          let source = ValueClasses.commentSource(chosen, entries: entries, preferring: scopes.preferred)
          let entry = entries[source].unsafelyUnwrapped
          baseEntries.append((key, entry))
          for target in 0..<count {
            inheritedValue[target] = entry
            inheritedComment[target] = entry
          }
        } else {
          perTargetKeys.append(.init(address: address, key: union.entries[key].key))
        }
      } else if present.count * 2 > count {
        let lacking = holders.filter { entries[$0] == nil }
        if !lacking.isEmpty {
          missingKeys.append(
            .init(
              address: address, key: union.entries[key].key, missingIn: lacking.map { scopes.targetNames[$0] },
              presentIn: present.count))
        }
      }
      for (brand, members) in scopes.brandMembers.enumerated()
      where members.allSatisfy({ entries[$0] != nil && !catalogHolders.contains($0) }) {
        let memberClasses = ValueClasses(members, entries: entries)
        let preferred = scopes.preferred.flatMap { members.contains($0) ? $0 : nil }
        guard let chosen = memberClasses.chosen(preferring: preferred) else { continue }
        let source = ValueClasses.commentSource(chosen, entries: entries, preferring: preferred)
        let below = inheritedValue[members[0]]
        if let below, below.hasSameValue(as: entries[source].unsafelyUnwrapped) { continue }
        let entry = Self.thinned(entries[source].unsafelyUnwrapped, under: inheritedComment[members[0]])
        brandEntries[brand].append((key, entry))
        for member in members {
          inheritedValue[member] = entry
          if entry.comment != nil || inheritedComment[member] == nil { inheritedComment[member] = entry }
        }
      }
      // The targets that share a value need it from one layer; a target alone with its value, or
      // holding this table as a catalog, from its overlay.
      for class_ in classes.classes {
        if class_.count == 1 { counts[class_[0]].own += 1 }
        let needing = class_.filter { target in
          if let below = inheritedValue[target], below.hasSameValue(as: entries[target].unsafelyUnwrapped) {
            counts[target].inherited += 1
            return false
          }
          return true
        }
        let sharing = needing.filter { !catalogHolders.contains($0) }
        if sharing.count > 1 {
          let source = ValueClasses.commentSource(sharing, entries: entries, preferring: scopes.preferred)
          let entry = entries[source].unsafelyUnwrapped
          // Its comment is left out when every target would get the same one from below anyway.
          let commentBelow = sharing.allSatisfy {
            inheritedComment[$0].map { ValueClasses.sameComment($0, entry) } ?? false
          }
          sharedEntries[sharing, default: []].append(
            (key, commentBelow ? Self.thinned(entry, under: inheritedComment[sharing[0]]) : entry))
          for target in sharing { inSharedLayer[target] = true }
        }
        for target in needing {
          if sharing.count > 1 && sharing.contains(target) {
            counts[target].inherited += 1
            continue
          }
          if inheritedValue[target] == nil { counts[target].added += 1 } else { counts[target].overridden += 1 }
          let entry = entries[target].unsafelyUnwrapped
          targetEntries[target].append((key, Self.thinned(entry, under: inheritedComment[target])))
        }
      }
    }

    // Shared layers follow the most common order of their keys; overlays their target's own.
    if !baseEntries.isEmpty {
      base = Self.ordered(baseEntries, members: Array(0..<count), positions: positions, preferred: scopes.preferred)
    }
    for (brand, members) in scopes.brandMembers.enumerated() where !brandEntries[brand].isEmpty {
      brands[brand] = Self.ordered(
        brandEntries[brand], members: members, positions: positions,
        preferred: scopes.preferred.flatMap { members.contains($0) ? $0 : nil })
    }
    for (members, entries) in sharedEntries {
      shared[members] = Self.ordered(
        entries, members: members, positions: positions,
        preferred: scopes.preferred.flatMap { members.contains($0) ? $0 : nil })
    }
    // A target's table that nothing below provides needs a file, even an empty one: the base's
    // when every target's copy of it is empty, one shared layer's for the targets whose copies
    // are (the same files in several targets), else its overlay's.
    let unprovided = holders.filter { target in
      targetEntries[target].isEmpty && base == nil && !inSharedLayer[target]
        && scopes.brandOfTarget[target].map { brands[$0] != nil } != true
    }
    let emptyTogether = unprovided.filter { !catalogHolders.contains($0) }
    var ownFile = [Bool](repeating: false, count: count)
    for target in unprovided { ownFile[target] = true }
    if emptyTogether.count == count {
      base = LocalizationTable()
    } else if emptyTogether.count > 1 {
      shared[emptyTogether] = LocalizationTable()
    }
    if emptyTogether.count > 1 { for target in emptyTogether { ownFile[target] = false } }
    for target in holders where !targetEntries[target].isEmpty || ownFile[target] {
      let row = positions[target]
      targets[target] = LocalizationTable(targetEntries[target].sorted { row[$0.key] < row[$1.key] }.map(\.entry))
    }
  }

  // MARK: - Private

  /// The entry an overlay (or brand) writes: without its comment when a merge would give it the
  /// same comment from below anyway.
  private static func thinned(_ entry: LocalizationEntry, under commentSource: LocalizationEntry?) -> LocalizationEntry
  {
    guard let commentSource, entry.mayHaveComment, ValueClasses.sameComment(entry, commentSource) else { return entry }
    var thin = entry
    thin.comment = nil
    return thin
  }

  /// A shared layer's table in the most common order of its keys among `members`; on a tie the
  /// preferred target's order, then the earliest target's.
  private static func ordered(
    _ entries: [(key: Int, entry: LocalizationEntry)], members: [Int], positions: [[Int32]], preferred: Int?
  ) -> LocalizationTable {
    var orders: [[Int]: (count: Int, first: Int)] = [:]
    var sequences: [Int: [Int]] = [:]
    for member in members {
      let row = positions[member]
      let sequence = entries.indices.sorted { row[entries[$0].key] < row[entries[$1].key] }
      sequences[member] = sequence
      let known = orders[sequence]
      orders[sequence] = ((known?.count ?? 0) + 1, known?.first ?? member)
    }
    let top = orders.values.map(\.count).max() ?? 0
    let tied = orders.filter { $0.value.count == top }
    let winner: [Int]
    if let preferred, let sequence = sequences[preferred], tied[sequence] != nil {
      winner = sequence
    } else {
      winner = tied.min { $0.value.first < $1.value.first }?.key ?? Array(entries.indices)
    }
    return LocalizationTable(winner.map { entries[$0].entry })
  }

  /// Records targets whose value differs from a clear majority's only in whitespace,
  /// punctuation or case.
  private mutating func noteLookAlikes(
    _ classes: ValueClasses, entries: [LocalizationEntry?], address: TableAddress, scopes: Scopes
  ) {
    guard let majority = classes.clearMajority, let majorityValue = entries[majority[0]]?.value.stringValue else {
      return
    }
    let folded = LookAlike.folded(majorityValue)
    for class_ in classes.classes where class_ != majority {
      guard let value = entries[class_[0]]?.value.stringValue, LookAlike.folded(value) == folded else { continue }
      lookAlikeValues.append(
        .init(
          address: address, key: entries[class_[0]]?.key ?? "", majorityValue: majorityValue,
          majorityCount: majority.count, value: value, targets: class_.map { scopes.targetNames[$0] }))
    }
  }
}

/// Folding that makes values differing only in whitespace, punctuation or case equal.
enum LookAlike {
  /// The value lowercased, without whitespace, punctuation, control and format characters.
  static func folded(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation:
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
