import Foundation
import LayerMerge

/// `locmerge init --xcodeproj` on ghostery's project (740 KB, 16 targets) beside its corpus
/// files, against `locmerge extract` given the same copies by hand (`--only-lproj
/// Cliqz=Branding/Cliqz …`, which reads exactly the three brands' InfoPlist and ForgetMode
/// tables), each as a whole process, in the same run. Goal: `init --xcodeproj` within 2× of
/// `extract`. Both write the same layers (checked), into a fresh folder every round.
enum MigrationBenchmark {
  static func run(shared: URL, binary: URL, rounds: Int) throws -> String {
    let scratch = try GhosteryScratch(shared: shared, label: "migrate")
    defer { scratch.remove() }
    let root = scratch.root
    let fromProject = root.appendingPathComponent("FromProject")
    let byHand = root.appendingPathComponent("ByHand")
    let initialize = [
      "init", "--xcodeproj", scratch.project.path, "-o", fromProject.path,
    ]
    let extract =
      ["extract", "--only-lproj", "-o", byHand.path, "-c", root.appendingPathComponent("by-hand.json").path]
      + ["Cliqz", "Ghostery", "WhiteLabel"].map { "\($0)=\(root.path)/Branding/\($0)" }
    func reset() {
      for item in ["FromProject", "ByHand", "locmerge.json", "by-hand.json"] {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(item))
      }
    }
    reset()
    guard Spawn.run(binary.path, initialize) == 0, Spawn.run(binary.path, extract) == 0 else {
      return "(init --xcodeproj or extract failed; figures skipped)\n"
    }
    guard snapshot(fromProject) == snapshot(byHand), !snapshot(byHand).isEmpty else {
      return "(init --xcodeproj and extract wrote different layers; figures skipped)\n"
    }

    // Each kind of run takes its turn in every round, so load on a shared machine falls on all alike.
    var initTimes: [(elapsed: Double, cpu: Double)] = []
    var extractTimes: [(elapsed: Double, cpu: Double)] = []
    var startTimes: [(elapsed: Double, cpu: Double)] = []
    for _ in 0..<rounds {
      reset()
      initTimes.append(Spawn.timed(binary, initialize))
      extractTimes.append(Spawn.timed(binary, extract))
      startTimes.append(Spawn.timed(binary, ["--version"]))
    }
    let baseline = extractTimes.map(\.elapsed).sorted()[rounds / 2]
    func row(_ label: String, _ times: [(elapsed: Double, cpu: Double)]) -> String {
      let median = times.map(\.elapsed).sorted()[times.count / 2]
      let best = times.map(\.elapsed).min() ?? 0
      let cpu = times.map(\.cpu).sorted()[times.count / 2]
      return
        "| \(label) | \(Format.milliseconds(median)) | \(Format.milliseconds(best)) | \(Format.milliseconds(cpu)) | "
        + "\(String(format: "%.2f", median / baseline)) |\n"
    }
    var text = "| run (ghostery: 3 app targets, 2 families, 12 tables) | median | best | CPU (median) | × extract |\n"
    text += "|---|---|---|---|---|\n"
    text += row("`locmerge extract --only-lproj`, the same copies named by hand (baseline)", extractTimes)
    text += row("`locmerge init --xcodeproj` (reads the 740 KB project, finds the copies)", initTimes)
    text += row("`locmerge --version` (process start)", startTimes)
    return text
      + "\n(\(binary.path); \(rounds) rounds, each kind of run in turn, outputs removed before each; "
      + "goal: init --xcodeproj ≤ 2.00× extract)\n"
  }

  // MARK: - Private

  /// Every file under a folder, by relative path, with its bytes.
  private static func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path) {
        files[relative] = data
      }
    }
    return files
  }
}
