import Foundation

/// What a build phase costs against what it cannot avoid: starting a process and copying its
/// output bytes (issue #28). On the seed-scale project (18 targets × 11 languages × 2,000 keys):
///
/// - one target, `locmerge -b base -s T -d D` as a whole process, against `locmerge --version`
///   plus `cp -r` of the files that run leaves;
/// - all 18 targets, one `locmerge build`, against `cp -r` of everything it leaves;
/// - the no-change run of one target against `locmerge --version`;
/// - the peak memory of each against `--version`'s.
///
/// Every kind of run takes its turn in each round, and the ratios are medians of the ratios of
/// each round, so that the load of the moment falls on both sides of a ratio alike. Each run
/// writes into a folder that does not exist yet; every folder is removed after the last round
/// (on ext4 without a journal, creating a file scans the inodes deleted in the last 30 seconds,
/// so removing the previous round's outputs right before a run would time the deletions too).
/// A second binary (`--baseline-binary`, the build before a change) takes its turn in the same
/// rounds, against the same floors.
enum FloorBenchmark {
  /// A kind of run, measured.
  private struct Sample {
    var elapsed: Double
    var user: Double
    var system: Double
    var cpu: Double { user + system }
  }

  /// The whole comparison in each folder: the machine's disk, and `tmpfs`.
  /// - Parameter binaries: The builds of locmerge to measure, with a label each.
  static func run(
    shared: URL, binaries: [(label: String, binary: URL)], rounds: Int, places: [(name: String, folder: URL)]
  )
    throws -> String
  {
    var report = ""
    for place in places {
      report += "### \(place.name) (`\(place.folder.path)`)\n\n"
      report += try measure(shared: shared, binaries: binaries, rounds: rounds, in: place.folder)
    }
    return report
  }

