import Foundation
import LayerMerge
import Testing

/// `build` checks each target's code against its merged tables: each source file scanned once per
/// run however many targets compile it, none on a run with nothing to do, and an edited file runs
/// the targets that compile it again — counted, not timed.
@Suite struct BuildCodeCheckTests {
  /// Counts the files scanned, from any thread.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    func count(_ text: String) {
      lock.lock()
      paths.append(text)
      lock.unlock()
    }

    /// The files scanned since the last call, sorted.
    func take() -> [String] {
      lock.lock()
      defer {
        paths = []
        lock.unlock()
      }
      return paths.sorted()
    }
  }

  static let tables = [
    "Base": [
      "en.lproj/Localizable.strings": "\"title\" = \"Title\";\n\"shared\" = \"Shared\";\n",
      "de.lproj/Localizable.strings": "\"title\" = \"Titel\";\n\"shared\" = \"Geteilt\";\n",
    ],
    "Pro": ["en.lproj/Localizable.strings": "\"pro.only\" = \"Pro\";\n"],
  ]

  struct Setup {
    var fixture: UsageFixture
    var counter = Counter()
    var build: ProjectBuild

    /// Runs the build; the files it scanned.
    func run() -> (ProjectBuildResult, [String]) {
      let result = build.run()
      return (result, counter.take())
    }
  }

  /// Targets Lite (Base) and Pro (Base, Pro) both compile Shared.swift; each has a file of its own.
  static func setup() throws -> Setup {
    let fixture = try UsageFixture(
      tables: tables,
      sources: [
        "Code/Shared.swift": [UsageFixture.literal("shared", line: 1)],
        "Code/Lite.swift": [UsageFixture.literal("title", line: 1)],
        "Code/Pro.swift": [UsageFixture.literal("pro.only", line: 2, column: 9)],
        "Code/Edited.swift": [UsageFixture.literal("pro.only", line: 4, column: 5)],
      ])
    let counter = Counter()
    let lookups = fixture.lookups
    let layers = fixture.layers
    let targets = [
      ProjectBuild.Target(
        name: "Lite", layers: layers.layers("Base"), destination: layers.path("out/Lite"),
        sources: [fixture.path("Code/Shared.swift"), fixture.path("Code/Lite.swift")]),
      ProjectBuild.Target(
        name: "Pro", layers: layers.layers("Base", "Pro"), destination: layers.path("out/Pro"),
        sources: [fixture.path("Code/Shared.swift"), fixture.path("Code/Pro.swift")]),
    ]
    var build = ProjectBuild(targets: targets, tool: "test")
    build.scan = { bytes, _ in
      let text = String(decoding: bytes, as: UTF8.self)
      counter.count(text)
      // An edited file says which file's lookups it now has.
      return lookups[text.split(separator: "\n").last.map(String.init) ?? text] ?? []
    }
    return Setup(fixture: fixture, counter: counter, build: build)
  }

  static func upToDate(_ result: ProjectBuildResult) -> [Bool] {
    result.targets.map { if case .upToDate = $0.outcome { true } else { false } }
  }

  @Test func eachFileIsScannedOnceAndANoChangeBuildScansNothing() throws {
    let setup = try Self.setup()
    let (first, scanned) = setup.run()
    #expect(!first.failed, "\(first.diagnostics)")
    // Shared.swift is compiled into both targets and read once.
    #expect(scanned == ["Code/Lite.swift", "Code/Pro.swift", "Code/Shared.swift"])
    #expect(first.sourcesScanned == 3)
    let (again, scannedAgain) = setup.run()
    #expect(Self.upToDate(again) == [true, true])
    #expect(scannedAgain.isEmpty)
    #expect(again.sourcesScanned == 0)
  }

  @Test func anEditedSourceRunsTheTargetsThatCompileItAgain() throws {
    let setup = try Self.setup()
    _ = setup.run()
    // Lite's own file changes (its size too, so the stamp sees it at any clock resolution).
    try setup.fixture.layers.write(Data("edited\nCode/Lite.swift".utf8), to: "Code/Lite.swift")
    let (afterLite, scanned) = setup.run()
    #expect(Self.upToDate(afterLite) == [false, true])
    #expect(scanned == ["Code/Shared.swift", "edited\nCode/Lite.swift"])
    // The shared file: both targets run again, and it is read once.
    try setup.fixture.layers.write(Data("edited\nCode/Shared.swift".utf8), to: "Code/Shared.swift")
    let (afterShared, scannedShared) = setup.run()
    #expect(Self.upToDate(afterShared) == [false, false])
    #expect(scannedShared == ["Code/Pro.swift", "edited\nCode/Lite.swift", "edited\nCode/Shared.swift"])
  }

  @Test func aKeyATargetLacksFailsThatTargetAtTheSourceLine() throws {
    let setup = try Self.setup()
    // Lite compiles the file that asks for Pro's own key.
    try setup.fixture.layers.write(Data("edited\nCode/Edited.swift".utf8), to: "Code/Lite.swift")
    let (result, _) = setup.run()
    #expect(result.targets.map(\.failed) == [true, false])
    #expect(
      result.findings.filter { $0.diagnostic.severity == .error }.map { setup.fixture.layers.render($0.diagnostic) }
        == [
          "Code/Lite.swift:4:5: error: the key \"pro.only\" is in no language of Localizable; every language shows the key (or the code's default value) "
            + "(target 'Lite')"
        ])
    #expect(!FileManager.default.fileExists(atPath: setup.fixture.path("out/Lite/en.lproj/Localizable.strings")))
    // Nothing written, no stamp: the next run checks again and fails again.
    let (again, scannedAgain) = setup.run()
    #expect(again.targets.map(\.failed) == [true, false])
    #expect(scannedAgain == ["Code/Shared.swift", "edited\nCode/Edited.swift"])
  }

  @Test func aSourceFileTheProjectListsButLacksIsCountedAndStaysUpToDate() throws {
    var setup = try Self.setup()
    setup.build.targets[0].sources?.append(setup.fixture.path("Code/Deleted.swift"))
    let (first, _) = setup.run()
    #expect(!first.failed, "\(first.diagnostics)")
    let (again, scanned) = setup.run()
    #expect(Self.upToDate(again) == [true, true])
    #expect(scanned.isEmpty)
    // It appears: Lite runs again and reads it.
    try setup.fixture.layers.write(Data("Code/Lite.swift".utf8), to: "Code/Deleted.swift")
    let (appeared, scannedNow) = setup.run()
    #expect(Self.upToDate(appeared) == [false, true])
    #expect(scannedNow == ["Code/Lite.swift", "Code/Lite.swift", "Code/Shared.swift"])
  }
}
