/// The localizations of the first catalog a merge takes, by language, kept as they are: an
/// entry and a record of one are made only when asked for, and a language's whole table and
/// records only when something reads them all (provenance, audit). A merge's checks and outputs
/// read what the layers above changed, so most of a base catalog's tens of thousands of
/// localizations never become entries and records at all.
final class FirstCatalogLanguages: Sendable {
  /// The catalog as it was taken, before any layer above changed it.
  let catalog: StringCatalog
  let layerIndex: Int
  let layerName: String
  let file: String
  /// The status of every record: `.inherited` in the base layer, `.added` above it.
  let status: KeyProvenance.Status
  /// The languages in the order they first appear.
  let languages: [String]
  /// For each language, the entry of each position of its table.
  private let entryAtPosition: [[Int32]]
  /// For each language, where its localization stands in the entry's localizations, by position.
  private let localizationAtPosition: [[Int32]]
  /// For each language, the position of each entry's localization; -1 where it has none.
  private let positionOfEntry: [[Int32]]
  private let wholes: [LazyValue<Whole>]

  struct Whole: Sendable {
    var table: LocalizationTable
    var records: [KeyProvenance]
  }

  /// Sorts a catalog's localizations by language; `nil` when an entry gives a language twice
  /// (languages compared as Strings, as a dictionary of them does), which the merge resolves
  /// localization by localization instead.
  init?(catalog: StringCatalog, layerIndex: Int, layerName: String, file: String) {
    let entries = catalog.entries
    var languages: [String] = []
    var slotOfLanguage: [String: Int] = [:]
    var entryAtPosition: [[Int32]] = []
    var localizationAtPosition: [[Int32]] = []
    var positionOfEntry: [[Int32]] = []
    var slots = LanguageAtPosition<Int>()
    for index in entries.indices {
      guard let localizations = entries[index].localizations else { continue }
      for place in localizations.indices {
        let slot = slots.value(of: localizations[place].language, at: place) { language in
          if let known = slotOfLanguage[language] { return known }
          slotOfLanguage[language] = languages.count
          languages.append(language)
          entryAtPosition.append([])
          entryAtPosition[languages.count - 1].reserveCapacity(entries.count)
          localizationAtPosition.append([])
          localizationAtPosition[languages.count - 1].reserveCapacity(entries.count)
          positionOfEntry.append(Array(repeating: -1, count: entries.count))
          return languages.count - 1
        }
        guard positionOfEntry[slot][index] < 0 else { return nil }
        positionOfEntry[slot][index] = Int32(entryAtPosition[slot].count)
        entryAtPosition[slot].append(Int32(index))
        localizationAtPosition[slot].append(Int32(place))
      }
    }
    self.catalog = catalog
    self.layerIndex = layerIndex
    self.layerName = layerName
    self.file = file
    status = layerIndex == 0 ? .inherited : .added
    self.languages = languages
    self.entryAtPosition = entryAtPosition
    self.localizationAtPosition = localizationAtPosition
    self.positionOfEntry = positionOfEntry
    wholes = languages.map { _ in LazyValue() }
  }

  /// One language of the catalog.
  func language(_ slot: Int) -> Language {
    Language(all: self, slot: slot)
  }

  /// One language's table of the first catalog, read without making it whole.
  struct Language: Sendable {
    let all: FirstCatalogLanguages
    let slot: Int

    /// The number of keys that have a localization in the language.
    var count: Int { all.entryAtPosition[slot].count }

    /// The position of the localization of the catalog's entry at `index`, if it has one
    /// (entries a merge appends after the catalog's have none).
    func position(ofEntryAt index: Int) -> Int? {
      let positions = all.positionOfEntry[slot]
      guard index < positions.count, positions[index] >= 0 else { return nil }
      return Int(positions[index])
    }

    /// The position of a key, if the language has it.
    func position(ofKey key: String) -> Int? {
      all.catalog.index(ofKey: key).flatMap(position(ofEntryAt:))
    }

    /// The entry at a position: the key with its runtime value, at the localization's place.
    func entry(at position: Int) -> LocalizationEntry {
      let entry = catalogEntry(at: position)
      let localization = entry.localizations.unsafelyUnwrapped[Int(all.localizationAtPosition[slot][position])]
      return LocalizationEntry(
        key: entry.key, value: CatalogMerger.runtimeValue(of: localization.variant, key: entry.key),
        position: localization.position)
    }

    /// The record of the entry at a position.
    func record(at position: Int) -> KeyProvenance {
      record(of: entry(at: position))
    }

    /// The entry at a position and its record, the entry made once for both.
    func entryAndRecord(at position: Int) -> (LocalizationEntry, KeyProvenance) {
      let entry = entry(at: position)
      return (entry, record(of: entry))
    }

    /// The digest of the key at a position, as the whole table's index has it, without making
    /// the table.
    func digest(at position: Int) -> UInt64 {
      KeyIndex.digest(of: catalogEntry(at: position).key)
    }

    /// The whole table and its records, made the first time they are asked for.
    var whole: Whole {
      all.wholes[slot].value {
        let entries = (0..<count).map(entry(at:))
        let (table, repeats) = LocalizationTable.building(entries)
        // `StringCatalog` keeps its keys distinct by their bytes, and the init refused an entry
        // that gives a language twice: a language's keys cannot repeat.
        precondition(repeats.isEmpty, "a catalog language repeats a key")
        return Whole(table: table, records: entries.map(record(of:)))
      }
    }

    /// Whether the whole table and records were made.
    var isWhole: Bool { all.wholes[slot].isMade }

    /// The catalog's entry whose localization stands at a position.
    private func catalogEntry(at position: Int) -> CatalogEntry {
      all.catalog.entries[Int(all.entryAtPosition[slot][position])]
    }

    private func record(of entry: LocalizationEntry) -> KeyProvenance {
      KeyProvenance(
        status: all.status,
        winner: Definition(layerIndex: all.layerIndex, layer: all.layerName, file: all.file, entry: entry),
        shadowed: [])
    }
  }
}
