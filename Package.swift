// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "locmerge",
  products: [
    .library(name: "LayerMerge", targets: ["LayerMerge"]),
    .executable(name: "locmerge", targets: ["locmerge"]),
    .plugin(name: "LocMergePlugin", targets: ["LocMergePlugin"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    .target(name: "LayerMerge"),

    // Command-line tool
    .executableTarget(name: "locmerge", dependencies: ["LayerMerge"]),

    // SwiftPM build-tool plugin: merged localization as a package target's resources (docs/swiftpm-plugin.md)
    .plugin(name: "LocMergePlugin", capability: .buildTool(), dependencies: ["locmerge"]),

    // Benchmarks (run in release builds: swift run -c release locmerge-bench)
    .executableTarget(name: "locmerge-bench", dependencies: ["LayerMerge"]),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "LayerMergeTests", dependencies: ["LayerMerge", "TestSupport"]),
    .testTarget(
      name: "locmergeTests", dependencies: ["locmerge", "LayerMerge", "TestSupport"], exclude: ["Snapshots"]),
  ]
)
