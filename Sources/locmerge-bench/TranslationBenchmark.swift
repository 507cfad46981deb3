import Foundation

/// `locmerge export --all` and `locmerge import` of every language, as whole processes, against
/// `locmerge build` of every target in the same run (issue 33: each at most 3× the build), at
/// two sizes to show the time grows with the units (2× the units, at most 2.2× the time).
enum TranslationBenchmark {
  /// Medians of one kind of run.
  struct Timing {
    var elapsed: Double
    var cpu: Double
  }

  /// One size: the project's units and each kind's timing.
  struct Size {
    var keys: Int
    var units: Int
    var timings: [String: Timing]
  }

  /// The seed-scale project (18 targets × 11 languages × `keys` keys) at each size; every kind of
  /// run takes its turn in each round, so that load on a shared machine falls on all alike.
  static func run(shared: URL, binary: URL, rounds: Int, targets: Int = 18, sizes: [Int] = [2000, 4000]) throws
    -> String
  {
    var measured: [Size] = []
    for keys in sizes {
      measured.append(try measure(shared: shared, binary: binary, rounds: rounds, targets: targets, keys: keys))
    }
    func ms(_ size: Size, _ kind: String) -> String {
      Format.milliseconds(size.timings[kind]?.elapsed ?? 0)
    }
    func ratio(_ size: Size, _ kind: String) -> String {
      let build = size.timings["build"] ?? Timing(elapsed: 1, cpu: 1)
      let timing = size.timings[kind] ?? Timing(elapsed: 0, cpu: 0)
      return "\(Format.ratio(timing.elapsed / build.elapsed)) (CPU \(Format.ratio(timing.cpu / build.cpu)))"
    }
    var rows = measured.map { size in
      "| \(size.keys) keys: \(size.units) units | \(ms(size, "build")) | \(ms(size, "export")) | "
        + "\(ms(size, "import")) | \(ms(size, "import changes")) | **\(ratio(size, "export"))** | "
        + "**\(ratio(size, "import"))** | \(ratio(size, "import changes")) |"
    }
    if measured.count == 2 {
      let (small, large) = (measured[0], measured[1])
      func growth(_ kind: String) -> String {
        let a = small.timings[kind] ?? Timing(elapsed: 1, cpu: 1)
        let b = large.timings[kind] ?? Timing(elapsed: 0, cpu: 0)
        return "\(Format.ratio(b.elapsed / a.elapsed)) (CPU \(Format.ratio(b.cpu / a.cpu)))"
      }
      rows.append(
        "| growth, \(Format.ratio(Double(large.units) / Double(small.units))) the units | \(growth("build")) | "
          + "\(growth("export")) | \(growth("import")) | \(growth("import changes")) | | | |")
    }
    return """
      | \(targets) targets × 11 languages, whole processes | `build` | `export --all` | `import` | `import`, every translation changed | export ÷ build | import ÷ build | import (changes) ÷ build |
      |---|---:|---:|---:|---:|---:|---:|---:|
      \(rows.joined(separator: "\n"))

      (medians of \(rounds) rounds, elapsed; every kind once per round in turn. `build`: every target into
      fresh destinations. `export --all`: every language into a fresh folder. `import`: those files back,
      which changes no byte; `import`, every translation changed: the same files with every `<target>`
      changed, into fresh copies of the layers, so every table is rewritten. Goals: export and import each
      ≤ 3× build; 2× the units ≤ 2.2× the time)

      """
  }

  // MARK: - Private

  private static func measure(shared: URL, binary: URL, rounds: Int, targets: Int, keys: Int) throws -> Size {
    let project = try Workload.generate(
      shared: shared, targets: targets, languages: ProjectBenchmark.seedLanguages.count, keys: keys, utf16: 0.1,
      languageList: ProjectBenchmark.seedLanguages)
    defer { try? FileManager.default.removeItem(at: project) }
    try Workload.makeOverridesCompatible(project)
    let names = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path)
      .sorted()
    let config = try ProjectBenchmark.writeProjectFile(project, targets: names)
    func path(_ name: String) -> String { project.appendingPathComponent(name).path }
    let manager = FileManager.default
    // The translations, changed: every `<target>` of the --all export with a mark after its text.
    guard Spawn.run(binary.path, ["export", "--config", config, "--all", "-o", path("xliff")]) == 0 else {
      throw NSError(
        domain: "locmerge-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "locmerge export --all failed"])
    }
    try manager.createDirectory(atPath: path("changed"), withIntermediateDirectories: true)
    var units = 0
    for name in try manager.contentsOfDirectory(atPath: path("xliff")) {
      let text = try String(contentsOfFile: path("xliff/\(name)"), encoding: .utf8)
      units += text.components(separatedBy: "<trans-unit ").count - 1
      try text.replacingOccurrences(of: "</target>", with: " ✓</target>").write(
        toFile: path("changed/\(name)"), atomically: true, encoding: .utf8)
    }
    // Pristine layers, copied back before each import that changes them.
    for folder in ["base", "targets"] { try manager.copyItem(atPath: path(folder), toPath: path("pristine-\(folder)")) }
    func restoreLayers() {
      for folder in ["base", "targets"] {
        try? manager.removeItem(atPath: path(folder))
        try? manager.copyItem(atPath: path("pristine-\(folder)"), toPath: path(folder))
      }
    }
    typealias Kind = (label: String, prepare: () -> Void, arguments: [String])
    let kinds: [Kind] = [
      ("build", { try? manager.removeItem(atPath: path("out")) }, ["build", "--config", config, "--quiet"]),
      (
        "export", { try? manager.removeItem(atPath: path("export")) },
        ["export", "--config", config, "--all", "-o", path("export")]
      ),
      // Pristine layers first: the previous round's changed import rewrote them.
      ("import", restoreLayers, ["import", "--config", config, path("xliff")]),
      ("import changes", restoreLayers, ["import", "--config", config, path("changed")]),
    ]
    var samples: [String: [(elapsed: Double, cpu: Double)]] = [:]
    for _ in 0..<rounds {
      for kind in kinds {
        kind.prepare()
        // The previous run's writes are flushed first, so that their writeback is no one's time.
        sync()
        samples[kind.label, default: []].append(Spawn.timed(binary, kind.arguments))
      }
    }
    restoreLayers()
    func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let timings = samples.mapValues { Timing(elapsed: middle($0.map(\.elapsed)), cpu: middle($0.map(\.cpu))) }
    return Size(keys: keys, units: units, timings: timings)
  }
}
