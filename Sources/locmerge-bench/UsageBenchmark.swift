import Foundation
import LayerMerge

/// `locmerge lint` of the seed-scale project (18 targets × 11 languages × 2,000 keys) with every
/// target's code — 3,600 generated Swift files, 10 MB: 360 shared by every target, 180 per target —
/// against the same `lint` without code, whole processes in the same run (issue 32's goal: ≤ 2×).
/// A no-change `build` both ways too: the sources cost a `stat` each, not a scan.
///
/// Two sets of code of the same files and bytes: one where nearly every line is a lookup (a lookup
/// every ~107 bytes, 35 times the densest app measured, `--usage-scan --apps`), and one at apps'
/// density with a margin (about 1,250 lookups per MB, five times NetNewsWire's 264): what users'
/// `lint` pays is between the two, near the second.
enum UsageBenchmark {
  static let sharedFiles = 360
  static let filesPerTarget = 180
  /// About 10 MB over 3,600 files.
  static let bytesPerFile = 2_800
  /// At apps' density, a lookup at the first line written this many bytes after the last one: with
  /// the navigation title, three or four per file (about 1,250 per MB).
  static let appsLookupBytes = 1_100

  static func run(shared: URL, binary: URL, rounds: Int) throws -> String {
    let project = try Workload.generate(
      shared: shared, targets: 18, languages: ProjectBenchmark.seedLanguages.count, keys: 2000, utf16: 0,
      languageList: ProjectBenchmark.seedLanguages)
    // LOCMERGE_BENCH_KEEP=1 keeps the project for a profiler (its path is in the report).
    let keep = ProcessInfo.processInfo.environment["LOCMERGE_BENCH_KEEP"] != nil
    defer { if !keep { try? FileManager.default.removeItem(at: project) } }
    try Workload.makeOverridesCompatible(project)
    let targets = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("targets").path)
      .sorted()
    let code = try writeSources(project, targets: targets, folder: "Sources", lookupBytes: nil)
    let appsCode = try writeSources(project, targets: targets, folder: "AppsSources", lookupBytes: appsLookupBytes)
    let plain = try ProjectBenchmark.writeProjectFile(project, targets: targets)
    // Every target's code: the shared folder and its own.
    let configuration = { (name: String, folder: String) in
      try ProjectBenchmark.writeProjectFile(project, targets: targets, name: name) {
        ", \"sources\": [\"\(folder)/Shared\", \"\(folder)/\($0)\"]"
      }
    }
    let withCode = try configuration("locmerge-code.json", "Sources")
    let withAppsCode = try configuration("locmerge-apps-code.json", "AppsSources")
    let out = project.appendingPathComponent("out").path
    let lint = { (config: String) in ["lint", "--config", config, "--quiet"] }
    let build = { (config: String, folder: String) in
      ["build", "--config", config, "--quiet", "-d", "\(out)/\(folder)/{target}"]
    }
    let kinds: [(label: String, arguments: [String])] = [
      ("lint without code", lint(plain)), ("lint with code", lint(withCode)),
      ("lint with code at apps' density", lint(withAppsCode)),
      ("build again, without code", build(plain, "plain")), ("build again, with code", build(withCode, "code")),
      ("build again, with code at apps' density", build(withAppsCode, "apps")),
    ]
    for kind in kinds {
      let status = Spawn.run(binary.path, kind.arguments)
      guard status == 0 else {
        return "(locmerge \(kind.arguments[0]) failed with status \(status); figures skipped)\n"
      }
    }
    var samples = Array(repeating: [Double](), count: kinds.count)
    // Each round runs every kind in turn, so load from elsewhere falls on all of them alike.
    for _ in 0..<rounds {
      for (index, kind) in kinds.enumerated() {
        samples[index].append(Spawn.timed(binary, kind.arguments).elapsed)
      }
    }
    let medians = samples.map { $0.sorted()[$0.count / 2] }
    let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1e6) }
    let perMegabyte = { (set: (files: Int, bytes: Int, lookups: Int)) in set.lookups * 1_000_000 / set.bytes }
    var report = """
      Seed-scale project (18 targets × 11 languages × 2,000 keys) and its code: \(code.files) Swift files,
      \(megabytes(code.bytes)) MB (\(sharedFiles) compiled into every target, \(filesPerTarget) per target), \
      \(code.lookups) lookups (\(perMegabyte(code)) per MB); at apps' density the same files, \
      \(megabytes(appsCode.bytes)) MB, \(appsCode.lookups) lookups (\(perMegabyte(appsCode)) per MB); \
      medians of \(rounds) rounds, whole processes.\(keep ? " Kept in \(project.path)." : "")

      | Run | Elapsed | Against the same run without code |
      |---|---:|---:|

      """
    for (index, kind) in kinds.enumerated() {
      let baseline = medians[index - index % 3]
      report +=
        "| \(kind.label) | \(Format.milliseconds(medians[index])) | "
        + (index % 3 == 0 ? "1.0×" : Format.ratio(medians[index] / baseline)) + " |\n"
    }
    report += """

      Goal: lint with code ≤ 2.0× lint without code; the ratio here is \(Format.ratio(medians[1] / medians[0])) \
      with a lookup every line, \(Format.ratio(medians[2] / medians[0])) at apps' density.

      """
    return report
  }

  // MARK: - Private

  /// Writes the shared files and each target's own: Swift as an app writes it, with lookups of the
  /// base's keys (and each target's own in its files) in several forms, interpolations of the keys
  /// `Usage.strings` adds, dynamic lookups, and keys in comments and plain strings that are none.
  /// - Parameter lookupBytes: Without it, every line is a lookup; with it, lines of views without
  ///   one fill the bytes between lookups.
  private static func writeSources(_ project: URL, targets: [String], folder sources: String, lookupBytes: Int?)
    throws -> (files: Int, bytes: Int, lookups: Int)
  {
    let base = LocalizationFileReader.read(
      path: project.appendingPathComponent("base/en.lproj/Localizable.strings").path)
    let keys = base.table.keys
    // Interpolated keys, in every base language with the same specifier.
    let interpolated = (0..<200).map { "Welcome %@ to screen \($0)" }
    for language in ProjectBenchmark.seedLanguages {
      let text = interpolated.map { "\"\($0)\" = \"\($0) (\(language))\";\n" }.joined()
      try Data(text.utf8).write(to: project.appendingPathComponent("base/\(language).lproj/Usage.strings"))
    }
    var seed: UInt64 = lookupBytes == nil ? 32 : 64
    func next(_ bound: Int) -> Int {
      // A fixed sequence (xorshift), so every run scans the same code.
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Int(seed % UInt64(bound))
    }
    var files = 0
    var bytes = 0
    var lookups = 0
    func write(_ folder: String, count: Int, ownKeys: [String]) throws {
      let directory = project.appendingPathComponent("\(sources)/\(folder)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for index in 0..<count {
        var text = "import SwiftUI\n\n/// Screen \(index) of \(folder): a view and its model.\n"
        text += "struct Screen\(index)View: View {\n  var count: Int\n  var name: String\n  var key: String\n"
        text += "  var body: some View {\n    VStack {\n"
        var nextLookup = 0
        while text.utf8.count < bytesPerFile {
          if let lookupBytes {
            guard text.utf8.count >= nextLookup else {
              text += filler(next(6), index: index)
              continue
            }
            nextLookup = text.utf8.count + lookupBytes
          }
          let key = !ownKeys.isEmpty && next(10) == 0 ? ownKeys[next(ownKeys.count)] : keys[next(keys.count)]
          lookups += 1
          switch next(8) {
          case 0: text += "      Text(\"\(key)\")\n        .font(.headline)\n"
          case 1: text += "      Button(\"\(key)\") { print(\"tapped \\(count)\") }\n"
          case 2: text += "      Text(String(localized: \"\(key)\", comment: \"Shown on screen \(index)\"))\n"
          case 3:
            text += "      // NSLocalizedString(\"\(key)\", comment: \"\") is not a lookup in a comment\n"
            text += "      Text(verbatim: \"\(key)\")\n"
            lookups -= 1
          case 4:
            let hole = interpolated[next(interpolated.count)].replacingOccurrences(of: "%@", with: "\\(name)")
            text += "      Text(String(localized: \"\(hole)\", table: \"Usage\"))\n"
          case 5: text += "      Text(NSLocalizedString(key, comment: \"dynamic\"))\n"
          case 6:
            text += "      Label(\"\(key)\", systemImage: \"star\")\n"
            text += "      /* \"\(keys[next(keys.count)])\" */\n"
          default:
            text +=
              "      Text(NSLocalizedString(\"\(key)\", tableName: nil, bundle: .main, value: \"\", "
              + "comment: \"Screen \(index)\"))\n"
          }
        }
        text += "    }\n    .navigationTitle(\"\(keys[next(keys.count)])\")\n  }\n}\n"
        lookups += 1
        try Data(text.utf8).write(to: directory.appendingPathComponent("Screen\(index).swift"))
        files += 1
        bytes += text.utf8.count
      }
    }
    try write("Shared", count: sharedFiles, ownKeys: [])
    for target in targets {
      // A target's own keys: those its overlay adds (`target<N>_screen<M>_key`).
      let own = LocalizationFileReader.read(
        path: project.appendingPathComponent("targets/\(target)/en.lproj/Localizable.strings").path
      ).table.keys.filter { $0.hasPrefix("target") }
      try write(target, count: filesPerTarget, ownKeys: own)
    }
    return (files, bytes, lookups)
  }

  /// Lines of a view's body without a lookup: layout, plain strings, a comment.
  private static func filler(_ kind: Int, index: Int) -> String {
    switch kind {
    case 0:
      return "      HStack(spacing: 8) {\n        Image(systemName: \"star\")\n        Spacer()\n      }\n"
        + "      .padding(.horizontal, 12)\n"
    case 1: return "      if count > \(index) {\n        Divider()\n      }\n"
    case 2: return "      Text(verbatim: name.uppercased())\n        .foregroundStyle(.secondary)\n"
    case 3: return "      // Rows keep the order the model sorts them in; the first one is pinned.\n"
    case 4:
      return "      ForEach(0..<count, id: \\.self) { item in\n"
        + "        Circle().frame(width: CGFloat(item) * 2, height: 4)\n      }\n"
    default: return "      Color.clear.onAppear { print(\"appeared \\(key) at \\(count)\") }\n"
    }
  }
}
