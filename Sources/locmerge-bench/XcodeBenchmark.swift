import Foundation
import LayerMerge

/// `locmerge xcode show --json` and `locmerge xcode install` on the largest shared project
/// (ghostery's, 740 KB, 16 targets), each as a whole process, against Foundation's
/// `PropertyListSerialization` parsing the same file in process, in the same run. The goal: each
/// whole process in at most half Foundation's parse.
///
/// The project is read beside its app's localization files (links to ../shared/corpus), with a
/// locmerge.json giving the three white-label apps the shared translations and their brand folder;
/// `install` adds the phase to the three and takes their brand tables' copies out. Before each
/// `install` round the project file, locmerge.json and the file lists are put back as they were,
/// so every round does the whole install and writes.
enum XcodeBenchmark {
  static func run(shared: URL, binary: URL, rounds: Int) throws -> String {
    let scratch = try GhosteryScratch(shared: shared, label: "xcode")
    defer { scratch.remove() }
    let (root, projectFile, bytes) = (scratch.root, scratch.projectFile, scratch.bytes)
    let config = root.appendingPathComponent("locmerge.json")
    let configText = """
      {
        "base": "Translations",
        "destination": "$(DERIVED_FILE_DIR)/LocMerge",
        "fileLists": { "inputs": "Lists/{target}-inputs.xcfilelist", "outputs": "Lists/{target}-outputs.xcfilelist" },
        "targets": {
          "Cliqz": { "layers": ["Branding/Cliqz"] },
          "Ghostery": { "layers": ["Branding/Ghostery"] },
          "WhiteLabel": { "layers": ["Branding/WhiteLabel"] }
        }
      }

      """
    func reset() {
      try? bytes.write(to: projectFile)
      try? Data(configText.utf8).write(to: config)
      try? FileManager.default.removeItem(at: root.appendingPathComponent("Lists"))
    }
    reset()
    let project = scratch.project.path
    let show = ["xcode", "show", "--json", "--project", project, "--config", config.path]
    let install = ["xcode", "install", "--remove-copies", "--project", project, "--config", config.path]
    guard Spawn.run(binary.path, show) == 0 else { return "(xcode show failed; figures skipped)\n" }
    guard Spawn.run(binary.path, install) == 0, (try? Data(contentsOf: projectFile)) != bytes else {
      return "(xcode install failed; figures skipped)\n"
    }

    // Each kind of run takes its turn in every round, so load on a shared machine falls on all alike.
    var foundation: [Double] = []
    var foundationCPU: [Double] = []
    var showTimes: [(elapsed: Double, cpu: Double)] = []
    var installTimes: [(elapsed: Double, cpu: Double)] = []
    var start = processStart(binary)
    // The floor of any install: replacing the project file atomically on this disk (740 KB written
    // to a temporary file, renamed over the old one), in process, alternating two versions.
    var replace: [(elapsed: Double, cpu: Double)] = []
    let floorFile = root.appendingPathComponent("floor.pbxproj").path
    let versions = [[UInt8](bytes), [UInt8](bytes) + [0x0A]]
    for _ in 0..<rounds {
      let began = DispatchTime.now().uptimeNanoseconds
      let cpuBegan = processCPUSeconds()
      _ = try PropertyListSerialization.propertyList(from: bytes, format: nil)
      foundationCPU.append(processCPUSeconds() - cpuBegan)
      foundation.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
      showTimes.append(Spawn.timed(binary, show))
      reset()
      installTimes.append(Spawn.timed(binary, install))
      let replaceBegan = DispatchTime.now().uptimeNanoseconds
      let replaceCPU = processCPUSeconds()
      _ = try? AtomicFile.writeIfChanged(versions[replace.count % 2], to: floorFile)
      replace.append(
        (Double(DispatchTime.now().uptimeNanoseconds - replaceBegan) / 1e9, processCPUSeconds() - replaceCPU))
      let idle = processStart(binary)
      start = (min(start.elapsed, idle.elapsed), min(start.cpu, idle.cpu))
    }
    let parse = foundation.min() ?? 0
    let parseCPU = foundationCPU.min() ?? 0
    func row(_ label: String, _ times: [(elapsed: Double, cpu: Double)]) -> String {
      let best = times.map(\.elapsed).min() ?? 0
      let median = times.map(\.elapsed).sorted()[times.count / 2]
      let cpu = times.map(\.cpu).min() ?? 0
      return
        "| \(label) | \(Format.milliseconds(best)) | \(Format.milliseconds(median)) | \(Format.milliseconds(cpu)) | "
        + "\(String(format: "%.2f", best / parse)) | \(String(format: "%.2f", cpu / parseCPU)) |\n"
    }
    var text =
      "| run (ghostery, \(bytes.count / 1000) KB, 16 targets) | best | median | CPU (best) | × Foundation (elapsed) "
      + "| × Foundation (CPU) |\n"
    text += "|---|---|---|---|---|---|\n"
    text +=
      "| Foundation `PropertyListSerialization`, parse only, in process | \(Format.milliseconds(parse)) | "
      + "\(Format.milliseconds(foundation.sorted()[foundation.count / 2])) | \(Format.milliseconds(parseCPU)) | 1.00 "
      + "| 1.00 |\n"
    text += row("`locmerge xcode show --json`, whole process", showTimes)
    text += row("`locmerge xcode install --remove-copies` (3 targets, writes), whole process", installTimes)
    text += row("`locmerge --version`, whole process (process start)", [start])
    text += row("replacing the 740 KB file atomically (temporary + rename), in process: install's floor", replace)
    return text
      + "\n(\(binary.path) in \(root.deletingLastPathComponent().path); \(rounds) rounds, each kind of run in turn; goal: "
      + "show and install ≤ 0.50)\n"
  }

  // MARK: - Private

  /// The CPU time this process has used, user and system.
  private static func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  private static func processStart(_ binary: URL) -> (elapsed: Double, cpu: Double) {
    Spawn.timed(binary, ["--version"])
  }
}
