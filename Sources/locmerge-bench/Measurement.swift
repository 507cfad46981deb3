import Foundation

/// Times a piece of work the way the benchmark reports it: several rounds, best and median.
struct Measurement {
  var label: String
  var seconds: [Double]

  var best: Double { seconds.min() ?? 0 }
  var median: Double {
    let sorted = seconds.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Runs `work` `rounds` times after one warm-up run; `prepare` runs untimed before each.
  static func run(_ label: String, rounds: Int, prepare: () -> Void = {}, _ work: () -> Void) -> Measurement {
    prepare()
    work()
    var seconds: [Double] = []
    for _ in 0..<rounds {
      prepare()
      let start = DispatchTime.now().uptimeNanoseconds
      work()
      seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return Measurement(label: label, seconds: seconds)
  }
}

/// Formats numbers for the report.
enum Format {
  static func megabytesPerSecond(bytes: Int, seconds: Double) -> String {
    String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6)
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
  }

  static func ratio(_ value: Double) -> String {
    String(format: "%.1f×", value)
  }

  static func percent(_ value: Double) -> String {
    String(format: "%+.1f%%", value * 100)
  }
}
