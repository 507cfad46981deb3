import Foundation

/// Whole processes of this build against another build of locmerge (for example the last
/// release), run alternately in the same run, on the same workload, each into its own DEST.
/// Elapsed time and CPU time (user + system) are both reported: on a machine shared with other
/// work, CPU time is the steadier of the two.
enum BaselineBenchmark {
  /// Medians of one kind of run for each build.
  private struct Timing {
    var elapsed: [Double]
    var cpu: [Double]
  }

  static func run(project: URL, binary: URL, baseline: URL, rounds: Int) -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-base-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let base = project.appendingPathComponent("base").path
    let target = project.appendingPathComponent("targets/Target01").path
    let other = project.appendingPathComponent("targets/Target02").path
    let builds = [binary.path, baseline.path]
    let destinations = builds.indices.map { "\(scratch)/dest\($0)" }
    func merge(_ layer: String, _ index: Int) -> [String] {
      ["-b", base, "-s", layer, "-d", destinations[index], "--quiet"]
    }
    let start = alternate(rounds, builds.count) { Spawn.runMeasuringCPU(builds[$0], ["--version"]) }
    let full = alternate(
      rounds, builds.count, prepare: { try? FileManager.default.removeItem(atPath: destinations[$0]) }
    ) {
      Spawn.runMeasuringCPU(builds[$0], merge(target, $0))
    }
    let rewrite = alternate(rounds, builds.count, prepare: { Spawn.run(builds[$0], merge(other, $0)) }) {
      Spawn.runMeasuringCPU(builds[$0], merge(target, $0))
    }
    for index in builds.indices { Spawn.run(builds[index], merge(target, index)) }
    let again = alternate(rounds, builds.count) { Spawn.runMeasuringCPU(builds[$0], merge(target, $0)) }
    func row(_ label: String, _ timing: Timing) -> String {
      let (elapsed, cpu) = (timing.elapsed, timing.cpu)
      return "| \(label) | \(Format.milliseconds(elapsed[0])) | \(Format.milliseconds(elapsed[1])) | "
        + "\(Format.percent(elapsed[0] / elapsed[1] - 1)) | \(Format.milliseconds(cpu[0])) | "
        + "\(Format.milliseconds(cpu[1])) | \(Format.percent(cpu[0] / cpu[1] - 1)) |"
    }
    return """
      | median of \(rounds), run alternately | this build | baseline | difference | CPU, this build | CPU, baseline | difference |
      |---|---:|---:|---:|---:|---:|---:|
      \(row("process start (`--version`)", start))
      \(row("full merge of one target (fresh DEST)", full))
      \(row("full merge over another target's outputs", rewrite))
      \(row("no-change run", again))

      (this build: \(binary.path); baseline: \(baseline.path); no-change run of this build = \
      \(Format.ratio(again.elapsed[0] / start.elapsed[0])) of its process start)

      """
  }

  /// The median elapsed and CPU time of each build, timing them in turn within every round.
  private static func alternate(
    _ rounds: Int, _ builds: Int, prepare: (Int) -> Void = { _ in },
    _ work: (Int) -> (status: Int32, cpuSeconds: Double)
  ) -> Timing {
    var elapsed = Array(repeating: [Double](), count: builds)
    var cpu = Array(repeating: [Double](), count: builds)
    for round in 0...rounds {
      for index in 0..<builds {
        prepare(index)
        let begin = DispatchTime.now().uptimeNanoseconds
        let outcome = work(index)
        // Round 0 warms both up.
        guard round > 0 else { continue }
        elapsed[index].append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        cpu[index].append(outcome.cpuSeconds)
      }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return Timing(elapsed: elapsed.map(median), cpu: cpu.map(median))
  }
}
