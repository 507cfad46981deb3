import Foundation
import LayerMerge

/// `locmerge build` of every target of a project, as whole processes: against the seed script's
/// algorithm run once per target, and against copying the bytes it writes (`cp -r`).
enum ProjectBenchmark {
  /// The languages `shared/tools/seed_algorithm.py` merges (its fixed list): the workload has
  /// exactly these, so the seed's algorithm does all the work a build does for `.strings`.
  static let seedLanguages = ["en", "de", "es", "fr", "it", "ja", "ko", "pt-PT", "pt", "ru", "zh-Hans"]

  /// Elapsed and CPU time (user + system of the processes) of one kind of run, and the system
  /// part of the CPU time: medians.
  struct Timing {
    var elapsed: Double
    var cpu: Double
    var system: Double
  }

  /// The CPU time processes used, user and system apart.
  struct CPUTime {
    var user: Double
    var system: Double
    var total: Double { user + system }
    static let zero = CPUTime(user: 0, system: 0)
    static func + (left: CPUTime, right: CPUTime) -> CPUTime {
      CPUTime(user: left.user + right.user, system: left.system + right.system)
    }
  }

  /// 18 targets × 11 languages × 2,000 keys: one `locmerge build` against the seed algorithm and
  /// the benchmark's reconstruction of the seed script, each run once per target, and the floors:
  /// starting a process, and copying the files a build writes. Every kind of run takes its turn
  /// in each round, so that load on a shared machine falls on all of them alike.
  static func seedScale(shared: URL, binary: URL, packageRoot: URL, rounds: Int, targets: Int = 18) throws -> String {
    let project = try Workload.generate(
      shared: shared, targets: targets, languages: seedLanguages.count, keys: 2000, utf16: 0,
      languageList: seedLanguages)
    defer { try? FileManager.default.removeItem(at: project) }
    try Workload.makeOverridesCompatible(project)
    let names = try targetNames(project)
    let config = try writeProjectFile(project, targets: names)
    func folder(_ name: String) -> String { project.appendingPathComponent(name).path }
    let base = folder("base")
    let build = ["build", "--config", config, "--quiet"]
    // What the seed script merges: Localizable.strings only.
    let seedTables =
      build + ["--exclude", "InfoPlist.strings", "--exclude", "*.stringsdict", "-d", folder("same") + "/{target}"]
    let first = Spawn.run(binary.path, build)
    guard first == 0, Spawn.run(binary.path, seedTables) == 0 else {
      return "(locmerge build failed with status \(first); figures skipped)\n"
    }
    let seedAlgorithm = shared.appendingPathComponent("tools/seed_algorithm.py").path
    let reconstruction = packageRoot.appendingPathComponent("Benchmarks/build_localization_seed.py").path
    var status: [String: Int32] = [:]
    func perTarget(_ script: String, into destination: String) -> CPUTime {
      names.reduce(CPUTime.zero) { cpu, name in
        let run = Spawn.runMeasuringTimes(
          "/usr/bin/env",
          ["python3", script, "-b", base, "-s", "\(project.path)/targets/\(name)", "-d", "\(destination)/\(name)"])
        status[script] = max(status[script] ?? 0, run.status)
        return cpu + CPUTime(user: run.userSeconds, system: run.systemSeconds)
      }
    }
    _ = perTarget(seedAlgorithm, into: folder("seed"))
    typealias Kind = (label: String, prepare: () -> Void, run: () -> CPUTime)
    let kinds: [Kind] = [
      ("start", {}, { spawn(binary.path, ["--version"]) }),
      (
        "build", { try? FileManager.default.removeItem(atPath: folder("out")) },
        {
          spawn(binary.path, build)
        }
      ),
      ("again", {}, { spawn(binary.path, build) }),
      (
        "same", { try? FileManager.default.removeItem(atPath: folder("same")) },
        {
          spawn(binary.path, seedTables)
        }
      ),
      (
        "merges", { try? FileManager.default.removeItem(atPath: folder("merges")) },
        {
          names.reduce(CPUTime.zero) { cpu, name in
            cpu
              + spawn(
                binary.path,
                ["-b", base, "-s", "\(project.path)/targets/\(name)", "-d", folder("merges") + "/\(name)", "-q"]
              )
          }
        }
      ),
      ("seed", {}, { perTarget(seedAlgorithm, into: folder("seed")) }),
      ("reconstruction", {}, { perTarget(reconstruction, into: folder("reconstruction")) }),
      (
        "copy", { try? FileManager.default.removeItem(atPath: folder("copy")) },
        {
          spawn("/bin/cp", ["-r", folder("out"), folder("copy")])
        }
      ),
      (
        "copy seed", { try? FileManager.default.removeItem(atPath: folder("copy-seed")) },
        {
          spawn("/bin/cp", ["-r", folder("seed"), folder("copy-seed")])
        }
      ),
    ]
    var samples: [String: [(Double, CPUTime)]] = [:]
    for _ in 0..<rounds {
      for kind in kinds {
        kind.prepare()
        samples[kind.label, default: []].append(measure(kind.run))
      }
    }
    let timing = samples.mapValues(median)
    func t(_ label: String) -> Timing { timing[label] ?? Timing(elapsed: 0, cpu: 0, system: 0) }
    let full = t("build")
    let outputs = Workload.fileCount(under: URL(fileURLWithPath: folder("out")))
    let seedFiles = Workload.fileCount(under: URL(fileURLWithPath: folder("seed")))
    func ratio(_ label: String, against reference: Timing) -> String {
      "\(Format.ratio(t(label).elapsed / reference.elapsed)) (CPU \(Format.ratio(t(label).cpu / reference.cpu)))"
    }
    func row(_ label: String, _ kind: String, _ note: String) -> String {
      "| \(label) | \(Format.milliseconds(t(kind).elapsed)) | \(Format.milliseconds(t(kind).cpu)) | "
        + "\(Format.milliseconds(t(kind).system)) | \(note) |"
    }
    func exit(_ script: String) -> String { (status[script] ?? 0) == 0 ? "" : " (exit status \(status[script] ?? 0))" }
    return """
      | \(names.count) targets × \(seedLanguages.count) languages × 2000 keys, whole processes | elapsed (median) | CPU (median) | of which system | seed ÷ this |
      |---|---:|---:|---:|---:|
      \(row("**`locmerge build`, every target** (fresh destinations, \(outputs) files)", "build", "**\(ratio("seed", against: full))**"))
      \(row("`locmerge build`, only Localizable.strings, as the seed (fresh destinations)", "same", ratio("seed", against: t("same"))))
      \(row("`locmerge build`, nothing changed", "again", ratio("seed", against: t("again"))))
      \(row("`locmerge merge` once per target (fresh destinations)", "merges", ratio("seed", against: t("merges"))))
      \(row("`seed_algorithm.py` once per target\(exit(seedAlgorithm)) (\(seedFiles) files)", "seed", "1.0×"))
      \(row("`build_localization_seed.py` once per target\(exit(reconstruction))", "reconstruction", ratio("seed", against: t("reconstruction"))))
      \(row("floor: `cp -r` of the build's outputs", "copy", ratio("seed", against: t("copy"))))
      \(row("floor: `cp -r` of the seed's outputs", "copy seed", ratio("seed", against: t("copy seed"))))
      \(row("floor: process start, `locmerge --version`", "start", ""))

      (medians of \(rounds) rounds, every kind of run once per round in turn; "seed ÷ this" = the time of
      `seed_algorithm.py` run once per target ÷ the time of that row, elapsed and CPU; system = the CPU
      time the kernel spent for the processes, file creation above all)

      """
  }

