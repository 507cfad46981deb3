// swift-tools-version: 5.9
// Two brands over one base of localization, merged at build time by the locmerge plugin.
// The manifest is 5.9 on purpose: the plugin works for packages that have not moved to 6.
import PackageDescription

let package = Package(
  name: "PackagePluginExample",
  // SwiftPM requires it for localized resources, and the plugin's tables are localized.
  defaultLocalization: "en",
  dependencies: [
    // A team's manifest names a release instead:
    // .package(url: "https://github.com/<you>/locmerge", from: "0.1.0")
    .package(name: "locmerge", path: "../..")
  ],
  targets: [
    // Each target's tables: the entry of the same name in locmerge.json.
    .target(name: "BrandA", plugins: [.plugin(name: "LocMergePlugin", package: "locmerge")]),
    .target(name: "BrandB", plugins: [.plugin(name: "LocMergePlugin", package: "locmerge")]),
    // Prints every table each brand's Bundle.module holds, per language, as JSON.
    .executableTarget(name: "show-tables", dependencies: ["BrandA", "BrandB"]),
  ]
)
