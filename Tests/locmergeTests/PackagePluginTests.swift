import Foundation
import Testing

/// The SwiftPM plugin, used as a team uses it: `swift build` of a consumer package, then what each
/// target's `Bundle.module` holds, compared with what the command line writes for the same stack.
/// Slow (minutes): enabled by LOCMERGE_CONSUMER_BUILDS=1, which .ci/run sets.
@Suite(.serialized, ConsumerPackage.enabled) struct PackagePluginTests {
  static let targets = ["BrandA", "BrandB"]

  /// Examples/PackagePlugin (a swift-tools-version 5.9 manifest) built against this checkout.
  @Test func theExampleBuildsAgainstThisCheckoutAndEachBundleHoldsWhatTheToolWrites() throws {
    let manifest = try String(
      contentsOf: ConsumerPackage.example.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.hasPrefix("// swift-tools-version: 5.9\n"))
    let dependency = ".package(name: \"locmerge\", path: \"../..\")"
    #expect(manifest.contains(dependency))
    let package = try ConsumerPackage(
      name: "source",
      manifest: manifest.replacingOccurrences(
        of: dependency, with: ".package(name: \"locmerge\", path: \"\(ToolRunner.packageRoot.path)\")"))
    let first = try package.build()
    #expect(first.status == 0, "\(first.log)")
    try expectBundlesHoldWhatTheToolWrites(package)
    // Nothing changed, nothing runs (once SwiftPM has seen the plugin's folders as they stay).
    _ = try package.build()
    let again = try package.build()
    #expect(again.status == 0 && !again.log.contains("locmerge: "), "\(again.log)")

    // An overlay edit: that target's value changes, the other target's bundle is not touched.
    let brandB = try #require(package.bundles.first { $0.lastPathComponent.contains("BrandB") })
    let untouched = try modificationDates(in: brandB)
    let overlay = "Localization/BrandA/fr.lproj/Localizable.strings"
    try package.write(
      try package.read(overlay).replacingOccurrences(of: "Bienvenue chez Brand A", with: "Salut de Brand A"),
      to: overlay)
    let edited = try package.build()
    #expect(edited.status == 0, "\(edited.log)")
    let tables = try package.bundledTables()
    #expect(value(tables, "BrandA", "fr", "Localizable.strings", "home.title") == "Salut de Brand A")
    #expect(value(tables, "BrandB", "fr", "Localizable.strings", "home.title") == "Bienvenue")
    #expect(try modificationDates(in: brandB) == untouched)
    try expectBundlesHoldWhatTheToolWrites(package)

    // A syntax error fails the build at its line and column; nothing of it reaches the bundle.
    let broken = "Localization/BrandB/en.lproj/Localizable.strings"
    let text = try package.read(broken)
    try package.write(text + "\"home.footer\" = \"unterminated;\n", to: broken)
    let failed = try package.build()
    #expect(failed.status != 0)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      failed.log.contains(
        "\(package.root.appendingPathComponent(broken).path):\(lines):17: error: unterminated string"),
      "\(failed.log)")
    try package.write(text, to: broken)
    #expect(try package.build().status == 0)
    try expectBundlesHoldWhatTheToolWrites(package)

    // A language added to an overlay: `swift build` keeps its plan, so the merge sees that the
    // declared tables no longer hold and fails; the next build plans again and has the language.
    try package.write(
      "\"home.title\" = \"Benvenuto da Brand A\";\n", to: "Localization/BrandA/it.lproj/Localizable.strings")
    let stale = try package.build()
    #expect(stale.status != 0)
    #expect(
      stale.log.contains(
        "error: LocMergePlugin: the tables of 'BrandA' changed since this build was planned"),
      "\(stale.log)")
    #expect(stale.log.contains("now also: \"it.lproj/Localizable.strings\""))
    let replanned = try package.build()
    #expect(replanned.status == 0, "\(replanned.log)")
    #expect(
      value(try package.bundledTables(), "BrandA", "it", "Localizable.strings", "home.title") == "Benvenuto da Brand A")
    try expectBundlesHoldWhatTheToolWrites(package)

    // A target the project file has no entry for: the error names the file and the target.
    let project = try package.read("locmerge.json")
    try package.write(project.replacingOccurrences(of: "\"BrandB\"", with: "\"BrandC\""), to: "locmerge.json")
    // The plan is made again only for a new manifest (or a new file in a target's folder).
    try package.write(try package.read("Package.swift") + "\n", to: "Package.swift")
    let unknown = try package.build()
    #expect(unknown.status != 0)
    #expect(
      unknown.log.contains(
        "\(package.root.appendingPathComponent("locmerge.json").path): no target 'BrandB' in the project file"),
      "\(unknown.log)")
  }

  /// The same targets with a plugin that runs the artifact bundle `.ci/release` writes, named by
  /// path (`binaryTarget(name:path:)`) as its zip: nothing built from source.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["LOCMERGE_ARTIFACT_BUNDLE"] != nil,
      "LOCMERGE_ARTIFACT_BUNDLE names the zip .ci/release writes (.ci/run sets it)"))
  func theBinaryPluginRunsTheArtifactBundleAndGivesTheSameTables() throws {
    let zip = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["LOCMERGE_ARTIFACT_BUNDLE"]))
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "BinaryPluginConsumer",
        defaultLocalization: "en",
        targets: [
          .binaryTarget(name: "locmerge", path: "locmerge.artifactbundle.zip"),
          .plugin(name: "LocMergePlugin", capability: .buildTool(), dependencies: ["locmerge"]),
          .target(name: "BrandA", plugins: ["LocMergePlugin"]),
          .target(name: "BrandB", plugins: ["LocMergePlugin"]),
          .executableTarget(name: "show-tables", dependencies: ["BrandA", "BrandB"]),
        ]
      )

      """
    let plugin = ToolRunner.packageRoot.appendingPathComponent("Plugins/LocMergePlugin")
    let package = try ConsumerPackage(
      name: "binary", manifest: manifest,
      extraFiles: [(zip, "locmerge.artifactbundle.zip"), (plugin, "Plugins/LocMergePlugin")])
    // The checksum .ci/release wrote is the one SwiftPM computes for binaryTarget(url:checksum:).
    let computed = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift", "package", "compute-checksum", "locmerge.artifactbundle.zip"], in: package.root,
      environment: [:])
    let written = try String(contentsOf: zip.appendingPathExtension("sha256"), encoding: .utf8)
    #expect(computed.status == 0 && !written.isEmpty && computed.standardOutput == written)

    let built = try package.build()
    #expect(built.status == 0, "\(built.log)")
    #expect(!built.log.contains("Compiling LayerMerge"))
    try expectBundlesHoldWhatTheToolWrites(package)

    // A project file in a target's folder wins for that target, its paths relative to it.
    // (BrandB's stack has every table BrandA's has, so no table of the old stack stays behind.)
    try package.write(
      #"{ "base": "../../Localization/Base", "targets": { "BrandA": { "layers": ["../../Localization/BrandB"] } } }"#,
      to: "Sources/BrandA/locmerge.json")
    let own = try package.build()
    #expect(own.status == 0, "\(own.log)")
    let tables = try package.bundledTables()
    let brandB = try package.tablesTheToolWrites(overlay: "BrandB")
    #expect(NSDictionary(dictionary: tables["BrandA"] ?? [:]).isEqual(to: brandB))
    #expect(NSDictionary(dictionary: tables["BrandB"] ?? [:]).isEqual(to: brandB))
    try FileManager.default.removeItem(at: package.root.appendingPathComponent("Sources/BrandA/locmerge.json"))

    // Without a project file, the error names both places the plugin looked.
    try FileManager.default.removeItem(at: package.root.appendingPathComponent("locmerge.json"))
    try package.write(try package.read("Package.swift") + "\n", to: "Package.swift")
    let missing = try package.build()
    #expect(missing.status != 0)
    let places = [
      package.root.appendingPathComponent("Sources/BrandA/locmerge.json").path,
      package.root.appendingPathComponent("locmerge.json").path,
    ]
    #expect(
      missing.log.contains(
        "LocMergePlugin: target 'BrandA' has no locmerge.json: looked for \(places[0]) and \(places[1])"),
      "\(missing.log)")
  }

  // MARK: - Private

  /// Each target's bundle holds exactly the tables `locmerge -b Base -s <target>` writes, with
  /// the same contents as Foundation reads them, and nothing else but SwiftPM's Info.plist.
  private func expectBundlesHoldWhatTheToolWrites(_ package: ConsumerPackage) throws {
    let bundled = try package.bundledTables()
    #expect(bundled.keys.sorted() == Self.targets)
    for target in Self.targets {
      let expected = try package.tablesTheToolWrites(overlay: target)
      let actual = try #require(bundled[target])
      #expect(actual.keys.sorted() == expected.keys.sorted(), "\(target)")
      for (language, tables) in expected {
        #expect(
          NSDictionary(dictionary: actual[language] ?? [:]).isEqual(to: tables),
          "\(target) \(language): \(actual[language] ?? [:]) != \(tables)")
      }
    }
    #expect(package.bundles.count == Self.targets.count)
    for bundle in package.bundles {
      let files = ConsumerPackage.files(in: bundle)
      let stray = files.filter { file in
        let parts = file.split(separator: "/")
        let isTable =
          parts.count == 2 && parts[0].hasSuffix(".lproj")
          && (file.hasSuffix(".strings") || file.hasSuffix(".stringsdict"))
        return !isTable && file != "Info.plist" && file != "Contents/Info.plist"
      }
      #expect(stray.isEmpty, "\(bundle.lastPathComponent): \(stray)")
      #expect(files.count > 8)
    }
  }

  private func value(
    _ tables: [String: [String: [String: Any]]], _ target: String, _ language: String, _ table: String, _ key: String
  ) -> String? {
    (tables[target]?[language]?[table] as? [String: Any])?[key] as? String
  }

  private func modificationDates(in folder: URL) throws -> [String: Date] {
    var dates: [String: Date] = [:]
    for file in ConsumerPackage.files(in: folder) {
      dates[file] =
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.modificationDate]
        as? Date
    }
    return dates
  }
}