  /// Many targets: one `locmerge build` against `cp -r` of what it wrote, alternately in each round.
  static func manyTargets(shared: URL, binary: URL, rounds: Int, targets: Int = 200) throws -> String {
    let project = try Workload.generate(
      shared: shared, targets: targets, languages: seedLanguages.count, keys: 2000, utf16: 0,
      languageList: seedLanguages)
    defer { try? FileManager.default.removeItem(at: project) }
    try Workload.makeOverridesCompatible(project)
    let names = try targetNames(project)
    let config = try writeProjectFile(project, targets: names)
    let out = project.appendingPathComponent("out").path
    let copy = project.appendingPathComponent("copy").path
    let build = ["build", "--config", config, "--quiet"]
    let first = Spawn.run(binary.path, build)
    guard first == 0 else { return "(locmerge build failed with status \(first); figures skipped)\n" }
    let bytes = Workload.byteCount(under: URL(fileURLWithPath: out))
    let files = Workload.fileCount(under: URL(fileURLWithPath: out))
    var builds: [(Double, CPUTime)] = []
    var copies: [(Double, CPUTime)] = []
    for _ in 0..<rounds {
      try? FileManager.default.removeItem(atPath: copy)
      copies.append(measure { spawn("/bin/cp", ["-r", out, copy]) })
      try? FileManager.default.removeItem(atPath: out)
      builds.append(measure { spawn(binary.path, build) })
    }
    let again = timed(rounds) { spawn(binary.path, build) }
    let copied = median(copies)
    func row(_ label: String, _ timing: Timing) -> String {
      let ratio = String(format: "%.2f× (CPU %.2f×)", timing.elapsed / copied.elapsed, timing.cpu / copied.cpu)
      return "| \(label) | \(Format.milliseconds(timing.elapsed)) | \(Format.milliseconds(timing.cpu)) | "
        + "\(Format.milliseconds(timing.system)) | \(ratio) |"
    }
    return """
      | \(names.count) targets × \(seedLanguages.count) languages × 2000 keys (\(files) files, \(bytes / 1_000_000) MB written) | elapsed (median) | CPU (median) | of which system | this ÷ `cp -r` |
      |---|---:|---:|---:|---:|
      \(row("`cp -r` of the outputs (the baseline)", copied))
      \(row("**`locmerge build`, every target** (fresh destinations)", median(builds)))
      \(row("`locmerge build`, nothing changed", again))

      (medians of \(rounds) rounds; the copy and the build alternate in each round, each into a folder just removed;
      system = the CPU time the kernel spent for the process)

      """
  }

