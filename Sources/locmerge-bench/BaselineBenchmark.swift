import Foundation

/// Whole processes of this build against another build of locmerge (for example the last
/// release), run alternately in the same run, on the same workload, each into its own DEST.
enum BaselineBenchmark {
  static func run(project: URL, binary: URL, baseline: URL, rounds: Int) -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-base-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let base = project.appendingPathComponent("base").path
    let target = project.appendingPathComponent("targets/Target01").path
    let other = project.appendingPathComponent("targets/Target02").path
    func merge(_ layer: String, into destination: String) -> [String] {
      ["-b", base, "-s", layer, "-d", destination, "--quiet"]
    }
    let builds = [("this build", binary), ("baseline", baseline)]
    let destinations = builds.indices.map { "\(scratch)/dest\($0)" }
    let start = alternate(rounds, builds) { index in Spawn.run(builds[index].1.path, ["--version"]) }
    let full = alternate(
      rounds, builds, prepare: { index in try? FileManager.default.removeItem(atPath: destinations[index]) }
    ) { index in Spawn.run(builds[index].1.path, merge(target, into: destinations[index])) }
    let rewrite = alternate(
      rounds, builds, prepare: { index in Spawn.run(builds[index].1.path, merge(other, into: destinations[index])) }
    ) { index in Spawn.run(builds[index].1.path, merge(target, into: destinations[index])) }
    for index in builds.indices { Spawn.run(builds[index].1.path, merge(target, into: destinations[index])) }
    let again = alternate(rounds, builds) { index in
      Spawn.run(builds[index].1.path, merge(target, into: destinations[index]))
    }
    func row(_ label: String, _ times: [Double]) -> String {
      "| \(label) | \(Format.milliseconds(times[0])) | \(Format.milliseconds(times[1])) | "
        + "\(Format.ratio(times[0] / times[1])) |"
    }
    return """
      | whole process, median of \(rounds), run alternately | this build | baseline | this / baseline |
      |---|---:|---:|---:|
      \(row("process start (`--version`)", start))
      \(row("full merge of one target (fresh DEST)", full))
      \(row("full merge over another target's outputs", rewrite))
      \(row("no-change run", again))

      (this build: \(binary.path); baseline: \(baseline.path); no-change run of this build = \
      \(Format.ratio(again[0] / start[0])) of its process start)

      """
  }

  /// The median time of each build, timing them in turn within every round.
  private static func alternate(
    _ rounds: Int, _ builds: [(String, URL)], prepare: (Int) -> Void = { _ in }, _ work: (Int) -> Int32
  ) -> [Double] {
    var seconds = Array(repeating: [Double](), count: builds.count)
    for round in 0...rounds {
      for index in builds.indices {
        prepare(index)
        let begin = DispatchTime.now().uptimeNanoseconds
        _ = work(index)
        // Round 0 warms both up.
        if round > 0 { seconds[index].append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9) }
      }
    }
    return seconds.map { $0.sorted()[$0.count / 2] }
  }
}
