import Foundation
import LayerMerge

/// Writing many small tables and removing them again as stale outputs, in process: removal must
/// stay linear in the number of outputs (it once listed the folder for every file it removed).
enum StaleRemovalBenchmark {
  static func run(rounds: Int, counts: [Int]) -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-stale-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: destination) }
    var lines = [
      "| stale tables | write them (fresh DEST) | remove them all | removal per table |", "|---:|---:|---:|---:|",
    ]
    for count in counts {
      // All in one folder: the case that made removal quadratic when every removal listed its folder.
      let files = (0..<count).map { index in
        OutputFile(relativePath: "en.lproj/Table\(index).strings", bytes: Array("\"k\" = \"\(index)\";\n".utf8))
      }
      let write = Measurement.run(
        "write", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }
      ) {
        _ = try? OutputPlan(files: files, destination: destination).apply()
      }
      let remove = Measurement.run(
        "remove", rounds: rounds, prepare: { _ = try? OutputPlan(files: files, destination: destination).apply() }
      ) {
        _ = try? OutputPlan(files: [], destination: destination).apply()
      }
      lines.append(
        "| \(count) | \(Format.milliseconds(write.median)) | \(Format.milliseconds(remove.median)) | "
          + String(format: "%.1f µs", remove.median * 1e6 / Double(count)) + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
