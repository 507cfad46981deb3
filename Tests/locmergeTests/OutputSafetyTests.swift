import Foundation
import Testing

/// The merge's write path against links, tampered bookkeeping, concurrent runs and write errors,
/// through the built binary as a build phase runs it.
@Suite struct OutputSafetyTests {
  static let acmePro = EndToEndTests.acmePro

  // MARK: - Links inside DEST

  @Test(arguments: ["into a layer", "outside"])
  func aLinkedFolderInsideDestIsNeverWrittenThrough(_ target: String) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try scratch.write("\"mine\" = \"untouched\";\n", to: "Elsewhere/Localizable.strings")
    let linked = target == "outside" ? "Elsewhere" : "Base/en.lproj"
    let sources = scratch.snapshot("Base").merging(scratch.snapshot("Elsewhere").prefixed("Elsewhere/")) { $1 }
    try FileManager.default.createDirectory(atPath: scratch.path("Out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Out/en.lproj"), withDestinationPath: "../\(linked)")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 1)
    #expect(outcome.standardError.contains("Out/en.lproj: error: a symbolic link stands where the output folder goes"))
    #expect(scratch.snapshot("Base").merging(scratch.snapshot("Elsewhere").prefixed("Elsewhere/")) { $1 } == sources)
    // All or nothing: no other table was written either.
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out/de.lproj")))
  }

  @Test(arguments: ["into a layer", "outside"])
  func aLinkedOutputFileIsReplacedByARealFile(_ target: String) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try scratch.write("\"mine\" = \"untouched\";\n", to: "Elsewhere/Localizable.strings")
    let linked = target == "outside" ? "Elsewhere/Localizable.strings" : "Base/en.lproj/Localizable.strings"
    let before = try #require(scratch.read(linked))
    try FileManager.default.createDirectory(atPath: scratch.path("Out/en.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Out/en.lproj/Localizable.strings"), withDestinationPath: "../../\(linked)")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.read(linked) == before)
    let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path("Out/en.lproj/Localizable.strings"))
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    let clean = try Self.cleanMerge(Self.acmePro, in: scratch)
    #expect(scratch.snapshot("Out")["en.lproj/Localizable.strings"] == clean["en.lproj/Localizable.strings"])
  }

  @Test func destItselfMayBeALinkToAFolderOutsideTheLayers() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try FileManager.default.createDirectory(atPath: scratch.path("Real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: scratch.path("Out"), withDestinationPath: "Real")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.tables("Real") == (try Self.cleanMerge(Self.acmePro, in: scratch)))
    try FileManager.default.createSymbolicLink(atPath: scratch.path("Link"), withDestinationPath: "Targets/AcmePro")
    let refused = try ToolRunner.run(["-b", "Base", "-s", "Targets/AcmePro", "-d", "Link"], in: scratch.root)
    // A destination that is a layer is a mistake in the invocation: a usage error, before anything is read.
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("refusing to write"))
  }

  @Test func staleOutputsBehindALinkAreNotDeleted() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    // The user moves the French outputs elsewhere and links them back.
    try FileManager.default.moveItem(atPath: scratch.path("Out/fr.lproj"), toPath: scratch.path("Elsewhere"))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("Out/fr.lproj"), withDestinationPath: "../Elsewhere")
    let elsewhere = scratch.snapshot("Elsewhere")
    for layer in ["Base", "Brands/Acme"] {
      try? FileManager.default.removeItem(atPath: scratch.path("\(layer)/fr.lproj"))
    }
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.snapshot("Elsewhere") == elsewhere)
    #expect(outcome.standardError.contains("warning: stale output not removed"))
  }

  // MARK: - The record

  @Test(arguments: [
    "", ".", "en.lproj", "notes.txt", "link/file.strings", "../Outside.strings", "/tmp/x.strings", "a//b",
  ])
  func aTamperedRecordEntryIsIgnoredWithAWarning(_ entry: String) throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    try scratch.write("kept", to: "Out/notes.txt")
    try scratch.write("\"mine\" = \"kept\";\n", to: "Out/en.lproj/Custom.strings")
    try scratch.write("\"outside\" = \"kept\";\n", to: "Outside.strings")
    try scratch.write("\"linked\" = \"kept\";\n", to: "Elsewhere/file.strings")
    try FileManager.default.createSymbolicLink(atPath: scratch.path("Out/link"), withDestinationPath: "../Elsewhere")
    let everything = scratch.snapshot("")
    try scratch.writeRecord(["de.lproj/InfoPlist.strings", entry], in: "Out")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("warning: ignored an entry of the output record"))
    #expect(
      scratch.snapshot("").filter { !$0.key.contains(".locmerge") }
        == everything.filter { !$0.key.contains(".locmerge") })
    // Later runs are not disturbed by what the record held.
    let next = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(next.status == 0, "\(next.standardError)")
    #expect(!next.standardError.contains("warning"))
  }

  @Test func aCorruptRecordIsAWarningAndTheRunGoesOn() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    try scratch.write("{\"version\": 1, \"outputs\": [", to: Self.recordPath("Out"))
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("warning: the output record is damaged"))
    #expect(scratch.tables("Out") == (try Self.cleanMerge(Self.acmePro, in: scratch)))
  }

  @Test func aStaleOutputAlreadyGoneIsNotAnError() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    try FileManager.default.removeItem(atPath: scratch.path("Out/fr.lproj"))
    for layer in ["Base", "Brands/Acme"] {
      try? FileManager.default.removeItem(atPath: scratch.path("\(layer)/fr.lproj"))
    }
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.tables("Out") == (try Self.cleanMerge(Self.acmePro, in: scratch)))
  }

  // MARK: - Concurrent runs

  @Test func twoRunsOfTheSameStackAtOnceBothSucceed() throws {
    let scratch = try Scratch()
    try Self.writeLargeStacks(in: scratch)
    let stackA = ["-b", "Base", "-s", "A", "-d", "Out"]
    let stackB = ["-b", "Base", "-s", "B", "-d", "Out"]
    let clean = try Self.cleanMerge(stackA, in: scratch)
    for round in 0..<6 {
      // B's outputs in DEST: both runs find the same stale files to remove.
      #expect(try ToolRunner.run(stackB, in: scratch.root).status == 0)
      let outcomes = try Self.runTogether([stackA, stackA], in: scratch)
      for outcome in outcomes {
        #expect(outcome.status == 0, "round \(round): \(outcome.standardError)")
      }
      #expect(scratch.tables("Out") == clean, "round \(round)")
    }
  }

  @Test func twoRunsOfDifferentStacksAtOnceLeaveADestTheNextRunRepairs() throws {
    let scratch = try Scratch()
    try Self.writeLargeStacks(in: scratch)
    let stackA = ["-b", "Base", "-s", "A", "-d", "Out"]
    let stackB = ["-b", "Base", "-s", "B", "-d", "Out"]
    let clean = try Self.cleanMerge(stackA, in: scratch)
    let cleanB = try Self.cleanMerge(stackB, in: scratch)
    for round in 0..<6 {
      // A third stack first, so that both runs have work to do.
      #expect(try ToolRunner.run(["-b", "Base", "-d", "Out"], in: scratch.root).status == 0)
      let outcomes = try Self.runTogether([stackA, stackB], in: scratch)
      for outcome in outcomes {
        #expect(outcome.status == 0, "round \(round): \(outcome.standardError)")
      }
      // One run after the other: DEST holds the whole output of whichever came last.
      let both = scratch.tables("Out")
      #expect(both == clean || both == cleanB, "round \(round)")
      #expect(try ToolRunner.run(stackA, in: scratch.root).status == 0)
      #expect(scratch.tables("Out") == clean, "round \(round)")
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1)"))
  func aRunWaitsWhileAnotherHoldsDestAndThenFindsTheWorkDone() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    // Another run holds the lock for 1.6 s; this one starts 0.2 s later.
    let script = """
      /usr/bin/flock Out/.locmerge/lock sleep 1.6 &
      sleep 0.2
      "$LOCMERGE" \(Self.acmePro.joined(separator: " "))
      status=$?
      wait
      exit $status
      """
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], in: scratch.root,
      environment: ["LOCMERGE": ToolRunner.binary.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("locmerge: waiting for another locmerge run to finish writing "))
    #expect(outcome.standardError.contains("up to date"))
  }

  // MARK: - Write errors

  @Test(
    .enabled(
      if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
      "as root, needs setpriv to run the tool as nobody"))
  func aReadOnlyFolderChangesNoOutput() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try Self.ownForUnprivilegedRuns(scratch)
    #expect(try Self.runUnprivileged(Self.acmePro, in: scratch).status == 0)
    let before = scratch.snapshot("Out")
    try Self.changeEveryLanguage(in: scratch)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.path("Out/de.lproj"))
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path("Out/de.lproj"))
    }
    let outcome = try Self.runUnprivileged(Self.acmePro, in: scratch)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains("Out/de.lproj: error: no permission to write in this folder"),
      "\(outcome.standardError)")
    #expect(!outcome.standardError.contains(".tmp"))
    #expect(scratch.snapshot("Out") == before)
  }

  @Test func aFolderWhereAnOutputGoesChangesNoOutput() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    let before = scratch.snapshot("Out")
    try Self.changeEveryLanguage(in: scratch)
    try scratch.write("\"new\" = \"table\";\n", to: "Base/fr.lproj/Onboarding.strings")
    try scratch.write("mine", to: "Out/fr.lproj/Onboarding.strings/inside.txt")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains("Out/fr.lproj/Onboarding.strings: error: a folder stands where this output goes"),
      "\(outcome.standardError)")
    #expect(scratch.snapshot("Out").filter { !$0.key.hasPrefix("fr.lproj/Onboarding.strings/") } == before)
  }

  @Test func destBeingAFileIsSaidInPlainWords() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    try scratch.write("not a folder", to: "Out")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains("Out: error: the destination is a file, not a folder"), "\(outcome.standardError)")
    #expect(scratch.read("Out") == "not a folder")
  }

  @Test(.enabled(if: OutputSafetyTests.canMountSmallDisks, "needs root and unshare to mount a small tmpfs"))
  func aFullDiskChangesNoOutputAndNamesTheOutput() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    // The whole scenario runs in a private mount namespace with DEST on a 96 KB tmpfs.
    let script = """
      set -u
      mkdir -p Out && mount -t tmpfs -o size=96k tmpfs Out || exit 99
      "$LOCMERGE" \(Self.acmePro.joined(separator: " ")) --quiet || exit 98
      cp -a Out before
      for l in en de fr; do printf '"changed" = "%s";\\n' $l >> Base/$l.lproj/InfoPlist.strings; done
      big=$(head -c 150000 /dev/zero | tr '\\0' x)
      printf '"big" = "%s";\\n' "$big" >> Base/de.lproj/Localizable.strings
      "$LOCMERGE" \(Self.acmePro.joined(separator: " ")) 2> stderr.txt
      echo $? > status.txt
      cp -a Out after
      """
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/usr/bin/unshare"), arguments: ["-m", "/bin/sh", "-c", script],
      in: scratch.root, environment: ["LOCMERGE": ToolRunner.binary.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.read("status.txt") == "1\n")
    let message = scratch.read("stderr.txt") ?? ""
    #expect(
      message.contains("Out/de.lproj/Localizable.strings: error: disk full while writing this output"), "\(message)")
    #expect(!message.contains(".tmp"))
    #expect(scratch.snapshot("after") == scratch.snapshot("before"))
  }

  // MARK: - Helpers

  /// Where the tool keeps its record of written outputs.
  static func recordPath(_ destination: String) -> String { "\(destination)/.locmerge/outputs.json" }

  /// The tables of a merge into a fresh folder.
  static func cleanMerge(_ stack: [String], in scratch: Scratch) throws -> [String: Data] {
    let fresh = "Clean-\(UUID().uuidString)"
    var arguments = stack
    if let index = arguments.firstIndex(of: "-d") { arguments[index + 1] = fresh }
    let outcome = try ToolRunner.run(arguments, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    defer { try? FileManager.default.removeItem(atPath: scratch.path(fresh)) }
    return scratch.tables(fresh)
  }

  /// Starts the tool once per argument list, all at the same time, and waits for every run.
  static func runTogether(_ runs: [[String]], in scratch: Scratch) throws -> [ToolRunner.Outcome] {
    let outcomes = ResultBox(count: runs.count)
    let root = scratch.root
    DispatchQueue.concurrentPerform(iterations: runs.count) { index in
      // Vary which run starts first, and by how much.
      usleep(UInt32.random(in: 0...15_000))
      outcomes.set(index, (try? ToolRunner.run(runs[index], in: root)))
    }
    return try outcomes.values.map { try #require($0) }
  }

  /// A base of 30 languages × 4 small tables and two overlays that override every table and add one
  /// of their own per language: many files to write, so that two runs overlap while writing.
  static func writeLargeStacks(in scratch: Scratch) throws {
    // Keys far apart from each other, so that no near-miss warning is printed for them.
    var seed: UInt64 = 12_345
    let keys = (0..<20).map { _ in
      String(
        (0..<12).map { _ in
          seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8((seed >> 33) % 26)))
        })
    }
    let tables = ["Localizable", "InfoPlist", "Settings", "Menu"]
    for language in (0..<30).map({ "l\($0)" }) {
      for table in tables {
        try scratch.write(
          keys.map { "\"\($0)\" = \"\(language) \(table) \($0)\";\n" }.joined(),
          to: "Base/\(language).lproj/\(table).strings")
        for overlay in ["A", "B"] {
          try scratch.write(
            keys.prefix(5).map { "\"\($0)\" = \"\(overlay) \(language) \(table)\";\n" }.joined(),
            to: "\(overlay)/\(language).lproj/\(table).strings")
        }
      }
      for overlay in ["A", "B"] {
        try scratch.write(
          keys.prefix(5).map { "\"\($0)\" = \"\(overlay) \(language) extra\";\n" }.joined(),
          to: "\(overlay)/\(language).lproj/Extra\(overlay).strings")
      }
    }
  }

  /// Changes a table of every language, so that a run must rewrite files in every output folder.
  static func changeEveryLanguage(in scratch: Scratch) throws {
    for language in ["en", "de", "fr"] {
      let path = "Base/\(language).lproj/InfoPlist.strings"
      try scratch.write((scratch.read(path) ?? "") + "\"changed\" = \"\(language)\";\n", to: path)
    }
  }

  static var canMountSmallDisks: Bool {
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
      && (try? ToolRunner.run(
        executable: URL(fileURLWithPath: "/usr/bin/unshare"),
        arguments: ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=8k tmpfs /mnt"], in: nil, environment: [:]))?
        .status == 0
  }

  /// As root, permissions do not stop writes: the tree is handed to `nobody` and the tool runs as `nobody`.
  static func ownForUnprivilegedRuns(_ scratch: Scratch) throws {
    guard getuid() == 0 else { return }
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/chown"), arguments: ["-R", "65534:65534", scratch.root.path], in: nil,
      environment: [:])
    #expect(outcome.status == 0, "\(outcome.standardError)")
  }

  static func runUnprivileged(_ arguments: [String], in scratch: Scratch) throws -> ToolRunner.Outcome {
    guard getuid() == 0 else { return try ToolRunner.run(arguments, in: scratch.root) }
    return try ToolRunner.run(
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
      arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", ToolRunner.binary.path] + arguments,
      in: scratch.root, environment: [:])
  }
}

/// Results that concurrent iterations store at their own index.
private final class ResultBox: @unchecked Sendable {
  private var slots: [ToolRunner.Outcome?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: ToolRunner.Outcome?) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [ToolRunner.Outcome?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}

extension Scratch {
  /// The table files under a folder (bookkeeping left out), with their bytes.
  func tables(_ relative: String) -> [String: Data] {
    snapshot(relative).filter { !$0.key.hasPrefix(".") && !$0.key.contains("/.") }
  }

  /// Replaces the output record of a destination with these entries.
  func writeRecord(_ entries: [String], in destination: String) throws {
    let json = try JSONSerialization.data(withJSONObject: ["version": 1, "outputs": entries])
    try write(String(decoding: json, as: UTF8.self), to: OutputSafetyTests.recordPath(destination))
  }
}

extension Dictionary where Key == String {
  /// The same entries with every key prefixed.
  func prefixed(_ prefix: String) -> [String: Value] {
    Dictionary(uniqueKeysWithValues: map { (prefix + $0.key, $0.value) })
  }
}
