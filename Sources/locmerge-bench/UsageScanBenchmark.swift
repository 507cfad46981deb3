import Foundation
import LayerMerge

/// Issue 32: the source scanner on generated Swift, one thread, against reading the same bytes
/// once (the floor) and a regular expression over the text (what ad-hoc scripts do, and miss
/// half the forms with); the same at twice the sources, for linearity, the two sets' rounds
/// alternating.
///
/// `generatedSwift(seed:bytes:)` is also what `--usage` builds its source trees from.
enum UsageScanBenchmark {
  /// The report: MB/s at 1× and 2× the sources, and the ratio of their times.
  /// - Parameters:
  ///   - rounds: Rounds per measurement; the best counts.
  ///   - megabytes: The smaller set of sources, in MB (files of about 100 KB each).
  static func report(rounds: Int, megabytes: Int = 20) -> String {
    let perFile = 100_000
    let small = (0..<(megabytes * 10)).map { generatedSwift(seed: UInt64($0), bytes: perFile) }
    let large = small + (0..<(megabytes * 10)).map { generatedSwift(seed: UInt64(100_000 + $0), bytes: perFile) }
    let scanner = SourceScanner(helpers: [
      LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0)))
    ])
    func bytes(_ files: [[UInt8]]) -> Int { files.reduce(0) { $0 + $1.count } }
    var lookups = 0
    func scanAll(_ files: [[UInt8]]) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      lookups = 0
      for file in files { lookups += scanner.scan(file, language: .swift).count }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    // The two sets alternate round by round after a warm-up of both: measured one after the
    // other, the first was often the slower (the machine settling), which read as a scan that is
    // not linear — 2× the bytes in 1.4× to 2.5× the time for the same code.
    _ = scanAll(small)
    _ = scanAll(large)
    var smallSeconds: [Double] = []
    var largeSeconds: [Double] = []
    var smallLookups = 0
    for _ in 0..<rounds {
      smallSeconds.append(scanAll(small))
      smallLookups = lookups
      largeSeconds.append(scanAll(large))
    }
    let scanSmall = Measurement(label: "scan", seconds: smallSeconds)
    let scanLarge = Measurement(label: "scan", seconds: largeSeconds)
    var sink = 0
    func floor(_ files: [[UInt8]]) -> Measurement {
      Measurement.run("floor", rounds: rounds) {
        for file in files {
          file.withUnsafeBufferPointer { buffer in
            var quotes = 0
            for byte in buffer where byte == 0x22 { quotes &+= 1 }
            sink &+= quotes
          }
        }
      }
    }
    let pattern = try? NSRegularExpression(
      pattern: #"(NSLocalizedString|String\(localized:|Text)\(\s*"((?:[^"\\\n]|\\.)*)""#)
    func regex(_ files: [[UInt8]]) -> Measurement {
      Measurement.run("regex", rounds: max(1, rounds / 2)) {
        for file in files {
          let text = String(decoding: file, as: UTF8.self)
          sink &+= pattern?.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) ?? 0
        }
      }
    }
    let floorSmall = floor(small)
    let regexSmall = regex(small)
    var lines = [
      "| sources | bytes | lookups | scan (1 thread) | reading every byte once | regex over the text |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    lines.append(
      "| \(small.count) files | \(bytes(small) / 1_000_000) MB | \(smallLookups) | "
        + "\(Format.megabytesPerSecond(bytes: bytes(small), seconds: scanSmall.best)) | "
        + "\(Format.megabytesPerSecond(bytes: bytes(small), seconds: floorSmall.best)) | "
        + "\(Format.megabytesPerSecond(bytes: bytes(small), seconds: regexSmall.best)) |")
    lines.append(
      "| \(large.count) files | \(bytes(large) / 1_000_000) MB | \(lookups) | "
        + "\(Format.megabytesPerSecond(bytes: bytes(large), seconds: scanLarge.best)) | | |")
    lines.append("")
    lines.append(
      "2× the sources: \(String(format: "%.2f", scanLarge.best / scanSmall.best))× the time (linear: 2, budget 2.2); "
        + "best of \(rounds) rounds after a warm-up, the two sets alternating.\(sink == 42 ? " " : "")")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The scanner on the Swift files of each app under `folder` (one folder per app): MB/s and
  /// lookups per MB, against reading every byte once, to set beside the generated files, whose
  /// lookups are far denser than apps' code.
  static func appsReport(folder: String, rounds: Int) throws -> String {
    let scanner = SourceScanner()
    var lines = [
      "| app | Swift files | bytes | lookups | lookups per MB | scan (1 thread) | reading every byte once |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    let apps = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    for app in apps {
      let root = URL(fileURLWithPath: folder).appendingPathComponent(app)
      var files: [[UInt8]] = []
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let file = walker?.nextObject() as? URL {
        if file.pathExtension == "swift", let data = FileManager.default.contents(atPath: file.path) {
          files.append(Array(data))
        }
      }
      let total = files.reduce(0) { $0 + $1.count }
      guard total > 0 else { continue }
      var lookups = 0
      let scan = Measurement.run("scan", rounds: rounds) {
        lookups = 0
        for file in files { lookups += scanner.scan(file, language: .swift).count }
      }
      var sink = 0
      let floor = Measurement.run("floor", rounds: rounds) {
        for file in files { for byte in file where byte == 0x22 { sink &+= 1 } }
      }
      lines.append(
        "| \(app) | \(files.count) | \(total / 1_000_000) MB | \(lookups) | \(lookups * 1_000_000 / total) | "
          + "\(Format.megabytesPerSecond(bytes: total, seconds: scan.best)) | "
          + "\(Format.megabytesPerSecond(bytes: total, seconds: floor.best))\(sink == 42 ? " " : "") |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Swift file of about `bytes` bytes that looks like an app's: SwiftUI views and view
  /// models with lookups of every common form, interpolations, comments, plain strings,
  /// closures, a multi-line literal now and then. The same seed gives the same file.
  static func generatedSwift(seed: UInt64, bytes: Int) -> [UInt8] {
    var random = SplitMix(seed: seed &* 0x9E37_79B9 &+ 1)
    var text = "import SwiftUI\nimport Foundation\n\n"
    var n = 0
    while text.utf8.count < bytes {
      n += 1
      let key = "feature\(seed).screen\(n).label\(random.next(100))"
      switch random.next(8) {
      case 0:
        text += """
          /// A row of the screen, with its title and a detail that counts.
          struct Row\(n): View {
            let count: Int
            var body: some View {
              HStack(spacing: 8) {
                Text("\(key).title")
                  .font(.headline)
                Spacer()
                Text("\\(count) items", comment: "How many items the row holds")
              }
              .accessibilityLabel("\(key).accessibility")
            }
          }


          """
      case 1:
        text += """
          final class Model\(n) {
            // Loads the values; a failure shows the localized message.
            func message(for error: Error?) -> String {
              guard let error else { return NSLocalizedString("\(key).ok", comment: "All went well") }
              let detail = String(describing: error).prefix(80)
              return String(localized: "\(key).failed \\(String(detail))", table: "Errors")
            }
          }


          """
      case 2:
        text += """
          enum Strings\(n) {
            static let title = NSLocalizedString("\(key)", tableName: "Settings", bundle: .main, value: "Title", comment: "")
            static let values = [1, 2, 3].map { $0 * \(random.next(9) + 1) }.filter { $0 % 2 == 0 }
            static let path = "/usr/local/share/\(key).json" // not a lookup
          }


          """
      case 3:
        text += """
          extension Settings\(n)View {
            @ViewBuilder var footer: some View {
              Button("\(key).save") { save() }
                .disabled(isSaving || name.isEmpty)
              Toggle("\(key).toggle", isOn: $isOn)
              Label("\(key).label", systemImage: "star.fill")
            }
          }


          """
      case 4:
        text += """
          let banner\(n) = \"\"\"
            Welcome to the release \\(version).
            /* not a comment */ "not a key"
            \"\"\"


          """
      case 5:
        text += """
          func total\(n)(_ values: [Double]) -> Double {
            /* The mean, /* nested */ without the outliers. */
            let sorted = values.sorted()
            let trimmed = sorted.dropFirst().dropLast()
            return trimmed.reduce(0, +) / Double(max(trimmed.count, 1))
          }


          """
      case 6:
        text += """
          let title\(n) = L10n.tr("Localizable", "\(key).swiftgen", fallback: "Fallback")
          let resource\(n) = LocalizedStringResource("\(key).resource", table: "Widgets")
          let dynamic\(n) = NSLocalizedString(prefix + ".suffix", comment: "")


          """
      default:
        text += """
          struct Screen\(n): View {
            @State private var query = ""
            var body: some View {
              List(items) { item in
                NavigationLink(item.name, destination: Detail(item: item))
              }
              .searchable(text: $query, prompt: "\(key).search")
              .navigationTitle("\(key).navigation")
            }
          }


          """
      }
    }
    return Array(text.utf8)
  }

  /// A small deterministic generator (SplitMix64).
  private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }
}
