import Foundation
import Testing

@testable import LayerMerge

/// The one check of every path a run may write against the whole project: sources, other
/// targets' folders, and the run's own other writes.
@Suite struct ProjectWriteCheckTests {
  typealias Path = ProjectWriteCheck.Path

  static func fixture() throws -> TemporaryLayers {
    try TemporaryLayers([
      "Base": ["en.lproj/L.strings": "\"a\" = \"base\";\n"],
      "T/A": ["en.lproj/L.strings": "\"a\" = \"A\";\n"],
      "T/B": ["en.lproj/L.strings": "\"b\" = \"B\";\n"],
    ])
  }

  /// The problems, as `write → relation → other` with paths relative to the fixture.
  static func summary(_ check: ProjectWriteCheck, _ scratch: TemporaryLayers) -> [String] {
    check.problems().map { problem in
      "\(problem.write.path.replacingOccurrences(of: scratch.root.path + "/", with: "")) \(problem.relation) "
        + problem.other.path.replacingOccurrences(of: scratch.root.path + "/", with: "")
    }
  }

  @Test func aWriteThatIsLiesInOrContainsALayerIsAProblemNamingBothSides() throws {
    let scratch = try Self.fixture()
    let layers = scratch.layers("Base", "T/A", "T/B").map { Path.layer($0) }
    let writes: [Path] = [
      .destination(scratch.path("T/B"), target: "A"),
      .destination(scratch.path("T/A/Generated"), target: "C"),
      .destination(scratch.path("T"), target: "D"),
      .file(scratch.path("Base/en.lproj/L.strings"), label: "the output file list", target: "E"),
      .state(scratch.path("Base/.locmerge"), target: "F"),
      .destination(scratch.path("build/A"), target: "G"),
    ]
    let check = ProjectWriteCheck(writes: writes, protected: layers)
    #expect(
      Self.summary(check, scratch).sorted() == [
        "Base/.locmerge inside Base", "Base/en.lproj/L.strings inside Base", "T contains T/A", "T contains T/B",
        // Writes of different targets nest too.
        "T/A/Generated inside T", "T/A/Generated inside T/A", "T/B inside T", "T/B same T/B",
      ])
    let first = try #require(check.problems().first { $0.write.target == "A" })
    #expect(
      first.description
        == "the destination of target 'A' (\(scratch.path("T/B"))) is the layer 'B' (\(scratch.path("T/B"))); "
        + "merged files would overwrite its sources")
    #expect(first.diagnostic.code == .unsafeDestination)
    #expect(first.diagnostic.message.hasPrefix("refusing to write: the destination of target 'A'"))
  }

  @Test func writesMustNotOverlapEachOtherExceptAStateFolderInItsOwnDestination() throws {
    let scratch = try Self.fixture()
    let writes: [Path] = [
      .destination(scratch.path("out"), target: "A"),
      .state(scratch.path("out/.locmerge"), target: "A"),
      .destination(scratch.path("out/sub"), target: "B"),
      .destination(scratch.path("other"), target: "C"),
      .state(scratch.path("other"), target: "C"),
      .state(scratch.path("states/D"), target: "D"),
      .state(scratch.path("states/D"), target: "E"),
      .file(scratch.path("lists/x.xcfilelist"), label: "the input file list", target: "F"),
      .file(scratch.path("lists/x.xcfilelist"), label: "the output file list", target: "F"),
    ]
    let check = ProjectWriteCheck(writes: writes, protected: [])
    #expect(
      Self.summary(check, scratch).sorted() == [
        "lists/x.xcfilelist same lists/x.xcfilelist", "other same other", "out/sub inside out",
        "states/D same states/D",
      ])
    // A state folder inside another target's destination lands in that target's product.
    let foreign = ProjectWriteCheck(
      writes: [.destination(scratch.path("out"), target: "A"), .state(scratch.path("out/.b"), target: "B")],
      protected: [])
    #expect(Self.summary(foreign, scratch) == ["out/.b inside out"])
  }

  @Test func pathsAreComparedWhereTheyLeadAndWithoutRegardToCase() throws {
    let scratch = try Self.fixture()
    try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: "T/B")
    let layers = scratch.layers("T/B").map { Path.layer($0) }
    let viaLink = ProjectWriteCheck(writes: [.destination(scratch.path("link/en.lproj"))], protected: layers)
    #expect(Self.summary(viaLink, scratch) == ["link/en.lproj inside T/B"])
    let dotted = ProjectWriteCheck(writes: [.destination(scratch.path("build/x/../../T/B"))], protected: layers)
    #expect(Self.summary(dotted, scratch) == ["build/x/../../T/B same T/B"])
    // Two folders that differ in case are one folder on a macOS volume.
    let cased = ProjectWriteCheck(
      writes: [
        .destination(scratch.path("out/App"), target: "App"), .destination(scratch.path("out/app"), target: "app"),
      ],
      protected: [])
    #expect(Self.summary(cased, scratch) == ["out/app same out/App"])
    // A sibling whose name starts like the folder's is not inside it.
    let sibling = ProjectWriteCheck(writes: [.destination(scratch.path("T/B-out"))], protected: layers)
    #expect(sibling.problems().isEmpty)
  }

  @Test func onlyPathsThatAreReadMayOverlapWithoutAProblem() throws {
    let scratch = try Self.fixture()
    let check = ProjectWriteCheck(
      writes: [],
      protected: scratch.layers("T", "T/A").map { Path.layer($0) } + [.source(scratch.path("T"), label: "x")])
    #expect(check.problems().isEmpty)
  }

  /// Thousands of targets sharing a base: the check stays linear (sorting aside), and one
  /// problem per overlap.
  @Test func manyTargetsAreCheckedInTimeLinearInTheirNumber() throws {
    let scratch = try Self.fixture()
    func check(_ count: Int) -> (ProjectWriteCheck, Duration) {
      let check = ProjectWriteCheck(
        writes: (0..<count).flatMap { index -> [Path] in
          [
            .destination(scratch.path("out/\(index)"), target: "\(index)"),
            .state(scratch.path("out/\(index)/.locmerge"), target: "\(index)"),
          ]
        } + [.destination(scratch.path("out/7/nested"), target: "late")],
        protected: scratch.layers("Base").map { Path.layer($0) })
      // The fastest of three runs: other processes share the machine.
      let times = (0..<3).map { _ in
        let started = ContinuousClock.now
        _ = check.problems()
        return ContinuousClock.now - started
      }
      return (check, times.min() ?? .zero)
    }
    let (small, smallTime) = check(2_000)
    let (large, largeTime) = check(16_000)
    #expect(Self.summary(small, scratch) == ["out/7/nested inside out/7"])
    #expect(large.problems().count == 1)
    // Eight times the paths: a quadratic check would take 64 times as long.
    #expect(largeTime < smallTime * 24, "\(smallTime) → \(largeTime)")
  }
}
