/// The invariant of an extraction, checked before anything is written: for every target, merging
/// the rendered files of its stack (read back with ``LocalizationFileReader``, merged with
/// ``LayerMerger``) gives exactly the copy — the same tables, and in each the same keys with the
/// same values, as Apple's reader reads them.
enum ExtractionCheck {
  /// How many differences are listed per target before the rest is counted.
  static let listedDifferences = 10

  /// Every difference, as errors; empty when each target round-trips.
  /// - Parameters:
  ///   - extraction: The layers and options.
  ///   - layerFiles: Each layer's rendered files (base, brands, targets), relative to `OUT`.
  ///   - copies: The copies the layers were extracted from, in target order.
  static func problems(_ extraction: Extraction, layerFiles: [[OutputFile]], copies: [LoadedLayer]) -> [Diagnostic] {
    let layers = [extraction.base] + extraction.brands + extraction.targets
    let loaded = Array(zip(layers.map(\.name), layerFiles)).concurrentMap { name, files in
      LoadedLayer(rendered: name, files: files)
    }
    var problems = loaded.flatMap { layer in
      layer.files.keys.sorted().flatMap { address in
        (layer.files[address]?.diagnostics ?? []).filter { $0.severity == .error }.map { diagnostic in
          var problem = diagnostic
          problem.message = "an extracted file does not read back: \(diagnostic.message)"
          problem.code = .extractionMismatch
          return problem
        }
      }
    }
    guard problems.isEmpty else { return problems }
    let byName = Dictionary(zip(layers.map(\.name), loaded), uniquingKeysWith: { first, _ in first })
    problems += Array(extraction.targets.indices).concurrentMap { target in
      let stack = extraction.stack(of: extraction.targets[target].name).compactMap { byName[$0.name] }
      return differences(merged: LayerMerger.merge(loaded: stack), copy: copies[target])
    }.flatMap { $0 }
    return problems
  }

  // MARK: - Private

  private static func differences(merged: MergeResult, copy: LoadedLayer) -> [Diagnostic] {
    var found: [String] = []
    var locations: [SourceLocation?] = []
    let mergedTables = Dictionary(merged.tables.map { ($0.address, $0.table) }, uniquingKeysWith: { first, _ in first })
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

extension LoadedLayer {
  /// A layer made of rendered files, read back as they will be read from disk.
  init(rendered name: String, files: [OutputFile]) {
    layer = Layer(name: name, path: name)
    diagnostics = []
    var parsed: [TableAddress: ParsedFile] = [:]
    for file in files {
      let relative = String(file.relativePath.dropFirst(name.count + 1))
      guard let address = TableAddress(relativePath: relative) else { continue }
      parsed[address] = LocalizationFileReader.parse(file.bytes, path: file.relativePath, kind: address.kind)
    }
    self.files = parsed
  }
}
