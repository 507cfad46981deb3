/// The invariant of an extraction, checked before anything is written: for every target, merging
/// the rendered files of its stack (read back with ``LocalizationFileReader``, merged with
/// ``LayerMerger``) gives exactly the copy — the same tables, and in each the same keys with the
/// same values, as Apple's reader reads them.
enum ExtractionCheck {
  /// How many differences are listed per target before the rest is counted.
  static let listedDifferences = 10

  /// Every difference, as errors (empty when each target round-trips), and every error `build`
  /// would report on the new layers, placed in the copies.
  /// - Parameters:
  ///   - extraction: The layers and options.
  ///   - layerFiles: Each layer's rendered files (base, brands, targets), relative to `OUT`.
  ///   - copies: The copies the layers were extracted from, in target order.
  static func problems(_ extraction: Extraction, layerFiles: [[OutputFile]], copies: [LoadedLayer])
    -> (mismatches: [Diagnostic], errorsInCopies: [ErrorInCopy])
  {
    let layers = [extraction.base] + extraction.brands + extraction.targets
    let loaded = Array(zip(layers.map(\.name), layerFiles)).concurrentMap { name, files in
      LoadedLayer(rendered: name, files: files)
    }
    var problems: [Diagnostic] = []
    for layer in loaded {
      let tableDiagnostics = layer.files.keys.sorted().flatMap { layer.files[$0]?.diagnostics ?? [] }
      let catalogDiagnostics = layer.catalogs.keys.sorted().flatMap { layer.catalogs[$0]?.diagnostics ?? [] }
      for diagnostic in tableDiagnostics + catalogDiagnostics where diagnostic.severity == .error {
        var problem = diagnostic
        problem.message = "an extracted file does not read back: \(diagnostic.message)"
        problem.code = .extractionMismatch
        problems.append(problem)
      }
    }
    guard problems.isEmpty else { return (problems, []) }
    let byName = Dictionary(zip(layers.map(\.name), loaded), uniquingKeysWith: { first, _ in first })
    let stacks = extraction.stacks
    let perTarget = Array(extraction.targets.indices).concurrentMap { target in
      let stack = stacks[target].compactMap { byName[$0.name] }
      let merged = LayerMerger.merge(loaded: stack)
      return (
        differences(merged: merged, copy: copies[target]),
        ErrorInCopy.errors(in: merged, stack: stack, copy: copies[target])
      )
    }
    return (perTarget.flatMap(\.0), ErrorInCopy.merged(perTarget.map(\.1)))
  }

  // MARK: - Private

  private static func differences(merged: MergeResult, copy: LoadedLayer) -> [Diagnostic] {
    var found: [String] = []
    var locations: [SourceLocation?] = []
    // One language of a merged catalog is a table too; catalogs are compared as catalogs below.
    let mergedTables = Dictionary(
      merged.tables.filter { !$0.address.isCatalog }.map { ($0.address, $0.table) },
      uniquingKeysWith: { first, _ in first })
    for address in Set(mergedTables.keys).union(copy.files.keys).sorted() {
      let path = copy.files[address]?.path
      guard let original = copy.files[address]?.table else {
        found.append("\(address.relativePath) would appear, but the copy has no such table")
        locations.append(nil)
        continue
      }
      guard let table = mergedTables[address] else {
        found.append("\(address.relativePath) would be missing")
        locations.append(path.map { SourceLocation(path: $0) })
        continue
      }
      for entry in original.entries {
        guard let position = table.index(ofKeyOf: entry) else {
          found.append("\(address.relativePath): key \"\(entry.key)\" would be missing")
          locations.append(path.map { SourceLocation(path: $0, position: entry.position) })
          continue
        }
        if !table.entries[position].hasSameValue(as: entry) {
          found.append("\(address.relativePath): key \"\(entry.key)\" would have another value")
          locations.append(path.map { SourceLocation(path: $0, position: entry.position) })
        }
      }
      if table.count > original.count {
        for entry in table.entries where original.index(ofKeyOf: entry) == nil {
          found.append("\(address.relativePath): key \"\(entry.key)\" would appear, but the copy lacks it")
          locations.append(path.map { SourceLocation(path: $0) })
        }
      }
    }
    let mergedCatalogs = Dictionary(merged.catalogs.map { ($0.address, $0) }, uniquingKeysWith: { first, _ in first })
    for address in Set(mergedCatalogs.keys).union(copy.catalogs.keys).sorted() {
      let path = copy.catalogs[address]?.path
      guard let original = copy.catalogs[address]?.catalog else {
        found.append("\(address.relativePath) would appear, but the copy has no such catalog")
        locations.append(nil)
        continue
      }
      guard let catalog = mergedCatalogs[address] else {
        found.append("\(address.relativePath) would be missing")
        locations.append(path.map { SourceLocation(path: $0) })
        continue
      }
      found += catalogDifferences(catalog, original, address: address)
      while locations.count < found.count { locations.append(path.map { SourceLocation(path: $0) }) }
    }
    let name = copy.layer.name
    var problems = zip(found, locations).prefix(listedDifferences).map { message, location in
      Diagnostic(
        .error, .extractionMismatch, "target '\(name)' does not merge back into its copy: \(message)", at: location)
    }
    if found.count > listedDifferences {
      problems.append(
        Diagnostic(
          .error, .extractionMismatch,
          "target '\(name)' does not merge back into its copy: \(found.count - listedDifferences) more differences"))
    }
    return problems
  }
}

/// How a merged catalog differs from the copy's, in words.
private func catalogDifferences(_ merged: MergedCatalog, _ copy: StringCatalog, address: TableAddress) -> [String] {
  var found: [String] = []
  let catalog = merged.catalog
  let path = address.relativePath
  if catalog.sourceLanguage != copy.sourceLanguage { found.append("\(path): the source language would differ") }
  if catalog.version != copy.version { found.append("\(path): the version would differ") }
  if CatalogEntryLayers.fields(catalog.otherFields) != CatalogEntryLayers.fields(copy.otherFields) {
    found.append("\(path): the top-level fields would differ")
  }
  for (index, entry) in catalog.entries.enumerated() {
    guard let original = copy[entry.key] else {
      found.append("\(path): key \"\(entry.key)\" would appear, but the copy lacks it")
      continue
    }
    // The merge marks a key the base lacks `manual` (docs/merging.md).
    let manual = merged.introducingLayers.indices.contains(index) && merged.introducingLayers[index] > 0
    for part in CatalogEntryLayers.differences(entry, original, manualState: manual) {
      found.append("\(path): key \"\(entry.key)\" would have another \(part)")
    }
  }
  for entry in copy.entries where catalog[entry.key] == nil {
    found.append("\(path): key \"\(entry.key)\" would be missing")
  }
  return found
}

extension LoadedLayer {
  /// A layer made of rendered files, read back as they will be read from disk.
  init(rendered name: String, files: [OutputFile]) {
    layer = Layer(name: name, path: name)
    diagnostics = []
    var parsed: [TableAddress: ParsedFile] = [:]
    var parsedCatalogs: [TableAddress: ParsedCatalog] = [:]
    for file in files {
      let relative = String(file.relativePath.dropFirst(name.count + 1))
      if let address = TableAddress(relativePath: relative) {
        parsed[address] = LocalizationFileReader.parse(file.bytes, path: file.relativePath, kind: address.kind)
      } else if let address = TableAddress(catalogPath: relative) {
        parsedCatalogs[address] = StringCatalogReader.parse(file.bytes, path: file.relativePath)
      }
    }
    self.files = parsed
    self.catalogs = parsedCatalogs
  }
}
