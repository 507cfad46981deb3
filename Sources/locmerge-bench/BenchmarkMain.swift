import Foundation
import LayerMerge

/// `swift run -c release locmerge-bench [--shared DIR] [--rounds N] [--quick] [--catalogs] [--catalog-layers]
/// [--profile-catalog-merge [--stage S] [--workload DIR] [--legacy]] [--binary LOCMERGE] [--baseline-binary OTHER_LOCMERGE] [--write-path] [--project] [--extract] [--xcode]
/// [--migrate] [--adversarial] [--floor] [--parse] [--usage] [--usage-scan [--apps DIR] [--scan-megabytes N]] [--translation]`
///
/// Prints Markdown tables for docs/performance.md. Every figure is compared with a baseline
/// measured in the same run (Foundation's parser; a process start for the merge).
@main
enum BenchmarkMain {
  static func main() throws {
    // The helper that measures a program's peak memory (ChildPeak) does nothing else.
    if CommandLine.arguments.count > 2, CommandLine.arguments[1] == ChildPeak.helperFlag {
      ChildPeak.runHelper(Array(CommandLine.arguments.dropFirst(2)))
    }
    // Rounds measure parsing, not the kernel re-faulting pages glibc returned after the last round.
    ShortLivedProcess.keepFreedMemory()
    var arguments = Array(CommandLine.arguments.dropFirst())
    func value(_ flag: String) -> String? {
      guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
      defer { arguments.removeSubrange(index...(index + 1)) }
      return arguments[index + 1]
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let shared = URL(
      fileURLWithPath: value("--shared")
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path)
    let rounds = Int(value("--rounds") ?? "") ?? 5
    let baseline = value("--baseline-binary").map(URL.init(fileURLWithPath:))
    let binaryOption = value("--binary")
    // The locmerge timed as whole processes: `--binary`, else the one built beside the benchmark;
    // the sections that need one find the first that runs.
    let siblingBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("locmerge")
    let givenBinary = binaryOption.map(URL.init(fileURLWithPath:)) ?? siblingBinary
    let runnableBinary = ([binaryOption.map(URL.init(fileURLWithPath:))].compactMap { $0 } + [siblingBinary]).first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
    let quick = arguments.contains("--quick")
    #if DEBUG
      print("warning: this is a debug build; measure with `swift run -c release locmerge-bench`\n")
    #endif
    guard FileManager.default.fileExists(atPath: shared.appendingPathComponent("corpus").path) else {
      print("error: \(shared.path)/corpus not found; pass --shared DIR")
      exit(1)
    }

    let catalogSection = {
      print("## String Catalogs: read, compile and write vs Foundation's `JSONSerialization`, same bytes, same run\n")
      let inputs = CatalogBenchmark.inputs(corpus: shared.appendingPathComponent("corpus"))
      print(CatalogBenchmark.report(inputs, rounds: rounds))
      print(
        "\n(best of \(rounds) rounds after a warm-up; read + compile + render = reading the JSON into the model, "
          + "compiling every language and rendering the .strings/.stringsdict bytes, without writing files)\n")
    }
    if arguments.contains("--catalog-phases") {
      for input in CatalogBenchmark.inputs(corpus: shared.appendingPathComponent("corpus"), synthetic: false) {
        guard let catalog = StringCatalogReader.parse(input.bytes, path: input.name).catalog else { continue }
        var compiled = CatalogCompiler.compile(catalog, path: "L.xcstrings")
        let compile = Measurement.run("compile", rounds: rounds) {
          compiled = CatalogCompiler.compile(catalog, path: "L.xcstrings")
        }
        var count = 0
        let render = Measurement.run("render", rounds: rounds) { count += compiled.outputs.count }
        print(input.bytes.count, Format.milliseconds(compile.best), Format.milliseconds(render.best), count)
      }
      return
    }
    if arguments.contains("--profile-catalog") {
      // Only reading and compiling the largest corpus catalog, for a profiler.
      guard
        let largest = CatalogBenchmark.inputs(corpus: shared.appendingPathComponent("corpus"), synthetic: false).last
      else { return }
      var outputs = 0
      for _ in 0..<rounds {
        guard let catalog = StringCatalogReader.parse(largest.bytes, path: largest.name).catalog else { return }
        outputs += CatalogCompiler.compile(catalog, path: "Localizable.xcstrings").outputs.count
      }
      print(largest.name, outputs)
      return
    }
    if arguments.contains("--catalogs") {
      catalogSection()
      return
    }
    let catalogLayersSection = { (project: URL) throws in
      print("## Catalog layers: one target at seed scale, String Catalogs against `.strings` tables, same run\n")
      let catalogs = try CatalogMergeBenchmark.makeCatalogProject(from: project)
      defer { try? FileManager.default.removeItem(at: catalogs) }
      print(
        CatalogMergeBenchmark.run(legacy: project, catalogs: catalogs, rounds: max(rounds, 5), binary: runnableBinary))
    }
    if arguments.contains("--profile-catalog-merge") {
      // Only reading and merging one target's catalogs, for a profiler. `--workload DIR` takes a
      // project genworkload.py made (1 target, 11 languages, 2,000 keys, --utf16 0) instead of
      // running it: Foundation's Process cannot start a child under valgrind.
      let given = value("--workload").map(URL.init(fileURLWithPath:))
      let project = try given ?? Workload.generate(shared: shared, targets: 1, languages: 11, keys: 2000, utf16: 0)
      defer { if given == nil { try? FileManager.default.removeItem(at: project) } }
      try Workload.makeOverridesCompatible(project)
      let catalogs = try CatalogMergeBenchmark.makeCatalogProject(from: project)
      defer { try? FileManager.default.removeItem(at: catalogs) }
      // `--legacy`: the same stages on the `.strings` twin, for comparison.
      let profiled = arguments.contains("--legacy") ? project : catalogs
      print(CatalogMergeBenchmark.profile(catalogs: profiled, rounds: rounds, stage: value("--stage") ?? "all"))
      return
    }
    if arguments.contains("--catalog-layers") {
      // Only catalog layers against the legacy merge of the same content.
      let project = try Workload.generate(shared: shared, targets: 18, languages: 11, keys: 2000, utf16: 0)
      defer { try? FileManager.default.removeItem(at: project) }
      try Workload.makeOverridesCompatible(project)
      try catalogLayersSection(project)
      return
    }
    if arguments.contains("--profile-parse") {
      // Only our reader, for a profiler.
      let files = Workload.localizationFiles(under: shared.appendingPathComponent("corpus"))
      for suffix in ["", ".strings", ".stringsdict"] {
        let subset = files.filter { suffix.isEmpty || $0.path.hasSuffix(suffix) }
        let result = ParseBenchmark.run(name: "corpus", files: subset, rounds: rounds, withFoundation: false)
        print(
          suffix.isEmpty ? "all" : suffix, result.bytes,
          Format.megabytesPerSecond(bytes: result.bytes, seconds: result.ours.best))
      }
      return
    }
    if arguments.contains("--profile-merge") {
      // Only the in-process merge of one seed-scale target, for a profiler.
      let project = try Workload.generate(shared: shared, targets: 1, languages: 11, keys: 2000, utf16: 0)
      defer { try? FileManager.default.removeItem(at: project) }
      try Workload.makeOverridesCompatible(project)
      print(MergeBenchmark.inProcess(project: project, rounds: rounds))
      return
    }
    let projectSection = {
      let binary = givenBinary
      print("## One `locmerge build` for every target: stages, in process\n")
      print(try ProjectBenchmark.stages(shared: shared, rounds: max(rounds, 5), targets: quick ? 3 : 18))
      print("## One `locmerge build` for every target against the seed script run once per target\n")
      print(
        try ProjectBenchmark.seedScale(
          shared: shared, binary: binary, packageRoot: packageRoot, rounds: max(rounds, 5), targets: quick ? 3 : 18))
      print("## Many targets: `locmerge build` against copying its outputs (`cp -r`)\n")
      print(
        try ProjectBenchmark.manyTargets(
          shared: shared, binary: binary, rounds: max(rounds, 5), targets: quick ? 10 : 200))
      print("(\(binary.path))\n")
    }
    let floorSection = {
      print("## At the floor: a target's merge against starting a process and copying its outputs\n")
      // With `--baseline-binary`, the earlier build takes its turn in the same rounds.
      let binaries = [("this build", givenBinary)] + (baseline.map { [("baseline", $0)] } ?? [])
      print(
        try FloorBenchmark.run(
          shared: shared, binaries: binaries, rounds: max(rounds, 5), places: FloorBenchmark.defaultPlaces))
    }
    if arguments.contains("--floor") {
      // Only the comparison with the physical floor, on disk and on tmpfs.
      try floorSection()
      return
    }
    if arguments.contains("--project") {
      // Only the batch build: whole processes against the seed script and against `cp -r`.
      try projectSection()
      return
    }
    if arguments.contains("--profile-project") {
      // Only the in-process batch build of 18 targets, for a profiler.
      print(try ProjectBenchmark.stages(shared: shared, rounds: rounds))
      return
    }
    let xcodeSection = { (binary: URL) throws in
      print("## Xcode project: `xcode show --json` and `xcode install` as whole processes against Foundation's parse\n")
      print(try XcodeBenchmark.run(shared: shared, binary: binary, rounds: max(rounds, 9)))
    }
    if arguments.contains("--usage") {
      // Only lint of the seed-scale project with its targets' code against lint without it.
      guard let binary = runnableBinary else {
        print("(no locmerge binary next to the benchmark: run `swift build -c release`)")
        return
      }
      print("## Usage: `lint` with every target's code against `lint` without it, whole processes\n")
      print(try UsageBenchmark.run(shared: shared, binary: binary, rounds: max(rounds, 5)))
      return
    }
    if arguments.contains("--xcode") {
      // Only the Xcode project commands against Foundation parsing the same file.
      guard let binary = runnableBinary else {
        print("(no locmerge binary next to the benchmark: run `swift build -c release`)")
        return
      }
      try xcodeSection(binary)
      return
    }
    let migrationSection = { (binary: URL) throws in
      print("## Migration: `init --xcodeproj` against `extract` given the same copies by hand, whole processes\n")
      print(try MigrationBenchmark.run(shared: shared, binary: binary, rounds: max(rounds, 9)))
    }
    if arguments.contains("--migrate") {
      // Only init --xcodeproj on ghostery against extract of the same copies.
      guard let binary = runnableBinary else {
        print("(no locmerge binary next to the benchmark: run `swift build -c release`)")
        return
      }
      try migrationSection(binary)
      return
    }
    let translationSection = { (binary: URL) throws in
      print("## Translators' round trip: `export --all` and `import` against `build`, whole processes, same run\n")
      print(
        try TranslationBenchmark.run(
          shared: shared, binary: binary, rounds: max(rounds, 5), targets: quick ? 3 : 18,
          sizes: quick ? [500, 1000] : [2000, 4000]))
    }
    if arguments.contains("--translation") {
      guard let binary = runnableBinary else {
        print("(no locmerge binary next to the benchmark: run `swift build -c release`)")
        return
      }
      try translationSection(binary)
      return
    }
    if arguments.contains("--extract") {
      // Only the extraction of 18 full copies against merging them back.
      let project = try Workload.generate(shared: shared, targets: 18, languages: 11, keys: 2000, utf16: 0)
      defer { try? FileManager.default.removeItem(at: project) }
      try Workload.makeOverridesCompatible(project)
      print(try ExtractBenchmark.run(project: project, rounds: rounds))
      return
    }
    let adversarialSection = {
      print("## Inputs made to be slow: each at n and 8n, in process, same run\n")
      print(try AdversarialBenchmark.report(rounds: max(rounds, 3), scale: quick ? 4 : 1))
    }
    if arguments.contains("--usage-scan") {
      // Only the source scanner (issue 32) on generated Swift; `--scan-megabytes 40` compares 40
      // and 80 MB, both larger than this machine's caches (20 MB fits in them, 40 does not).
      print("## Source scanning: generated Swift, one thread\n")
      let megabytes = quick ? 4 : Int(value("--scan-megabytes") ?? "") ?? 20
      print(UsageScanBenchmark.report(rounds: max(rounds, 5), megabytes: megabytes))
      // Apps' own code, when checkouts are named (never part of the repository).
      if let index = arguments.firstIndex(of: "--apps"), index + 1 < arguments.count {
        print("## Source scanning: apps' Swift code, one thread\n")
        print(try UsageScanBenchmark.appsReport(folder: arguments[index + 1], rounds: max(rounds, 5)))
      }
      return
    }
    if arguments.contains("--adversarial") {
      try adversarialSection()
      return
    }
    if arguments.contains("--write-path") {
      // Only what the write path changes: whole processes against process start (and a baseline
      // binary), and removing stale outputs.
      let project = try Workload.generate(shared: shared, targets: 18, languages: 11, keys: 2000, utf16: 0)
      defer { try? FileManager.default.removeItem(at: project) }
      try Workload.makeOverridesCompatible(project)
      let binary = givenBinary
      let seedScript = packageRoot.appendingPathComponent("Benchmarks/build_localization_seed.py")
      print(MergeBenchmark.processes(project: project, binary: binary, seedScript: seedScript, rounds: max(rounds, 5)))
      if let baseline {
        print(BaselineBenchmark.run(project: project, binary: binary, baseline: baseline, rounds: max(rounds, 9)))
      }
      print(StaleRemovalBenchmark.run(rounds: rounds, counts: [2500, 5000, 10000]))
      return
    }
    let parseSection = {
      print("## Parsing: LayerMerge vs Foundation (`PropertyListSerialization`), same bytes, same run\n")
      let corpus = Workload.localizationFiles(under: shared.appendingPathComponent("corpus"))
      let generated = try Workload.generate(
        shared: shared, targets: quick ? 2 : 18, languages: quick ? 3 : 11, keys: 2000)
      defer { try? FileManager.default.removeItem(at: generated) }
      let generatedFiles = Workload.localizationFiles(under: generated)
      let parsing = [
        ParseBenchmark.run(name: "shared/corpus", files: corpus, rounds: rounds),
        ParseBenchmark.run(
          name: "genworkload \(quick ? "2×3" : "18×11")×2000", files: generatedFiles, rounds: rounds),
      ]
      print(ParseBenchmark.report(parsing))
      print(
        "\n(best of \(rounds) rounds after a warm-up; ratio = Foundation time / LayerMerge time; freed memory "
          + "stays in the process for both readers, see docs/performance.md)\n")
    }
    if arguments.contains("--parse") {
      // Only the reader against Foundation's.
      try parseSection()
      return
    }
    try parseSection()

    let languages = quick ? 3 : 11
    let targets = quick ? 3 : 18
    print("## Merging: seed scale, \(targets) targets × \(languages) languages × 2000 keys\n")
    let project = try Workload.generate(shared: shared, targets: targets, languages: languages, keys: 2000, utf16: 0)
    defer { try? FileManager.default.removeItem(at: project) }
    try Workload.makeOverridesCompatible(project)
    print(MergeBenchmark.inProcess(project: project, rounds: rounds))
    try catalogLayersSection(project)
    let seedScript = packageRoot.appendingPathComponent("Benchmarks/build_localization_seed.py")
    if let binary = runnableBinary {
      print(MergeBenchmark.processes(project: project, binary: binary, seedScript: seedScript, rounds: max(rounds, 5)))
      print("(\(binary.path); median of \(max(rounds, 5)) runs)\n")
      if let baseline {
        print("## This build against \(baseline.path)\n")
        print(BaselineBenchmark.run(project: project, binary: binary, baseline: baseline, rounds: max(rounds, 9)))
      }
    }
    if runnableBinary == nil {
      print("(no locmerge binary next to the benchmark: run `swift build -c release` to time whole processes)\n")
    }
    print("## Extracting \(targets) full copies into a base and overlays, against the \(targets) merges back\n")
    print(try ExtractBenchmark.run(project: project, rounds: rounds))
    catalogSection()
    if let binary = runnableBinary {
      try projectSection()
      try floorSection()
      try xcodeSection(binary)
      try migrationSection(binary)
      try translationSection(binary)
    }
    print("## Removing stale outputs (in process, median of \(rounds))\n")
    print(StaleRemovalBenchmark.run(rounds: rounds, counts: quick ? [500, 1000] : [2500, 5000, 10000]))
    try adversarialSection()
    print("## Merge cost per entry (11 languages, one target)\n")
    print(
      try MergeBenchmark.scaling(
        shared: shared, rounds: rounds, sizes: quick ? [500, 1000] : [1000, 2000, 4000, 8000]))
  }
}
