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
    /// Our reader on every core, as `locmerge` reads a layer's files.
    var oursParallel: Measurement

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
    let parallel = Measurement.run("LayerMerge, every core", rounds: withFoundation ? rounds : 0) {
      let counts = files.map { ($0.path, $0.bytes) }.concurrentMapForBenchmark { path, bytes in
        LocalizationFileReader.parse(bytes, path: path, kind: path.hasSuffix(".stringsdict") ? .stringsdict : .strings)
          .table.count
      }
      sink &+= counts.reduce(0, &+)
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
    return Result(
      name: name, files: files.count, bytes: total, ours: ours, foundation: foundation, oursParallel: parallel)
  }

  static func report(_ results: [Result]) -> String {
    var lines = [
      "| input | files | bytes | LayerMerge | Foundation | ratio | LayerMerge, \(ProcessInfo.processInfo.activeProcessorCount) threads |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for result in results {
      lines.append(
        "| \(result.name) | \(result.files) | \(result.bytes) | "
          + "\(Format.megabytesPerSecond(bytes: result.bytes, seconds: result.ours.best)) | "
          + "\(Format.megabytesPerSecond(bytes: result.bytes, seconds: result.foundation.best)) | "
          + "\(Format.ratio(result.ratio)) | "
          + "\(Format.megabytesPerSecond(bytes: result.bytes, seconds: result.oursParallel.best)) |")
    }
    return lines.joined(separator: "\n")
  }
}

extension Array where Element: Sendable {
  /// `map` on every core, keeping order (the benchmark's copy of the library's internal helper).
  func concurrentMapForBenchmark<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    let box = SlotBox(slots)
    let elements = self
    DispatchQueue.concurrentPerform(iterations: count) { index in
      box.slots[index] = transform(elements[index])
    }
    return slots.compactMap { $0 }
  }
}

/// Hands the slots to the concurrent iterations; each writes only its own index.
private final class SlotBox<T>: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<T?>
  init(_ slots: UnsafeMutableBufferPointer<T?>) { self.slots = slots }
}
