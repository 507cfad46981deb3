import Foundation
import LayerMerge

/// The merge, the no-change rebuild and the audit, in process and as whole processes, against
/// the seed script and against starting a process.
enum MergeBenchmark {
  /// Merges the base and one target and writes (or confirms) the outputs, as the CLI does.
  static func mergeAndWrite(base: String, target: String, destination: String) -> OutputReport? {
    let result = LayerMerger.merge([Layer(path: base), Layer(path: target)])
    return try? OutputPlan(result: result, destination: destination).apply()
  }

  static func inProcess(project: URL, rounds: Int) -> String {
    let base = project.appendingPathComponent("base").path
    let target = project.appendingPathComponent("targets/Target01").path
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-dest-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let full = Measurement.run(
      "full merge", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }
    ) {
      _ = mergeAndWrite(base: base, target: target, destination: destination)
    }
    var unchanged = 0
    let again = Measurement.run("no-change merge", rounds: rounds) {
      unchanged = mergeAndWrite(base: base, target: target, destination: destination)?.unchanged.count ?? 0
    }
    // The stages of the full merge, each alone: where a build-phase run spends its time.
    let layers = [Layer(path: base), Layer(path: target)]
    var loaded: [LoadedLayer] = []
    let read = Measurement.run("read", rounds: rounds) { loaded = layers.map(LoadedLayer.init) }
    var result = LayerMerger.merge(loaded: loaded)
    let merge = Measurement.run("merge", rounds: rounds) { result = LayerMerger.merge(loaded: loaded) }
    var outputs: [OutputFile] = []
    let render = Measurement.run("render", rounds: rounds) { outputs = OutputFile.files(for: result.tables) }
    let write = Measurement.run(
      "write", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }
    ) {
      _ = try? OutputPlan(files: outputs, destination: destination).apply()
    }
    let bytes = outputs.reduce(0) { $0 + $1.bytes.count }
    let targets =
      (try? FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path))?
      .sorted() ?? []
    var rows = 0
    let audit = Measurement.run("audit", rounds: max(1, rounds / 2)) {
      let report = AuditReport(
        base: Layer(path: base),
        targets: targets.map { ($0, [Layer(path: project.appendingPathComponent("targets/\($0)").path)]) })
      rows = report.matrix.count
    }
    return """
      | in-process work | median | best |
      |---|---:|---:|
      | merge one target and write every output (fresh DEST) | \(Format.milliseconds(full.median)) | \(Format.milliseconds(full.best)) |
      | merge one target again, nothing changed (\(unchanged) files compared, 0 written) | \(Format.milliseconds(again.median)) | \(Format.milliseconds(again.best)) |
      | audit of \(targets.count) targets (\(rows) matrix rows) | \(Format.milliseconds(audit.median)) | \(Format.milliseconds(audit.best)) |

      | stage of the full merge | median | best |
      |---|---:|---:|
      | read and parse \(layers.count) layers (\(loaded.reduce(0) { $0 + $1.files.count }) files) | \(Format.milliseconds(read.median)) | \(Format.milliseconds(read.best)) |
      | merge \(result.tables.count) tables and run every check | \(Format.milliseconds(merge.median)) | \(Format.milliseconds(merge.best)) |
      | render the \(outputs.count) files (\(bytes) bytes) | \(Format.milliseconds(render.median)) | \(Format.milliseconds(render.best)) |
      | create them in a fresh DEST (temporary file + rename each) | \(Format.milliseconds(write.median)) | \(Format.milliseconds(write.best)) |

      """
  }

  /// Merge time per entry at several sizes: it should stay flat if the merge is linear.
  static func scaling(shared: URL, rounds: Int, sizes: [Int]) throws -> String {
    var lines = ["| keys per table | entries merged | merge (median) | per entry |", "|---:|---:|---:|---:|"]
    for keys in sizes {
      let project = try Workload.generate(shared: shared, targets: 1, languages: 11, keys: keys, utf16: 0)
      defer { try? FileManager.default.removeItem(at: project) }
      try Workload.makeOverridesCompatible(project)
      let base = LoadedLayer(Layer(path: project.appendingPathComponent("base").path))
      let target = LoadedLayer(Layer(path: project.appendingPathComponent("targets/Target01").path))
      var entries = 0
      let merge = Measurement.run("merge", rounds: rounds) {
        let result = LayerMerger.merge(loaded: [base, target])
        entries = result.tables.reduce(0) { $0 + $1.table.count }
      }
      lines.append(
        "| \(keys) | \(entries) | \(Format.milliseconds(merge.median)) | "
          + String(format: "%.0f ns", merge.median * 1e9 / Double(max(entries, 1))) + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whole processes, as a build phase runs them: the median of `rounds` runs each.
  static func processes(project: URL, binary: URL, seedScript: URL, rounds: Int) -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-proc-\(getpid())")
      .path
    let seedDestination = destination + "-seed"
    defer {
      try? FileManager.default.removeItem(atPath: destination)
      try? FileManager.default.removeItem(atPath: seedDestination)
    }
    let base = project.appendingPathComponent("base").path
    let target = project.appendingPathComponent("targets/Target01").path
    let merge = ["-b", base, "-s", target, "-d", destination, "--quiet"]
    let start = time(rounds) { run(binary.path, ["--version"]) }
    let status = run(binary.path, merge)
    if status != 0 { return "(the merge failed with status \(status); whole-process figures skipped)\n" }
    // Emptying DEST is not part of the run (the seed script's runs overwrite their files in place).
    let full = time(rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }) {
      run(binary.path, merge)
    }
    // DEST holds another target's outputs: every table differs and is rewritten in place.
    let other = project.appendingPathComponent("targets/Target02").path
    let rewrite = time(rounds, prepare: { run(binary.path, ["-b", base, "-s", other, "-d", destination, "--quiet"]) }) {
      run(binary.path, merge)
    }
    let again = time(rounds) { run(binary.path, merge) }
    let seed = time(rounds) {
      run("/usr/bin/env", ["python3", seedScript.path, "-b", base, "-s", target, "-d", seedDestination])
    }
    let targets =
      (try? FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path))?
      .sorted() ?? []
    let targetArguments = targets.flatMap { ["--target", "\($0)=\(project.path)/targets/\($0)"] }
    let audit = time(max(1, rounds / 2)) { run(binary.path, ["audit", "-b", base] + targetArguments) }
    let auditJSON = time(max(1, rounds / 2)) {
      run(binary.path, ["audit", "-b", base, "--format", "json"] + targetArguments)
    }
    return """
      | whole process (\(binary.lastPathComponent)) | median | ratio |
      |---|---:|---:|
      | process start: `locmerge --version` | \(Format.milliseconds(start)) | 1.0× of start |
      | full merge of one target (fresh DEST) | \(Format.milliseconds(full)) | \(Format.ratio(full / start)) of start |
      | full merge over another target's outputs (every file rewritten) | \(Format.milliseconds(rewrite)) | \(Format.ratio(rewrite / start)) of start |
      | no-change merge (everything up to date) | \(Format.milliseconds(again)) | \(Format.ratio(again / start)) of start |
      | seed script (`build_localization_seed.py`), full merge | \(Format.milliseconds(seed)) | seed / locmerge full = \(Format.ratio(seed / full)), rewritten: \(Format.ratio(seed / rewrite)) |
      | audit of \(targets.count) targets, text report | \(Format.milliseconds(audit)) | |
      | audit of \(targets.count) targets, JSON (every target's full provenance) | \(Format.milliseconds(auditJSON)) | |

      """
  }

  private static func time(_ rounds: Int, prepare: () -> Void = {}, _ work: () -> Void) -> Double {
    Measurement.run("", rounds: rounds, prepare: prepare, work).median
  }

  @discardableResult
  private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
    Spawn.run(executable, arguments)
  }
}
