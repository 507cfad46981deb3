import Foundation
import LayerMerge

/// `locmerge extract` at seed scale: 18 full copies (the merges of a generated project, written
/// out) into a base and overlays, against merging the 18 targets back from those layers.
enum ExtractBenchmark {
  static func run(project: URL, rounds: Int) throws -> String {
    let targets = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path)
      .sorted()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bench-extract-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // The full copies teams start from: every target's merge, written as a folder of its own.
    var copies: [Layer] = []
    for target in targets {
      let copy = scratch.appendingPathComponent("copies/\(target)").path
      let result = LayerMerger.merge([
        Layer(path: project.appendingPathComponent("base").path),
        Layer(path: project.appendingPathComponent("targets/\(target)").path),
      ])
      _ = try OutputPlan(files: OutputFile.files(for: result.tables), destination: copy).apply()
      copies.append(Layer(name: target, path: copy))
    }
    let out = scratch.appendingPathComponent("Localization").path
    let projectFile = scratch.appendingPathComponent("locmerge.json").path
    let clear = {
      try? FileManager.default.removeItem(atPath: out)
      try? FileManager.default.removeItem(atPath: projectFile)
    }
    var extraction = Extractor.extract(copies)
    let extract = Measurement.run(
      "extract", rounds: rounds, prepare: clear
    ) {
      extraction = Extractor.extract(copies)
      try? extraction.write(to: out, projectFile: projectFile)
    }
    guard !extraction.hasErrors else { return "extraction failed: \(extraction.diagnostics.prefix(3))\n" }
    // Layers that build would refuse are not written: the figures would time nothing.
    guard extraction.errorsInCopies.isEmpty else {
      return "the copies hold values build refuses: \(extraction.errorsInCopies.prefix(3).map(\.diagnostic))\n"
    }
    // Phases of the extraction, each alone.
    var loaded: [LoadedLayer] = []
    let read = Measurement.run("read", rounds: rounds) { loaded = copies.map { LoadedLayer($0) } }
    let split = Measurement.run("extract + check", rounds: rounds) { extraction = Extractor.extract(loaded: loaded) }
    let write = Measurement.run("write", rounds: rounds, prepare: clear) {
      try? extraction.write(to: out, projectFile: projectFile)
    }
    // The baseline: the 18 merges of the extracted layers, each read, merged, rendered and written.
    let destination = scratch.appendingPathComponent("merged").path
    let merges = Measurement.run(
      "18 merges", rounds: rounds, prepare: { try? FileManager.default.removeItem(atPath: destination) }
    ) {
      for target in targets {
        let result = LayerMerger.merge([Layer(path: out + "/Base"), Layer(path: out + "/" + target)])
        _ = try? OutputPlan(result: result, destination: destination + "/" + target).apply()
      }
    }
    let overlay = extraction.report.targets.reduce(0) { $0 + $1.overlayEntries }
    let full = extraction.report.targets.reduce(0) { $0 + $1.copyEntries }
    // The floor: entries no other target has alike (the generator's overrides and additions).
    let own = extraction.report.targets.reduce(0) { $0 + $1.ownEntries }
    let shared = extraction.brands.reduce(0) { $0 + $1.entryCount }
    return """
      | work, \(targets.count) targets | median | best | ratio to the \(targets.count) merges (median) |
      |---|---:|---:|---:|
      | \(targets.count) merges of the extracted layers, written (baseline) | \(Format.milliseconds(merges.median)) | \(Format.milliseconds(merges.best)) | 1.0× |
      | extract: read \(targets.count) copies, split, check every round trip, write OUT | \(Format.milliseconds(extract.median)) | \(Format.milliseconds(extract.best)) | \(Format.ratio(extract.median / merges.median)) |
      | — read the copies | \(Format.milliseconds(read.median)) | \(Format.milliseconds(read.best)) | \(Format.ratio(read.median / merges.median)) |
      | — split and check (\(targets.count) merges in memory) | \(Format.milliseconds(split.median)) | \(Format.milliseconds(split.best)) | \(Format.ratio(split.median / merges.median)) |
      | — write OUT (\(extraction.files.count) files) | \(Format.milliseconds(write.median)) | \(Format.milliseconds(write.best)) | \(Format.ratio(write.median / merges.median)) |

      (\(full) entries in the copies, \(extraction.report.baseEntries) in the base, \(shared) in shared layers, \(overlay) in the overlays against \(own) own (the floor); median of \(rounds) rounds after a warm-up)

      """
  }
}
