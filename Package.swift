// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "locmerge",
  products: [
    .library(name: "LayerMerge", targets: ["LayerMerge"]),
    .executable(name: "locmerge", targets: ["locmerge"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    .target(name: "LayerMerge"),

    // Command-line tool
    .executableTarget(name: "locmerge", dependencies: ["LayerMerge"]),

    // Benchmarks (run in release builds: swift run -c release locmerge-bench)
    .executableTarget(name: "locmerge-bench", dependencies: ["LayerMerge"]),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "LayerMergeTests", dependencies: ["LayerMerge", "TestSupport"]),
    .testTarget(
      name: "locmergeTests", dependencies: ["locmerge", "LayerMerge", "TestSupport"], exclude: ["Snapshots"]),
  ]
)