  /// The batch build of 18 targets in process, stage by stage: where one `locmerge build` spends
  /// its time, and the floors under it.
  static func stages(shared: URL, rounds: Int, targets: Int = 18) throws -> String {
    let project = try Workload.generate(
      shared: shared, targets: targets, languages: seedLanguages.count, keys: 2000, utf16: 0,
      languageList: seedLanguages)
    defer { try? FileManager.default.removeItem(at: project) }
    try Workload.makeOverridesCompatible(project)
    let names = try targetNames(project)
    let config = try writeProjectFile(project, targets: names)
    guard let file = ProjectFileReader.read(path: config).project else { return "(project file unreadable)\n" }
    let out = project.appendingPathComponent("out").path
    let buildTargets = try file.buildTargets(file.targets, environment: [:])
    let stacks = buildTargets.map(\.layers)
    var shared = SharedLayers([])
    let load = Measurement.run("load", rounds: rounds) { shared = SharedLayers(stacks.flatMap { $0 }) }
    var results: [MergeResult] = []
    let merge = Measurement.run("merge", rounds: rounds) { results = shared.merge(stacks) { $1 } }
    var outputs: [[OutputFile]] = []
    let render = Measurement.run("render", rounds: rounds) {
      outputs = results.concurrentMapForBenchmark { OutputFile.files(for: $0.tables) }
    }
    let write = Measurement.run("write", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: out) })
    {
      _ = Array(zip(buildTargets, outputs)).concurrentMapForBenchmark { target, files in
        (try? OutputPlan(files: files, destination: target.destination).apply()) != nil
      }
    }
    let whole = Measurement.run(
      "build", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: out) }
    ) {
      _ = ProjectBuild(targets: buildTargets, options: file.options, tool: "bench").run()
    }
    let again = Measurement.run("again", rounds: rounds) {
      _ = ProjectBuild(targets: buildTargets, options: file.options, tool: "bench").run()
    }
    let files = outputs.reduce(0) { $0 + $1.count }
    let bytes = outputs.reduce(0) { $0 + $1.reduce(0) { $0 + $1.bytes.count } }
    let entries = results.reduce(0) { $0 + $1.tables.reduce(0) { $0 + $1.table.count } }
    func row(_ label: String, _ measurement: Measurement) -> String {
      "| \(label) | \(Format.milliseconds(measurement.median)) | \(Format.milliseconds(measurement.best)) |"
    }
    return """
      | in process, \(names.count) targets | median | best |
      |---|---:|---:|
      \(row("read and parse the \(stacks.flatMap { $0 }.count - stacks.count + 1) layers, each once", load))
      \(row("merge the \(names.count) stacks and run every check (\(entries) entries)", merge))
      \(row("render the \(files) output files (\(bytes / 1_000_000) MB)", render))
      \(row("create them in \(names.count) fresh destinations (`OutputPlan`)", write))
      \(row("**`ProjectBuild.run()`, all of the above** (fresh destinations)", whole))
      \(row("`ProjectBuild.run()`, nothing changed", again))

      """
  }

  // MARK: - Private

  private static func targetNames(_ project: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path).sorted()
  }

  /// `locmerge.json` with every target over the base, each into `out/<target>`.
  /// - Parameters:
  ///   - name: The file's name in the project folder.
  ///   - more: Further members of each target's entry (`, "sources": […]`), by target.
  static func writeProjectFile(
    _ project: URL, targets: [String], name: String = "locmerge.json", more: (String) -> String = { _ in "" }
  ) throws -> String {
    let lines = targets.map { "    \"\($0)\": {\"layers\": [\"targets/\($0)\"]\(more($0))}" }
    let text = """
      {
        "base": "base",
        "destination": "out/{target}",
        "targets": {
      \(lines.joined(separator: ",\n"))
        }
      }

      """
    let path = project.appendingPathComponent(name)
    try Data(text.utf8).write(to: path)
    return path.path
  }

  /// Runs a program and returns the CPU time it used.
  private static func spawn(_ path: String, _ arguments: [String]) -> CPUTime {
    let run = Spawn.runMeasuringTimes(path, arguments)
    return CPUTime(user: run.userSeconds, system: run.systemSeconds)
  }

  /// Runs `work` (which returns the CPU time it used) and returns its elapsed and CPU time.
  private static func measure(_ work: () -> CPUTime) -> (Double, CPUTime) {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = work()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpu)
  }

  private static func median(_ samples: [(Double, CPUTime)]) -> Timing {
    func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return Timing(
      elapsed: middle(samples.map(\.0)), cpu: middle(samples.map(\.1.total)),
      system: middle(samples.map(\.1.system)))
  }

  /// Medians of `rounds` runs after a warm-up; `prepare` runs untimed before each.
  private static func timed(_ rounds: Int, prepare: () -> Void = {}, _ work: () -> CPUTime) -> Timing {
    prepare()
    _ = work()
    var samples: [(Double, CPUTime)] = []
    for _ in 0..<rounds {
      prepare()
      samples.append(measure(work))
    }
    return median(samples)
  }
}
