import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The phase and the other objects `install` adds have the shape Xcode writes, per format family:
/// compared with hand-written fixtures (Tests/Fixtures/xcodeproj/expected, written from
/// PBXPROJ.md §2 and §4, not by this code) and with the phases Xcode wrote in the shared projects.
@Suite struct PhaseShapeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/xcodeproj")

  static func project(_ path: String) throws -> XcodeProject {
    try XcodeProjectReader.read(path: fixtures.appendingPathComponent(path).path)
  }

  static func expected(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("expected/\(name)")))
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func formatsUpTo77WriteThePhaseWithEveryKey() throws {
    let project = try Self.project("BrandApp/BrandApp.xcodeproj")
    #expect(project.objectVersion == 46)
    let edit = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: project, targets: ["Acme", "Globex", "Widget"])
    #expect(Self.text(edit.bytes) == Self.text(try Self.expected("BrandApp-installed.pbxproj")))
    #expect(edit.targets.map(\.phase) == [.added, .added, .added])
  }

  @Test func format90LeavesOutDefaultsAndWritesTheScriptAsLines() throws {
    let project = try Self.project("Notes90/Notes.xcodeproj")
    #expect(project.objectVersion == 90)
    let edit = try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Notes"])
    #expect(Self.text(edit.bytes) == Self.text(try Self.expected("Notes90-installed.pbxproj")))
  }

  @Test func format77ExceptionSetsForCopiesInSynchronizedFolders() throws {
    let project = try Self.project("Reader77/Reader.xcodeproj")
    let removals = Dictionary(
      uniqueKeysWithValues: project.targets.map { target in
        (
          target.name,
          target.tables.flatMap { table in
            table.sources.map { XcodeProjectEditor.CopyRemoval(table: table.name, source: $0) }
          }
        )
      })
    let edit = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: project, targets: ["Reader", "ReaderPro"], removingCopies: removals)
    #expect(Self.text(edit.bytes) == Self.text(try Self.expected("Reader77-installed-without-copies.pbxproj")))
    #expect(edit.targets.map(\.removedCopies) == [["Localizable.strings"], ["Extras.strings", "Localizable.strings"]])
    // Read again, the targets have no tables left, and the files are still on disk.
    let after = try XcodeProjectReader.parse(edit.bytes, path: project.path)
    #expect(after.targets.allSatisfy { $0.tables.isEmpty })
    #expect(
      FileManager.default.fileExists(
        atPath: Self.fixtures.appendingPathComponent("Reader77/Reader/Resources/de.lproj/Localizable.strings").path))
    // Removing copies again finds nothing to remove.
    let again = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: after, targets: ["Reader", "ReaderPro"], removingCopies: removals)
    #expect(!again.changesFile)
  }

  @Test func copiesInTheResourcesPhaseLoseTheirBuildFileLines() throws {
    let project = try Self.project("BrandApp/BrandApp.xcodeproj")
    var removals: [String: [XcodeProjectEditor.CopyRemoval]] = [:]
    for target in project.targets {
      removals[target.name] = target.tables.flatMap { table in
        table.sources.map { XcodeProjectEditor.CopyRemoval(table: table.name, source: $0) }
      }
    }
    let edit = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: project, targets: ["Acme", "Globex", "Widget"], removingCopies: removals)
    // The installed fixture less every line that names the three build files of the tables.
    let removed = ["1A0000000000000000000103", "1A0000000000000000000104", "1A0000000000000000000105"]
    let expected = Self.text(try Self.expected("BrandApp-installed.pbxproj")).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .filter { line in !removed.contains { line.contains($0) } }.joined(separator: "\n")
    #expect(Self.text(edit.bytes) == expected)
    #expect(
      edit.targets.map(\.removedCopies) == [["InfoPlist.strings", "Localizable.strings"], ["Localizable.strings"], []])
    // The variant groups and their files stay in the project (the navigator shows them).
    let after = try XcodeProjectReader.parse(edit.bytes, path: project.path)
    #expect(after.document.object("1A0000000000000000000301") != nil)
    #expect(after.targets.allSatisfy { $0.tables.isEmpty })
  }

  /// A build file two phases list (Xcode makes one per phase, but a hand edit or a generator may
  /// share one) stays while a phase still lists it: taking the copy out of one target must not
  /// leave the other naming an object the file no longer has.
  @Test func aBuildFileAnotherPhaseListsStays() throws {
    let original = try Self.project("BrandApp/BrandApp.xcodeproj")
    // Globex's Resources phase lists Acme's InfoPlist.strings build file too, and Acme's lists its
    // Localizable.strings build file twice (as some generated projects do).
    let shared = "\t\t\t\t1A0000000000000000000105 /* InfoPlist.strings in Resources */,\n"
    let globexEntry = "\t\t\t\t1A0000000000000000000104 /* Localizable.strings in Resources */,\n"
    let acmeEntry = "\t\t\t\t1A0000000000000000000103 /* Localizable.strings in Resources */,\n"
    let text = try String(
      contentsOf: Self.fixtures.appendingPathComponent("BrandApp/BrandApp.xcodeproj/project.pbxproj"), encoding: .utf8)
    #expect(text.components(separatedBy: globexEntry).count == 2)
    #expect(text.components(separatedBy: acmeEntry).count == 2)
    let edited = text.replacingOccurrences(of: globexEntry, with: globexEntry + shared)
      .replacingOccurrences(of: acmeEntry, with: acmeEntry + acmeEntry)
    let project = try XcodeProjectReader.parse(Array(edited.utf8), path: original.path)
    func removals(_ names: [String]) -> [String: [XcodeProjectEditor.CopyRemoval]] {
      Dictionary(
        uniqueKeysWithValues: project.targets.filter { names.contains($0.name) }.map { target in
          (
            target.name,
            target.tables.flatMap { table in
              table.sources.map { XcodeProjectEditor.CopyRemoval(table: table.name, source: $0) }
            }
          )
        })
    }
    // Out of Acme only: Globex still lists the shared build file, which stays.
    let acmeOnly = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: project, targets: ["Acme"], removingCopies: removals(["Acme"]))
    let afterAcme = try XcodeProjectReader.parse(acmeOnly.bytes, path: project.path)
    #expect(afterAcme.document.object("1A0000000000000000000105") != nil)
    #expect(afterAcme.document.object("1A0000000000000000000103") == nil)
    #expect(!Self.text(acmeOnly.bytes).contains("1A0000000000000000000103"))
    #expect(afterAcme.targets.first { $0.name == "Acme" }?.tables.isEmpty == true)
    #expect(
      afterAcme.targets.first { $0.name == "Globex" }?.tables.map(\.name).sorted() == [
        "InfoPlist.strings", "Localizable.strings",
      ])
    // Out of both: the last phase to list it lets it go, once.
    let both = try XcodeProjectEditor.install(
      XcodeProjectEditorTests.phase, in: project, targets: ["Acme", "Globex"],
      removingCopies: removals(["Acme", "Globex"]))
    let afterBoth = try XcodeProjectReader.parse(both.bytes, path: project.path)
    #expect(afterBoth.document.object("1A0000000000000000000105") == nil)
    #expect(!Self.text(both.bytes).contains("1A0000000000000000000105"))
    #expect(afterBoth.targets.allSatisfy { $0.tables.isEmpty })
  }

  /// The lines of a Run Script phase with values replaced by `…`: its shape.
  static func shape(_ text: Substring) -> [String] {
    text.split(separator: "\n").dropFirst().map { line in
      let indent = line.prefix { $0 == "\t" }
      let body = line.dropFirst(indent.count)
      if let equals = body.range(of: " = ") {
        let value = body[equals.upperBound...]
        return indent + body[..<equals.lowerBound] + " = " + (value == "(" ? "(" : "…;")
      }
      return indent + (body == ");" || body == "};" ? String(body) : "…,")
    }
  }

  /// Xcode's own Run Script phases with the same keys have the same shape as ours.
  @Test(SharedFolder.required)
  func thePhaseHasTheShapeOfXcodesOwnPhases() throws {
    var compared: [PBXFormat: Int] = [:]
    for file in PBXOracle.sharedProjectFiles {
      let bytes = [UInt8](try Data(contentsOf: file))
      guard let project = try? XcodeProjectReader.parse(bytes, path: file.path, sourceRoot: "/nonexistent"),
        let format = PBXFormat(objectVersion: project.objectVersion)
      else { continue }
      let editor = PBXEditor(document: project.document)
      for (id, _, value) in project.document.allObjects()
      where project.document.isa(value, is: "PBXShellScriptBuildPhase") {
        guard let text = editor.objectText(id: id) else { continue }
        let theirs = Self.shape(Substring(text))
        // Ours, for a phase with exactly their keys: keep the lines of keys they have.
        let keys = Set(
          theirs.compactMap { $0.split(separator: " ").first.map(String.init) }.filter {
            $0.hasPrefix("\t\t\t") && !$0.hasPrefix("\t\t\t\t")
          })
        guard keys.contains("\t\t\tname"), keys.contains("\t\t\tinputFileListPaths") || format == .defaultsOmitted
        else { continue }
        var phase = XcodeProjectEditorTests.phase
        if !keys.contains("\t\t\tshowEnvVarsInLog") { phase.showsEnvironmentInLog = true }
        phase.alwaysOutOfDate = keys.contains("\t\t\talwaysOutOfDate")
        // Keys this tool never writes (a dependency file, Xcode 8's comments): nothing to compare.
        guard !keys.contains("\t\t\tdependencyFile"), !keys.contains("\t\t\tcomments") else { continue }
        let ours = Self.shape(Substring(PBXWriter.shellScriptPhase(phase, id: id, format: format)))
        var kept: [String] = []
        var keeping = false
        for line in ours {
          if line.hasPrefix("\t\t\t") && !line.hasPrefix("\t\t\t\t") && line != "\t\t\t);" {
            keeping = keys.contains(String(line.split(separator: " ")[0]))
          }
          if keeping || line == "\t\t};" { kept.append(line) }
        }
        // Compare the keys and how each value is laid out, not how many elements an array has.
        func skeleton(_ lines: [String]) -> [String] { lines.filter { $0 != "\t\t\t\t…," } }
        #expect(skeleton(kept) == skeleton(theirs), "\(file.path) \(id)")
        compared[format, default: 0] += 1
      }
    }
    #expect((compared[.classic] ?? 0) > 50)
    #expect((compared[.defaultsOmitted] ?? 0) >= 1)
  }

  @Test func aFormatNewerThanAnyKnownIsReadButNotWritten() throws {
    let bytes = try [UInt8](
      Data(contentsOf: Self.fixtures.appendingPathComponent("Notes90/Notes.xcodeproj/project.pbxproj")))
    let newer = Array(Self.text(bytes).replacing("objectVersion = 90;", with: "objectVersion = 100;").utf8)
    let project = try XcodeProjectReader.parse(newer, path: "Notes.xcodeproj")
    #expect(project.targets.map(\.name) == ["Notes"])
    #expect(
      throws: XcodeProjectError.newerFormat(
        path: "Notes.xcodeproj/project.pbxproj", objectVersion: 100, newestKnown: 90)
    ) {
      try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Notes"])
    }
    #expect(throws: XcodeProjectError.self) {
      try XcodeProjectEditor.uninstall(phaseNamed: LocMergePhase.name, from: project, targets: ["Notes"])
    }
  }

  @Test func anUnknownTargetIsRefusedWithTheNearestName() throws {
    let project = try Self.project("BrandApp/BrandApp.xcodeproj")
    #expect(throws: XcodeProjectError.unknownTarget(path: project.filePath, name: "Acne", suggestion: "Acme")) {
      try XcodeProjectEditor.install(XcodeProjectEditorTests.phase, in: project, targets: ["Acne"])
    }
  }
}
