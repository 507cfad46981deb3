import Dispatch
import Foundation
import Testing

@testable import LayerMerge

@Suite struct OutputPlanTests {
  static func file(_ path: String, _ text: String) -> OutputFile {
    OutputFile(relativePath: path, bytes: Array(text.utf8))
  }

  @Test func anOutputPathOutsideTheTableLayoutIsRefusedBeforeAnythingIsWritten() throws {
    let scratch = try TemporaryLayers([:])
    let plan = OutputPlan(
      files: [Self.file("en.lproj/A.strings", "a"), Self.file("../escape.strings", "b")],
      destination: scratch.path("Out"))
    #expect(throws: OutputError.notATablePath(path: scratch.path("Out") + "/../escape.strings")) {
      try plan.apply()
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("escape.strings")))
  }

  @Test func catalogsAndNestedTablesAreWrittenAndTheirFoldersRemovedWhenStale() throws {
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    let first = try OutputPlan(
      files: [
        Self.file("Localizable.xcstrings", "{}"), Self.file("Settings.bundle/de.lproj/Root.strings", "\"a\" = \"b\";"),
        Self.file("Extensions/Today/fr.lproj/X.strings", "\"c\" = \"d\";"), Self.file("en.lproj/A.strings", "e"),
      ], destination: destination
    ).apply()
    #expect(first.written.count == 4)
    try scratch.write(Data("mine".utf8), to: "Out/Extensions/notes.txt")
    let second = try OutputPlan(files: [Self.file("en.lproj/A.strings", "e")], destination: destination).apply()
    #expect(
      second.removed == [
        "Extensions/Today/fr.lproj/X.strings", "Localizable.xcstrings", "Settings.bundle/de.lproj/Root.strings",
      ])
    #expect(second.unchanged == ["en.lproj/A.strings"])
    // Folders left empty go; a folder holding a user's file stays.
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out/Settings.bundle")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out/Extensions/Today")))
    #expect(FileManager.default.fileExists(atPath: scratch.path("Out/Extensions/notes.txt")))
  }

  @Test func aFolderWhereAnOutputGoesIsRefusedBeforeAnythingIsWritten() throws {
    let scratch = try TemporaryLayers([:])
    try scratch.write(Data("mine".utf8), to: "Out/fr.lproj/B.strings/inside.txt")
    let plan = OutputPlan(
      files: [Self.file("de.lproj/A.strings", "a"), Self.file("fr.lproj/B.strings", "b")],
      destination: scratch.path("Out"))
    #expect(throws: OutputError.folderInTheWay(path: scratch.path("Out/fr.lproj/B.strings"))) { try plan.apply() }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out/de.lproj")))
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out/.locmerge"))
    #expect(left == ["lock"])
  }

  @Test func aFailureWhilePreparingRemovesTheFoldersItCreated() throws {
    let scratch = try TemporaryLayers([:])
    // A folder where the second temporary file goes (never removed: locmerge removes only files).
    try FileManager.default.createDirectory(
      atPath: scratch.path("Out/.locmerge/pending-1.tmp"), withIntermediateDirectories: true)
    let plan = OutputPlan(
      files: [Self.file("de.lproj/A.strings", "a"), Self.file("fr.lproj/B.strings", "b")],
      destination: scratch.path("Out"))
    #expect(
      throws: OutputError.failed(path: scratch.path("Out/fr.lproj/B.strings"), action: "write the file", code: EEXIST)
    ) {
      try plan.apply()
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out")).sorted()
    #expect(left == [".locmerge"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out/.locmerge")).sorted() == [
        "lock", "pending-1.tmp",
      ])
  }

  /// Outputs are compared and written to temporary files on every core; a file that cannot be
  /// written fails the run as before: the error names it, every other temporary file goes, and
  /// nothing in the destination changes, the files already up to date included.
  @Test func aTemporaryFileThatCannotBeWrittenAmongManyChangesNothing() throws {
    let scratch = try TemporaryLayers([:])
    let names = (0..<12).map { "l\($0 < 10 ? "0" : "")\($0).lproj/T.strings" }
    _ = try OutputPlan(files: names.map { Self.file($0, "old \($0)") }, destination: scratch.path("Out")).apply()
    let before = ProjectBuildTests.contents(scratch.path("Out"))
    // Every other output changes; the seventh output's temporary file is blocked by a folder.
    let files = names.enumerated().map { index, name in Self.file(name, index % 2 == 0 ? "old \(name)" : "new \(name)")
    }
    try FileManager.default.createDirectory(
      atPath: scratch.path("Out/.locmerge/pending-7.tmp"), withIntermediateDirectories: true)
    #expect(
      throws: OutputError.failed(path: scratch.path("Out/l07.lproj/T.strings"), action: "write the file", code: EEXIST)
    ) {
      try OutputPlan(files: files, destination: scratch.path("Out")).apply()
    }
    #expect(ProjectBuildTests.contents(scratch.path("Out")) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out/.locmerge")).sorted() == [
        "lock", "outputs.json", "pending-7.tmp",
      ])
  }

  /// A merge's files rendered only when the plan writes them are the files rendered at once.
  @Test func filesRenderedWhenWrittenAreTheFilesRenderedAtOnce() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "/* a */\n\"a\" = \"A\";\n\"b\" = \"B\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A de\";\n",
        "en.lproj/Plural.stringsdict": Self.plural("one"),
        "Localizable.xcstrings": TemporaryLayers.catalog([("title", [("en", "Home"), ("de", "Start")])]),
      ],
      "Brand": [
        "en.lproj/Localizable.strings": "\"b\" = \"Brand\";\n\"c\" = \"C\";\n",
        "en.lproj/Plural.stringsdict": Self.plural("brand"),
        "Localizable.xcstrings": TemporaryLayers.catalog([("title", [("en", "Brand")])]),
      ],
    ])
    for output in [CatalogOutput.compiled, .merged] {
      let result = LayerMerger.merge(
        fixture.layers("Base", "Brand"), options: MergeOptions(catalogOutput: output))
      let deferred = OutputFile.filesRenderedWhenWritten(for: result)
      #expect(deferred.map(\.relativePath) == OutputFile.files(for: result).map(\.relativePath))
      #expect(deferred == OutputFile.files(for: result))
      _ = try OutputPlan(files: deferred, destination: fixture.path("deferred")).apply()
      _ = try OutputPlan(files: OutputFile.files(for: result), destination: fixture.path("at-once")).apply()
      #expect(
        ProjectBuildTests.contents(fixture.path("deferred")) == ProjectBuildTests.contents(fixture.path("at-once")))
    }
  }

  static func plural(_ word: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
    <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
    <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d \(word)</string></dict>
    </dict></dict></plist>
    """
  }

  @Test func aStaleOutputBehindALinkStaysRecordedAndGoesOnceTheLinkIsGone() throws {
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    _ = try OutputPlan(
      files: [Self.file("en.lproj/A.strings", "a"), Self.file("fr.lproj/A.strings", "b")], destination: destination
    ).apply()
    try FileManager.default.moveItem(atPath: scratch.path("Out/fr.lproj"), toPath: scratch.path("Elsewhere"))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Out/fr.lproj"), withDestinationPath: "../Elsewhere")
    let first = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination).apply()
    #expect(first.removed.isEmpty)
    #expect(first.diagnostics.map(\.code) == [.staleOutputKept])
    #expect(FileManager.default.fileExists(atPath: scratch.path("Elsewhere/A.strings")))
    // The user replaces the link by the real folder: the next run removes the stale table.
    try FileManager.default.removeItem(atPath: scratch.path("Out/fr.lproj"))
    try FileManager.default.moveItem(atPath: scratch.path("Elsewhere"), toPath: scratch.path("Out/fr.lproj"))
    let second = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination).apply()
    #expect(second.removed == ["fr.lproj/A.strings"])
    #expect(second.diagnostics.isEmpty)
  }

  @Test func aStaleEntryThatIsAnOutputSpelledInAnotherCaseIsKept() throws {
    // On a case-insensitive file system `a.strings` and `A.strings` are one file; a hard link
    // stands in for that here.
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    _ = try OutputPlan(files: [Self.file("en.lproj/a.strings", "x")], destination: destination).apply()
    try FileManager.default.linkItem(
      atPath: scratch.path("Out/en.lproj/a.strings"), toPath: scratch.path("Out/en.lproj/A.strings"))
    let report = try OutputPlan(files: [Self.file("en.lproj/A.strings", "x")], destination: destination).apply()
    #expect(report.removed.isEmpty)
    #expect(FileManager.default.fileExists(atPath: scratch.path("Out/en.lproj/a.strings")))
  }

  @Test func temporaryFilesOfAKilledRunAreRemovedBeforeWriting() throws {
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    _ = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination).apply()
    for name in ["pending-0.tmp", "outputs.json.tmp", "stamp.json.tmp"] {
      try scratch.write(Data("half".utf8), to: "Out/.locmerge/\(name)")
    }
    _ = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination).apply()
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out/.locmerge")).sorted()
    #expect(left == ["lock", "outputs.json"])
  }

  @Test func aRecordOfAnEarlierVersionIsReadOnceAndReplaced() throws {
    let scratch = try TemporaryLayers([:])
    try scratch.write(Data("old".utf8), to: "Out/fr.lproj/Old.strings")
    try scratch.write(Data("kept".utf8), to: "Out/fr.lproj/Custom.strings")
    try scratch.write(
      Data("{\"version\": 1, \"outputs\": [\"fr.lproj/Old.strings\"]}".utf8), to: "Out/.locmerge-outputs.json")
    try scratch.write(Data("{}".utf8), to: "Out/.locmerge-stamp.json")
    let report = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: scratch.path("Out"))
      .apply()
    #expect(report.removed == ["fr.lproj/Old.strings"])
    let top = try FileManager.default.contentsOfDirectory(atPath: scratch.path("Out")).sorted()
    #expect(top == [".locmerge", "en.lproj", "fr.lproj"])
    #expect(FileManager.default.fileExists(atPath: scratch.path("Out/fr.lproj/Custom.strings")))
  }

  @Test func plansForDifferentDestinationsApplyOnManyThreadsAtOnce() throws {
    let scratch = try TemporaryLayers([:])
    let root = scratch.path("")
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 12) { target in
      let files = (0..<20).map { table in
        OutputFile(relativePath: "l\(table % 4).lproj/T\(table).strings", bytes: Array("\(target)-\(table)".utf8))
      }
      do {
        let report = try OutputPlan(files: files, destination: root + "/Target\(target)").apply()
        if report.written.count != 20 { failures.add("target \(target) wrote \(report.written.count)") }
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    for target in 0..<12 {
      let text = try String(contentsOfFile: scratch.path("Target\(target)/l3.lproj/T7.strings"), encoding: .utf8)
      #expect(text == "\(target)-7")
    }
  }

  @Test func twoThreadsWritingOneDestinationTakeTurns() throws {
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    let failures = Failures()
    for round in 0..<10 {
      // Both threads start at the same moment. One writes languages 0–59, the other 30–89:
      // taking turns, whichever comes last leaves exactly its own 60.
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for index in 0..<2 {
        DispatchQueue.global().async(group: done) {
          let files = (index * 30..<index * 30 + 60).map { language in
            OutputFile(relativePath: "l\(language).lproj/T.strings", bytes: Array("\(round)-\(index)".utf8))
          }
          start.wait()
          do {
            _ = try OutputPlan(files: files, destination: destination).apply()
          } catch {
            failures.add("\(error)")
          }
        }
      }
      start.signal()
      start.signal()
      done.wait()
      let languages = try FileManager.default.contentsOfDirectory(atPath: destination).filter { $0 != ".locmerge" }
      #expect(languages.count == 60, "round \(round): \(languages.count) languages")
    }
    #expect(failures.all.isEmpty)
  }

  @Test func aSecondRunWaitsForTheLockAndSaysSoAfterASecond() throws {
    let scratch = try TemporaryLayers([:])
    let destination = scratch.path("Out")
    _ = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination).apply()
    let holder = open(scratch.path("Out/.locmerge/lock"), O_RDWR)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      usleep(1_500_000)
      flock(holder, LOCK_UN)
      released.signal()
    }
    var told = 0
    let start = Date()
    let report = try OutputPlan(files: [Self.file("en.lproj/A.strings", "b")], destination: destination).apply(
      whileWaiting: { told += 1 })
    released.wait()
    #expect(told == 1)
    #expect(Date().timeIntervalSince(start) >= 1.4)
    #expect(report.written == ["en.lproj/A.strings"])
  }
}

/// Messages collected from concurrent iterations.
private final class Failures: @unchecked Sendable {
  private var messages: [String] = []
  private let lock = NSLock()

  func add(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}

/// A merge's plan writes its catalogs too, compiled or merged as the options say.
@Suite struct CatalogOutputPlanTests {
  @Test(arguments: [CatalogOutput.compiled, .merged])
  func thePlanOfAMergeWritesItsCatalogs(_ output: CatalogOutput) throws {
    let fixture = try TemporaryLayers([
      "Base": ["Resources/InfoPlist.xcstrings": TemporaryLayers.catalog([("Name", [("en", "App"), ("de", "App")])])],
      "Brand": ["Resources/InfoPlist.xcstrings": TemporaryLayers.catalog([("Name", [("de", "Acme")])])],
    ])
    let result = fixture.merge("Base", "Brand", options: MergeOptions(catalogOutput: output))
    let report = try OutputPlan(result: result, destination: fixture.path("Out")).apply()
    #expect(
      report.written.sorted()
        == (output == .compiled
          ? ["Resources/de.lproj/InfoPlist.strings", "Resources/en.lproj/InfoPlist.strings"]
          : ["Resources/InfoPlist.xcstrings"]))
  }
}
