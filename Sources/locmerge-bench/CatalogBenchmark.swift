import Foundation
import LayerMerge

/// String Catalogs: reading, compiling and writing, against Foundation's `JSONSerialization` on
/// the same bytes, in the same run.
enum CatalogBenchmark {
  struct Input {
    var name: String
    var bytes: [UInt8]
  }

  /// The corpus catalogs by size (the 2 MB DuckDuckGo catalog among them), their sum, and a
  /// synthetic catalog four times the largest, to see how the cost grows with the input.
  static func inputs(corpus: URL, synthetic: Bool = true) -> [Input] {
    var files: [(String, [UInt8])] = []
    if let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) {
      for case let url as URL in enumerator where url.pathExtension == "xcstrings" {
        if let data = FileManager.default.contents(atPath: url.path) {
          files.append((url.path.replacingOccurrences(of: corpus.path + "/", with: ""), [UInt8](data)))
        }
      }
    }
    files.sort { $0.1.count < $1.1.count }
    var inputs: [Input] = []
    // One catalog near each size, so that the cost per byte shows across sizes.
    var chosen: Set<String> = []
    for size in [3_000, 30_000, 200_000, Int.max] {
      guard let (name, bytes) = files.min(by: { abs($0.1.count - size) < abs($1.1.count - size) }),
        chosen.insert(name).inserted
      else { continue }
      inputs.append(Input(name: name, bytes: bytes))
    }
    if synthetic, let largest = files.last, let catalog = StringCatalogReader.parse(largest.1, path: largest.0).catalog
    {
      var big = StringCatalog(sourceLanguage: catalog.sourceLanguage, version: catalog.version)
      for copy in 0..<4 {
        for entry in catalog.entries {
          var renamed = entry
          renamed.key = "\(entry.key) #\(copy)"
          big.upsert(renamed)
        }
      }
      inputs.append(Input(name: "4 × the largest (synthetic)", bytes: StringCatalogWriter.data(for: big)))
    }
    return inputs
  }

  static func report(_ inputs: [Input], rounds: Int) -> String {
    var lines = [
      "| catalog | bytes | JSONSerialization parse | JSONReader | LayerMerge read | read + compile + render | compile MB/s | "
        + "ratio (parse / read+compile) | JSONSerialization write | LayerMerge write |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    var sink = 0
    for input in inputs {
      let data = Data(input.bytes)
      let parse = Measurement.run("JSONSerialization", rounds: rounds) {
        let object = try? JSONSerialization.jsonObject(with: data)
        sink &+= object == nil ? 0 : 1
      }
      let json = Measurement.run("JSONReader", rounds: rounds) {
        sink &+= (try? JSONReader.parse(input.bytes))?.members?.count ?? 0
      }
      let read = Measurement.run("read", rounds: rounds) {
        sink &+= StringCatalogReader.parse(input.bytes, path: input.name).catalog?.entries.count ?? 0
      }
      let compile = Measurement.run("read+compile", rounds: rounds) {
        guard let catalog = StringCatalogReader.parse(input.bytes, path: input.name).catalog else { return }
        let compiled = CatalogCompiler.compile(catalog, path: "Localizable.xcstrings")
        sink &+= compiled.outputs.reduce(0) { $0 &+ $1.bytes.count }
      }
      let object = try? JSONSerialization.jsonObject(with: data)
      let foundationWrite = Measurement.run("JSONSerialization write", rounds: rounds) {
        guard let object else { return }
        let bytes = try? JSONSerialization.data(
          withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        sink &+= bytes?.count ?? 0
      }
      let catalog = StringCatalogReader.parse(input.bytes, path: input.name).catalog
      let write = Measurement.run("write", rounds: rounds) {
        guard let catalog else { return }
        sink &+= StringCatalogWriter.data(for: catalog).count
      }
      lines.append(
        "| \(input.name) | \(input.bytes.count) | \(Format.milliseconds(parse.best)) | \(Format.milliseconds(json.best)) | "
          + "\(Format.milliseconds(read.best)) | \(Format.milliseconds(compile.best)) | "
          + "\(Format.megabytesPerSecond(bytes: input.bytes.count, seconds: compile.best)) | "
          + "\(Format.ratio(parse.best / compile.best)) | \(Format.milliseconds(foundationWrite.best)) | "
          + "\(Format.milliseconds(write.best)) |")
    }
    if sink == 42 { print("") }  // keep the work observable
    return lines.joined(separator: "\n")
  }
}
