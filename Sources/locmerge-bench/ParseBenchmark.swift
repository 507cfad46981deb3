import Foundation
import LayerMerge

/// Our reader against `PropertyListSerialization` on the same bytes, in the same run.
enum ParseBenchmark {
  struct Result {
    var name: String
    var files: Int
    var bytes: Int
    var ours: Measurement
    var foundation: Measurement

    var ratio: Double { foundation.best / ours.best }
  }

  static func run(name: String, files: [(path: String, bytes: [UInt8])], rounds: Int, withFoundation: Bool = true)
    -> Result
  {
    let total = files.reduce(0) { $0 + $1.bytes.count }
    var sink = 0
    let ours = Measurement.run("LayerMerge", rounds: rounds) {
      for file in files {
        let kind: LocalizationFileKind = file.path.hasSuffix(".stringsdict") ? .stringsdict : .strings
        sink &+= LocalizationFileReader.parse(file.bytes, path: file.path, kind: kind).table.count
      }
    }
    let datas = files.map { Data($0.bytes) }
    let foundation = Measurement.run("Foundation", rounds: withFoundation ? rounds : 0) {
      for data in datas {
        // Only the parse: no conversion of the result to Swift types.
        let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        sink &+= object == nil ? 0 : 1
      }
    }
    if sink == 42 { print("") }  // keep the work observable
    return Result(name: name, files: files.count, bytes: total, ours: ours, foundation: foundation)
  }

  static func report(_ results: [Result]) -> String {
    var lines = [
      "| input | files | bytes | LayerMerge | Foundation | ratio |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for result in results {
      lines.append(
        "| \(result.name) | \(result.files) | \(result.bytes) | "
          + "\(Format.megabytesPerSecond(bytes: result.bytes, seconds: result.ours.best)) | "
          + "\(Format.megabytesPerSecond(bytes: result.bytes, seconds: result.foundation.best)) | "
          + "\(Format.ratio(result.ratio)) |")
    }
    return lines.joined(separator: "\n")
  }
}
