import Foundation
import LayerMerge

/// Catalog layers at seed scale against the legacy merge of the same content, in the same run:
/// the generated project (2,000 keys × 11 languages, targets overriding 5 % of the keys and
/// adding 2 %) rewritten as String Catalogs — one `Localizable.xcstrings` (plurals as plural
/// variations) and one `InfoPlist.xcstrings` per layer — and one target merged, checked, compiled
/// and written into a fresh DEST, alternating with the `.strings` merge.
enum CatalogMergeBenchmark {
  /// Writes the catalog twin of a generated project next to it and returns its folder.
  static func makeCatalogProject(from legacy: URL) throws -> URL {
    let output = legacy.appendingPathExtension("catalogs")
    try? FileManager.default.removeItem(at: output)
    let layers =
      ["base"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: legacy.appendingPathComponent("targets").path)) ?? [])
      .sorted().map { "targets/\($0)" }
    for layer in layers {
      let loaded = LoadedLayer(Layer(path: legacy.appendingPathComponent(layer).path))
      for table in Set(loaded.files.keys.map(\.table)).sorted() {
        let catalog = catalog(of: table, in: loaded)
        let folder = output.appendingPathComponent(layer)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(StringCatalogWriter.data(for: catalog)).write(to: folder.appendingPathComponent("\(table).xcstrings"))
      }
    }
    return output
  }

  /// The full merge of one target, catalogs against tables, alternating round by round.
  static func run(legacy: URL, catalogs: URL, rounds: Int, binary: URL?) -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
      "locmerge-bench-catalog-dest-\(getpid())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: destination) }
    func stack(_ root: URL) -> [Layer] {
      [
        Layer(path: root.appendingPathComponent("base").path),
        Layer(path: root.appendingPathComponent("targets/Target01").path),
      ]
    }
    func fullMerge(_ layers: [Layer], options: MergeOptions = MergeOptions()) -> (MergeResult, OutputReport?) {
      try? FileManager.default.removeItem(atPath: destination)
      // As `locmerge merge` does it: every file of the stack read side by side.
      let result = LayerMerger.merge(layers, options: options)
      return (result, try? OutputPlan(result: result, destination: destination).apply())
    }
    // Warm-up, and what each merge found.
    let (legacyResult, legacyReport) = fullMerge(stack(legacy))
    let (catalogResult, catalogReport) = fullMerge(stack(catalogs))
    let (_, mergedReport) = fullMerge(stack(catalogs), options: MergeOptions(catalogOutput: .merged))
    var legacyTimes: [Double] = []
    var catalogTimes: [Double] = []
    var mergedTimes: [Double] = []
    for _ in 0..<rounds {
      legacyTimes.append(time { _ = fullMerge(stack(legacy)) })
      catalogTimes.append(time { _ = fullMerge(stack(catalogs)) })
      mergedTimes.append(time { _ = fullMerge(stack(catalogs), options: MergeOptions(catalogOutput: .merged)) })
    }
    // The catalog merge's stages, each alone.
    let layers = stack(catalogs)
    var loaded: [LoadedLayer] = []
    let read = Measurement.run("read", rounds: rounds) { loaded = LoadedLayer.load(layers, options: MergeOptions()) }
    var result = LayerMerger.merge(loaded: loaded)
    let merge = Measurement.run("merge", rounds: rounds) { result = LayerMerger.merge(loaded: loaded) }
    var outputs: [OutputFile] = []
    let render = Measurement.run("render", rounds: rounds) { outputs = OutputFile.files(for: result) }
    let write = Measurement.run(
      "write", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }
    ) { _ = try? OutputPlan(files: outputs, destination: destination).apply() }
    let catalogBytes = loaded.flatMap(\.catalogs.values).reduce(0) { $0 + (fileSize($1.path) ?? 0) }
    let legacyBytes = legacyResult.inputFiles.reduce(0) { $0 + (fileSize($1) ?? 0) }
    let (legacyMedian, catalogMedian, mergedMedian) = (median(legacyTimes), median(catalogTimes), median(mergedTimes))
    let localizations = catalogResult.tables.reduce(0) { $0 + $1.table.count }
    return """
      | one target, full merge into a fresh DEST (median of \(rounds), alternating) | inputs | median | ratio |
      |---|---:|---:|---:|
      | `.strings` tables (\(legacyResult.inputFiles.count) files, \(legacyReport?.written.count ?? 0) written) | \(legacyBytes) bytes | \(Format.milliseconds(legacyMedian)) | 1.0× |
      | String Catalogs, compiled (\(catalogResult.inputFiles.count) catalogs, \(localizations) localizations, \(catalogReport?.written.count ?? 0) files written) | \(catalogBytes) bytes | \(Format.milliseconds(catalogMedian)) | \(Format.ratio(catalogMedian / legacyMedian)) |
      | String Catalogs, `--catalogs merged` (\(mergedReport?.written.count ?? 0) catalogs written) | \(catalogBytes) bytes | \(Format.milliseconds(mergedMedian)) | \(Format.ratio(mergedMedian / legacyMedian)) |

      | stage of the catalog merge (median of \(rounds)) | median |
      |---|---:|
      | read and parse \(layers.count) layers | \(Format.milliseconds(read.median)) |
      | merge, check (\(result.diagnostics.count) diagnostics) | \(Format.milliseconds(merge.median)) |
      | compile and render the \(outputs.count) files | \(Format.milliseconds(render.median)) |
      | create them in a fresh DEST | \(Format.milliseconds(write.median)) |

      """ + (binary.map { processes(legacy: legacy, catalogs: catalogs, binary: $0, rounds: rounds) } ?? "")
  }

  /// `locmerge merge` of one target as whole processes, tables against catalogs, alternating.
  private static func processes(legacy: URL, catalogs: URL, binary: URL, rounds: Int) -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
      "locmerge-bench-catalog-process-\(getpid())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: destination) }
    func merge(_ root: URL) -> Double {
      try? FileManager.default.removeItem(atPath: destination)
      let arguments = [
        "-b", root.appendingPathComponent("base").path, "-s", root.appendingPathComponent("targets/Target01").path,
        "-d", destination, "--quiet",
      ]
      return time { _ = Spawn.run(binary.path, arguments) }
    }
    _ = (merge(legacy), merge(catalogs))
    var legacyTimes: [Double] = []
    var catalogTimes: [Double] = []
    for _ in 0..<max(rounds, 9) {
      legacyTimes.append(merge(legacy))
      catalogTimes.append(merge(catalogs))
    }
    let (legacyMedian, catalogMedian) = (median(legacyTimes), median(catalogTimes))
    return """

      | one target, whole `locmerge merge` process into a fresh DEST (median of \(max(rounds, 9)), alternating) | median | ratio |
      |---|---:|---:|
      | `.strings` tables | \(Format.milliseconds(legacyMedian)) | 1.0× |
      | String Catalogs, compiled | \(Format.milliseconds(catalogMedian)) | \(Format.ratio(catalogMedian / legacyMedian)) |

      (\(binary.path))

      """
  }

  /// One stage of the catalog merge (or of the legacy merge, given the `.strings` project), repeated,
  /// for a profiler: `read`, `merge`, `render` or `all`.
  static func profile(catalogs: URL, rounds: Int, stage: String) -> String {
    let layers = [
      Layer(path: catalogs.appendingPathComponent("base").path),
      Layer(path: catalogs.appendingPathComponent("targets/Target01").path),
    ]
    var loaded = layers.map(load)
    var result = LayerMerger.merge(loaded: loaded)
    var count = 0
    for _ in 0..<rounds {
      if stage == "read" || stage == "all" { loaded = layers.map(load) }
      if stage == "merge" || stage == "all" { result = LayerMerger.merge(loaded: loaded) }
      if stage == "render" || stage == "all" { count += OutputFile.files(for: result).count }
    }
    return "\(result.tables.count) tables, \(count) files"
  }

  // MARK: - Private

  /// One table of a loaded layer as a catalog: every language's `.strings` entries as string
  /// units, `.stringsdict` plurals (`%#@var@` with one variable) as plural variations.
  private static func catalog(of table: String, in layer: LoadedLayer) -> StringCatalog {
    var catalog = StringCatalog(sourceLanguage: "en", version: "1.0")
    var localizations: [String: [CatalogLocalization]] = [:]
    var order: [String] = []
    for address in layer.files.keys.sorted() where address.table == table {
      guard let file = layer.files[address] else { continue }
      for entry in file.table.entries {
        let variant: CatalogVariant
        switch entry.value {
        case .string(let text): variant = .string(text)
        case .dictionary(let rule):
          let variable = rule.pairs.first { $0.key != "NSStringLocalizedFormatKey" }
          guard case .dictionary(let forms)? = variable?.value else { continue }
          let cases = forms.pairs.filter { !$0.key.hasPrefix("NSString") }.compactMap { form in
            form.value.stringValue.map { CatalogCase(form.key, .string($0)) }
          }
          variant = CatalogVariant(variations: CatalogVariations(plural: cases))
        default: continue
        }
        if localizations[entry.key] == nil { order.append(entry.key) }
        localizations[entry.key, default: []].append(CatalogLocalization(language: address.language, variant: variant))
      }
    }
    for key in order {
      catalog.upsert(CatalogEntry(key: key, localizations: localizations[key]))
    }
    return catalog
  }

  static func load(_ layer: Layer) -> LoadedLayer {
    LoadedLayer(layer)
  }

  private static func time(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private static func fileSize(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
  }
}
