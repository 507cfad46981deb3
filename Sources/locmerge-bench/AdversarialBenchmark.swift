import Foundation
import LayerMerge

/// Inputs made to be slow (issue 23), each at two sizes in the same run: `n` and `8n`. Work that
/// grows linearly takes about 8 times as long at `8n`, quadratic work 64 times; the ratio column
/// says which. The tests hold each case to a budget the same way (`LinearTime`).
enum AdversarialBenchmark {
  /// One kind of input: its name, the smaller size, and the work on an input of a size (made
  /// before the clock starts).
  struct Case {
    var name: String
    var n: Int
    var make: (Int) throws -> () -> Void
  }

  /// The table of every case.
  /// - Parameters:
  ///   - rounds: Rounds per size; the best counts.
  ///   - scale: Divides every `n` (a quick run).
  static func report(rounds: Int, scale: Int = 1) throws -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "locmerge-bench-adversarial-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var lines = ["| input | n | time at n | time at 8n | ratio (linear: 8) |", "|---|---:|---:|---:|---:|"]
    for (number, item) in cases(in: scratch).enumerated() {
      let n = max(1, item.n / scale)
      let small = try item.make(n)
      let large = try item.make(8 * n)
      let timeSmall = Measurement.run("n", rounds: rounds, small).best
      let timeLarge = Measurement.run("8n", rounds: rounds, large).best
      lines.append(
        "| \(item.name) | \(n) | \(Format.milliseconds(timeSmall)) | \(Format.milliseconds(timeLarge)) | "
          + "\(Format.ratio(timeLarge / max(timeSmall, 1e-9))) |")
      try? FileManager.default.removeItem(at: scratch.appendingPathComponent("\(number)"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Private

  private static func cases(in scratch: URL) -> [Case] {
    var made = 0
    /// Writes layers (name → relative path → text) into a fresh folder; returns the merge of them.
    func merge(_ layers: [(String, [String: String])]) throws -> () -> Void {
      made += 1
      let root = scratch.appendingPathComponent("\(made)")
      for (layer, files) in layers {
        for (relative, text) in files {
          let url = root.appendingPathComponent(layer).appendingPathComponent(relative)
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data(text.utf8).write(to: url)
        }
      }
      let loaded = layers.map { LoadedLayer(Layer(path: root.appendingPathComponent($0.0).path)) }
      return { _ = LayerMerger.merge(loaded: loaded) }
    }
    func catalog(_ entries: [(key: String, localizations: [(String, String)])]) -> String {
      let body = entries.map { entry in
        "\"\(entry.key)\":{\"localizations\":{"
          + entry.localizations.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}}"
      }
      return "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{" + body.joined(separator: ",") + "}}"
    }
    func unit(_ value: String) -> String { "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(value)\"}}" }
    func substitution(_ name: String, number: Int) -> String {
      "\"\(name)\":{\"argNum\":\(number),\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{"
        + "\"one\":\(unit("%arg x")),\"other\":\(unit("%arg xs"))}}}"
    }
    func withSubstitutions(_ value: String, _ substitutions: [String]) -> String {
      "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(value)\"},\"substitutions\":{"
        + substitutions.joined(separator: ",") + "}}"
    }
    // Ideographs that are not numbers (an edit of a number is deliberate).
    let letters = (0x2_0000..<0x2_C000).compactMap(Unicode.Scalar.init).filter { $0.properties.numericType == nil }
    return [
      Case(name: "a catalog value of `%#@a@` copies under a `.strings` override", n: 1000) { copies in
        let value = String(repeating: "%#@a@ ", count: copies)
        return try merge([
          (
            "Base",
            ["L.xcstrings": catalog([("k", [("en", withSubstitutions(value, [substitution("a", number: 1)]))])])]
          ),
          ("Target", ["en.lproj/L.strings": "\"k\" = \"%lld\";\n"]),
        ])
      },
      Case(name: "a key of one repeated character, added one longer", n: 25_000) { length in
        try merge([
          ("Base", ["en.lproj/L.strings": "\"\(String(repeating: "a", count: length))\" = \"x\";\n"]),
          ("Target", ["en.lproj/L.strings": "\"\(String(repeating: "a", count: length + 1))\" = \"y\";\n"]),
        ])
      },
      Case(name: "keys one edit apart from each other, as many added", n: 1500) { count in
        let keys = { (range: Range<Int>) in
          range.map { "\"key_\(String(letters[$0 % letters.count]))_tail\" = \"x\";\n" }.joined()
        }
        return try merge([
          ("Base", ["en.lproj/L.strings": keys(0..<count)]),
          ("Target", ["en.lproj/L.strings": keys(count..<(2 * count))]),
        ])
      },
      Case(name: "a catalog value naming many substitutions", n: 200) { count in
        let value = (0..<count).map { "%#@v\($0)@" }.joined(separator: " ")
        let substitutions = (0..<count).map { substitution("v\($0)", number: $0 + 1) }
        let localization = withSubstitutions(value, substitutions)
        return try merge([
          ("Base", ["L.xcstrings": catalog([("k", [("en", localization), ("de", localization)])])]),
          ("Target", ["en.lproj/L.strings": "\"k\" = \"%lld\";\n"]),
        ])
      },
      Case(name: "many languages, one key each, beside a key per language", n: 200) { count in
        var base = ["en.lproj/L.strings": (0..<count).map { "\"key\($0)\" = \"x\";\n" }.joined()]
        for language in 0..<count { base["l\(language).lproj/L.strings"] = "\"key0\" = \"y\";\n" }
        return try merge([("Base", base), ("Target", ["en.lproj/L.strings": "\"key0\" = \"z\";\n"])])
      },
      Case(name: "a catalog with one language per key, its source changed above", n: 800) { count in
        try merge([
          (
            "Base",
            ["L.xcstrings": catalog((0..<count).map { ("key\($0)", [("en", unit("x")), ("l\($0)", unit("y"))]) })]
          ),
          ("Target", ["L.xcstrings": catalog((0..<count).map { ("key\($0)", [("en", unit("changed"))]) })]),
        ])
      },
      Case(name: "many layers, each adding keys", n: 30) { count in
        try merge(
          (0..<count).map { layer in
            ("L\(layer)", ["en.lproj/L.strings": (0..<20).map { "\"layer_\(layer)_key_\($0)\" = \"x\";\n" }.joined()])
          })
      },
      Case(name: "an XML dictionary with many keys", n: 5000) { count in
        let body = (0..<count).map { "<key>k\($0)</key><string>v</string>" }.joined()
        let bytes = Array(
          ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>rule</key><dict>"
            + body + "</dict></dict></plist>").utf8)
        return { _ = LocalizationFileReader.parse(bytes, path: "L.stringsdict", kind: .stringsdict) }
      },
      Case(name: "extract: two copies with a long key one character apart", n: 25_000) { length in
        made += 1
        let root = scratch.appendingPathComponent("\(made)")
        var copies: [Layer] = []
        for (name, key) in [("A", length), ("B", length + 1)] {
          let url = root.appendingPathComponent("\(name)/en.lproj/L.strings")
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data("\"\(String(repeating: "a", count: key))\" = \"x\";\n".utf8).write(to: url)
          copies.append(Layer(name: name, path: root.appendingPathComponent(name).path))
        }
        return { _ = Extractor.extract(copies) }
      },
    ]
  }
}