  /// The folders to measure in: the temporary folder (normally on disk) and `/dev/shm` (`tmpfs`
  /// on Linux) when it exists.
  static var defaultPlaces: [(name: String, folder: URL)] {
    var places = [("disk", FileManager.default.temporaryDirectory)]
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder), isFolder.boolValue {
      places.append(("tmpfs", URL(fileURLWithPath: "/dev/shm")))
    }
    return places
  }

  private static func measure(
    shared: URL, binaries: [(label: String, binary: URL)], rounds: Int, in folder: URL
  ) throws -> String {
    let scratch = folder.appendingPathComponent("locmerge-bench-floor-\(getpid())")
    try? FileManager.default.removeItem(at: scratch)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let project = try Workload.generate(
      shared: shared, targets: 18, languages: ProjectBenchmark.seedLanguages.count, keys: 2000, utf16: 0,
      languageList: ProjectBenchmark.seedLanguages, into: scratch.appendingPathComponent("project"))
    try Workload.makeOverridesCompatible(project)
    let names = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path)
      .sorted()
    let config = try ProjectBenchmark.writeProjectFile(project, targets: names)
    let base = project.appendingPathComponent("base").path
    let target = project.appendingPathComponent("targets/\(names[0])").path
    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
    func merge(into destination: String) -> [String] { ["-b", base, "-s", target, "-d", destination, "--quiet"] }
    func build(into folder: String) -> [String] { Self.build(config: config, into: folder) }

    // What the runs leave, copied by the floors; a no-change run of each binary has its own.
    for (index, entry) in binaries.enumerated() {
      guard Spawn.run(entry.binary.path, merge(into: path("one-\(index)"))) == 0,
        Spawn.run(entry.binary.path, build(into: path("all-\(index)"))) == 0
      else { return "(the merge or the build of \(entry.binary.path) failed; figures skipped)\n\n" }
    }
    let oneFiles = Workload.fileCount(under: URL(fileURLWithPath: path("one-0")))
    let oneBytes = Workload.byteCount(under: URL(fileURLWithPath: path("one-0")))
    let allFiles = Workload.fileCount(under: URL(fileURLWithPath: path("all-0")))
    let allBytes = Workload.byteCount(under: URL(fileURLWithPath: path("all-0")))

    var samples: [String: [Sample]] = [:]
    var peaks: [String: [Int]] = [:]
    for round in 0...rounds {
      func timed(_ label: String, _ program: String, _ arguments: [String]) {
        let start = DispatchTime.now().uptimeNanoseconds
        let run = Spawn.runMeasuringTimes(program, arguments)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Round 0 warms every kind up.
        guard round > 0 else { return }
        samples[label, default: []].append(Sample(elapsed: elapsed, user: run.userSeconds, system: run.systemSeconds))
      }
      timed("copy one", "/bin/cp", ["-r", path("one-0"), path("copy-one-\(round)")])
      timed("copy all", "/bin/cp", ["-r", path("all-0"), path("copy-all-\(round)")])
      for (index, entry) in binaries.enumerated() {
        let binary = entry.binary.path
        timed("start \(index)", binary, ["--version"])
        timed("one \(index)", binary, merge(into: path("one-\(index)-\(round)")))
        timed("again \(index)", binary, merge(into: path("one-\(index)")))
        timed("all \(index)", binary, build(into: path("all-\(index)-\(round)")))
      }
      // Peaks through a helper process, so that this process's memory does not count.
      guard round > 0 else { continue }
      for (index, entry) in binaries.enumerated() {
        let binary = entry.binary.path
        peaks["start \(index)", default: []].append(ChildPeak.measure(binary, ["--version"]))
        peaks["one \(index)", default: []].append(
          ChildPeak.measure(binary, merge(into: path("peak-one-\(index)-\(round)"))))
        peaks["all \(index)", default: []].append(
          ChildPeak.measure(binary, build(into: path("peak-all-\(index)-\(round)"))))
      }
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func medianOf(_ label: String, _ value: (Sample) -> Double) -> Double { median((samples[label] ?? []).map(value)) }
    /// The median over rounds of `label`'s time divided by the sum of the floors' in that round.
    func ratio(_ label: String, over floors: [String], _ value: (Sample) -> Double) -> Double {
      let measured = samples[label] ?? []
      let floorSamples = floors.map { samples[$0] ?? [] }
      return median(
        measured.indices.map { index in
          value(measured[index]) / floorSamples.reduce(0) { $0 + value($1[index]) }
        })
    }
    func row(_ label: String, _ kind: String, ratio ratioText: String = "") -> String {
      "| \(label) | \(Format.milliseconds(medianOf(kind, \.elapsed))) | \(Format.milliseconds(medianOf(kind, \.cpu))) | "
        + "\(Format.milliseconds(medianOf(kind, \.system))) | \(ratioText) |"
    }
    func ratioText(_ label: String, over floors: [String], goal: Double) -> String {
      let elapsed = ratio(label, over: floors, \.elapsed)
      let cpu = ratio(label, over: floors, \.cpu)
      return String(format: "**%.2f×** (CPU %.2f×; goal ≤ %.1f×)", elapsed, cpu, goal)
    }
    func megabytes(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1024) }
    let peak = peaks.mapValues { values in values.sorted()[values.count / 2] }

    var rows = [
      "| whole processes, medians of \(rounds) rounds | elapsed | CPU | of which system | ratio to the floor (median of per-round ratios) |",
      "|---|---:|---:|---:|---:|",
      row("floor: `cp -r` of one target's outputs (\(oneFiles) files, \(oneBytes) bytes)", "copy one"),
      row("floor: `cp -r` of the build's outputs (\(allFiles) files, \(allBytes) bytes)", "copy all"),
    ]
    var memory = [
      "| peak memory (maximum resident set, median of \(rounds)) | `--version` | one target | above `--version` | all \(names.count) targets | above `--version` | ÷ one target's |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (index, entry) in binaries.enumerated() {
      let name = entry.label
      rows += [
        row("\(name): floor: process start, `locmerge --version`", "start \(index)"),
        row(
          "\(name): **one target**, `-b base -s T -d D`, fresh DEST", "one \(index)",
          ratio: ratioText("one \(index)", over: ["start \(index)", "copy one"], goal: 2) + " of start + `cp -r`"),
        row(
          "\(name): one target, nothing changed", "again \(index)",
          ratio: ratioText("again \(index)", over: ["start \(index)"], goal: 1.5) + " of start"),
        row(
          "\(name): **all \(names.count) targets**, one `locmerge build`, fresh destinations", "all \(index)",
          ratio: ratioText("all \(index)", over: ["copy all"], goal: 1.2) + " of `cp -r`"),
      ]
      let (start, one, all) = (peak["start \(index)"] ?? 0, peak["one \(index)"] ?? 0, peak["all \(index)"] ?? 0)
      memory.append(
        "| \(name) | \(megabytes(start)) | \(megabytes(one)) | **\(megabytes(one - start))** (goal ≤ 12 MB) | "
          + "\(megabytes(all)) | \(megabytes(all - start)) | **"
          + String(format: "%.2f×", Double(all - start) / Double(max(1, one - start))) + "** (goal ≤ 2×) |")
    }
    return (rows + [""] + memory).joined(separator: "\n") + """


      (\(binaries.map { "\($0.label): `\($0.binary.path)`" }.joined(separator: "; ")); load average at the end: \
      \(loadAverage()); system = the CPU time the kernel spent for the process)


      """
  }

  private static func build(config: String, into folder: String) -> [String] {
    ["build", "--config", config, "-d", folder + "/{target}", "--quiet"]
  }

  /// The 1-, 5- and 15-minute load averages, as `uptime` shows them.
  static func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "unknown" }
    return loads.map { String(format: "%.2f", $0) }.joined(separator: ", ")
  }
}
