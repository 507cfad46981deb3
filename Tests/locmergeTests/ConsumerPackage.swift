import Foundation
import Testing

/// A package that uses the SwiftPM plugin, built with `swift build` as its team would: the
/// example `Examples/PackagePlugin` against this checkout, or the same targets with the plugin
/// running the artifact bundle `.ci/release` writes.
///
/// It lives in `.build/consumer-builds/<name>` and keeps its own `.build` between runs, so that
/// a second run does not build `locmerge` from source again; everything else is copied afresh.
struct ConsumerPackage {
  let root: URL

  /// Consumer builds take minutes (the source plugin builds locmerge): `swift test` skips them,
  /// `.ci/run` runs them.
  static let enabled: ConditionTrait = .enabled(
    if: ProcessInfo.processInfo.environment["LOCMERGE_CONSUMER_BUILDS"] == "1",
    "consumer package builds take minutes: LOCMERGE_CONSUMER_BUILDS=1 runs them (.ci/run does)")

  static let example = ToolRunner.packageRoot.appendingPathComponent("Examples/PackagePlugin")

  /// A fresh copy of the example's layers, project file and sources, with `manifest` as its
  /// Package.swift; the build folder stays, without the plugin's outputs and the resource bundles.
  init(name: String, manifest: String, extraFiles: [(from: URL, to: String)] = []) throws {
    root = ToolRunner.packageRoot.appendingPathComponent(".build/consumer-builds/\(name)")
    let files = FileManager.default
    try files.createDirectory(at: root, withIntermediateDirectories: true)
    for item in try files.contentsOfDirectory(atPath: root.path) where item != ".build" {
      try files.removeItem(at: root.appendingPathComponent(item))
    }
    for item in ["Localization", "Sources", "locmerge.json"] {
      try files.copyItem(at: Self.example.appendingPathComponent(item), to: root.appendingPathComponent(item))
    }
    for extra in extraFiles {
      let target = root.appendingPathComponent(extra.to)
      try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.copyItem(at: extra.from, to: target)
    }
    try Data(manifest.utf8).write(to: root.appendingPathComponent("Package.swift"))
    // A bundle keeps a resource the last run removed, and a tool built from this checkout's
    // older sources may stay: only the compiled dependencies are worth keeping.
    let build = root.appendingPathComponent(".build")
    try? files.removeItem(at: build.appendingPathComponent("plugins/outputs"))
    for bundle in bundles { try files.removeItem(at: bundle) }
  }

  /// `swift build` in the package; once more if `swift-build` itself crashes (this toolchain's
  /// SwiftPM dies of SIGSEGV in libdispatch's event loop now and then, seen once in CI), so that
  /// only a build that fails, not the build tool, fails a test. A crash of locmerge inside the
  /// build is no reason to try again; the first run's output stays in the log.
  func build() throws -> ToolRunner.Outcome {
    let run = {
      try ToolRunner.run(
        executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["swift", "build"], in: root, environment: [:],
        timeout: .seconds(1800))
    }
    let first = try run()
    // The runtime's backtrace names the crashed program's main thread.
    guard first.status != 0, first.crashed || first.log.contains("Thread 0 \"swift-build\"") else { return first }
    var second = try run()
    second.standardError =
      "(swift build crashed, status \(first.status), and was run again; its output:)\n\(first.log)\n"
      + second.standardError
    return second
  }

  /// What `show-tables` prints: target → language → table file → contents, as Foundation read them.
  func bundledTables() throws -> [String: [String: [String: Any]]] {
    let run = try ToolRunner.run(
      executable: root.appendingPathComponent(".build/debug/show-tables"), arguments: [], in: root, environment: [:])
    #expect(run.status == 0, "\(run.standardError)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: [String: [String: Any]]])
  }

  /// The resource bundles `swift build` made (`.resources` on Linux, `.bundle` on macOS).
  var bundles: [URL] {
    let products = root.appendingPathComponent(".build/debug")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
    return names.filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }.sorted().map {
      products.appendingPathComponent($0)
    }
  }

  /// Every file of a bundle, relative to it.
  static func files(in bundle: URL) -> [String] {
    Scratch.snapshot(of: bundle).keys.sorted()
  }

  /// What `locmerge -b BASE -s OVERLAY -d DEST` writes for one target of the example's stack,
  /// read by Foundation: language → table file → contents.
  func tablesTheToolWrites(overlay: String) throws -> [String: [String: Any]] {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: destination) }
    let run = try ToolRunner.run([
      "-b", root.appendingPathComponent("Localization/Base").path, "-s",
      root.appendingPathComponent("Localization/\(overlay)").path, "-d", destination.path,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    var languages: [String: [String: Any]] = [:]
    for (path, data) in Scratch.snapshot(of: destination) where !path.hasPrefix(".locmerge/") {
      let parts = path.split(separator: "/")
      #expect(parts.count == 2 && parts[0].hasSuffix(".lproj"), "\(path)")
      let language = String(parts[0].dropLast(".lproj".count))
      languages[language, default: [:]][String(parts[1])] = try PropertyListSerialization.propertyList(
        from: data, format: nil)
    }
    return languages
  }

  /// Writes a file of the package.
  func write(_ text: String, to relative: String) throws {
    let file = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// A file of the package.
  func read(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
  }
}

extension ToolRunner.Outcome {
  /// Standard output and standard error together, as a terminal shows a build.
  var log: String { standardOutput + standardError }
}
