import Foundation
import Testing

/// Layouts and file kinds real repositories contain, run through the built binary with a time
/// limit: nothing hangs, crashes, loops, multiplies its output or passes in silence.
@Suite struct HostileInputTests {
  static let table = "\"greeting\" = \"Hello\";\n"

  /// A base with one table, an overlay with another.
  static func twoLayers() throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write(table, to: "base/en.lproj/Localizable.strings")
    try scratch.write("\"title\" = \"Pro\";\n", to: "pro/en.lproj/Localizable.strings")
    return scratch
  }

  // MARK: 1. A FIFO where a table should be

  @Test func aFIFONamedLikeATableIsAnErrorNotAHang() throws {
    let scratch = try Self.twoLayers()
    #expect(mkfifo(scratch.path("pro/en.lproj/x.strings"), 0o644) == 0)
    for arguments in [
      ["-b", "base", "-s", "pro", "-d", "out"], ["lint", "-b", "base", "-s", "pro"],
      ["print", "pro/en.lproj/x.strings"],
    ] {
      let outcome = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(10))
      #expect(outcome.status == 1, "\(arguments): \(outcome.status) \(outcome.standardError)")
      #expect(
        (outcome.standardError + outcome.standardOutput).contains("is a FIFO (named pipe), not a regular file"),
        "\(arguments): \(outcome.standardError)")
    }
  }

  // MARK: 2. A link to a device

  @Test func aLinkToDevZeroIsAnErrorNamingThePath() throws {
    let scratch = try Self.twoLayers()
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("pro/en.lproj/Zero.strings"), withDestinationPath: "/dev/zero")
    let outcome = try ToolRunner.run(["lint", "-b", "base", "-s", "pro"], in: scratch.root, timeout: .seconds(10))
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains("pro/en.lproj/Zero.strings: error: is a character device, not a regular file"),
      "\(outcome.standardError)")
  }

  @Test func aTableLargerThanTheLimitIsAnErrorWithoutReadingIt() throws {
    let scratch = try Self.twoLayers()
    let path = scratch.path("pro/en.lproj/Huge.strings")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 300 << 20) == 0)  // sparse: no disk used
    let outcome = try ToolRunner.run(["print", "pro/en.lproj/Huge.strings"], in: scratch.root, timeout: .seconds(10))
    #expect(outcome.status == 1)
    #expect(
      outcome.standardOutput.contains("the file is 300 MB, more than the 256 MB a table may have"),
      "\(outcome.standardOutput)")
  }

  // MARK: 3. Symbolic-link loops

  @Test func aLinkBackIntoTheLayerIsSkippedWithAWarning() throws {
    let scratch = try Self.twoLayers()
    try FileManager.default.createSymbolicLink(atPath: scratch.path("base/loop"), withDestinationPath: ".")
    let outcome = try ToolRunner.run(
      ["-b", "base", "-s", "pro", "-d", "out"], in: scratch.root, timeout: .seconds(20))
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(scratch.snapshot("out").keys.filter { $0.hasSuffix(".strings") } == ["en.lproj/Localizable.strings"])
    #expect(
      outcome.standardError.contains(
        "base/loop: warning: skipped: this symbolic link leads to a folder already read (base)"),
      "\(outcome.standardError)")
  }

  @Test func selfReferencingLinksFinishQuickly() throws {
    let scratch = try Self.twoLayers()
    for name in ["a", "b", "c"] {
      try FileManager.default.createSymbolicLink(atPath: scratch.path("base/\(name)"), withDestinationPath: ".")
    }
    let started = ContinuousClock.now
    let outcome = try ToolRunner.run(["lint", "-b", "base", "-s", "pro"], in: scratch.root, timeout: .seconds(20))
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("2 files read"), "\(outcome.standardError)")
  }

  @Test func aLinkFromALayerIntoTheDestinationIsSkippedAndOutputsDoNotGrow() throws {
    let scratch = try Self.twoLayers()
    try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: scratch.path("pro/generated"), withDestinationPath: "../out")
    let arguments = ["-b", "base", "-s", "pro", "-d", "out"]
    let first = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(20))
    let after = scratch.snapshot("out").keys.sorted()
    let second = try ToolRunner.run(arguments + ["--quiet"], in: scratch.root, timeout: .seconds(20))
    #expect(first.status == 0 && second.status == 0, "\(first.standardError)\(second.standardError)")
    #expect(scratch.snapshot("out").keys.sorted() == after)
    #expect(after.filter { $0.hasSuffix(".strings") } == ["en.lproj/Localizable.strings"])
    #expect(
      first.standardError.contains("pro/generated: warning: skipped: this symbolic link leads into the destination"),
      "\(first.standardError)")
  }

  // MARK: 4. Nesting

  @Test func xmlNestedFarBeyondTheLimitIsAnErrorNotACrash() throws {
    let scratch = try Self.twoLayers()
    let depth = 100_000
    try scratch.write(
      "<plist version=\"1.0\"><dict><key>k</key>" + String(repeating: "<array>", count: depth)
        + String(repeating: "</array>", count: depth) + "</dict></plist>\n", to: "pro/en.lproj/Deep.stringsdict")
    for arguments in [["print", "pro/en.lproj/Deep.stringsdict"], ["lint", "-b", "base", "-s", "pro"]] {
      let outcome = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(30))
      #expect(outcome.status == 1, "\(arguments): status \(outcome.status)")
      #expect(
        (outcome.standardOutput + outcome.standardError).contains(
          "arrays and dictionaries are nested more than 512 levels deep"), "\(arguments)")
    }
  }

  // MARK: 5. Names

  @Test func aLanguageFolderWhoseNameIsNotUTF8IsAWarningNamingIt() throws {
    let scratch = try Self.twoLayers()
    var name = Array(scratch.path("pro").utf8) + Array("/fr".utf8) + [0xE9] + Array(".lproj".utf8)
    name.append(0)
    #expect(mkdir(name.map { CChar(bitPattern: $0) }, 0o755) == 0)
    let outcome = try ToolRunner.run(["lint", "-b", "base", "-s", "pro"], in: scratch.root, timeout: .seconds(10))
    #expect(outcome.status == 0)
    #expect(
      outcome.standardError.contains(#"pro/fr\xE9.lproj: warning: skipped: the name is not valid UTF-8"#),
      "\(outcome.standardError)")
  }

  @Test func aDepfileForASymbolicDestinationNamesRealPaths() throws {
    let scratch = try Self.twoLayers()
    let arguments = ["files", "-b", "base", "-s", "pro", "-d", "$(DERIVED_FILE_DIR)/LocMerge", "--depfile", "deps.d"]
    let unset = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(10))
    #expect(unset.status == 64)
    #expect(unset.standardError.contains("--depfile needs real paths"), "\(unset.standardError)")
    let derived = scratch.path("DerivedData/App.build/DerivedSources")
    let set = try ToolRunner.run(
      arguments, in: scratch.root, environment: ["DERIVED_FILE_DIR": derived], timeout: .seconds(10))
    #expect(set.status == 0, "\(set.standardError)")
    let depfile = scratch.read("deps.d") ?? ""
    #expect(!depfile.contains("$$("), "\(depfile)")
    #expect(depfile.hasPrefix(derived + "/LocMerge/.locmerge/lock"), "\(depfile)")
  }

  @Test func aMergeInsideXcodeKeepsBuildSettingsSymbolicInItsLists() throws {
    let scratch = try Self.twoLayers()
    let derived = scratch.path("DerivedData/App.build/DerivedSources")
    let outcome = try ToolRunner.run(
      [
        "-b", "base", "-s", "pro", "-d", derived + "/LocMerge", "--output-file-list", "out.xcfilelist",
        "--input-file-list", "in.xcfilelist",
      ], in: scratch.root, environment: ["SRCROOT": scratch.root.path, "DERIVED_FILE_DIR": derived],
      timeout: .seconds(10))
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let outputs = (scratch.read("out.xcfilelist") ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      outputs == [
        "$(DERIVED_FILE_DIR)/LocMerge/.locmerge/lock", "$(DERIVED_FILE_DIR)/LocMerge/.locmerge/outputs.json",
        "$(DERIVED_FILE_DIR)/LocMerge/.locmerge/stamp.json",
        "$(DERIVED_FILE_DIR)/LocMerge/en.lproj/Localizable.strings",
      ], "\(outputs)")
    let inputs = (scratch.read("in.xcfilelist") ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      inputs == ["$(SRCROOT)/base/en.lproj/Localizable.strings", "$(SRCROOT)/pro/en.lproj/Localizable.strings"])
  }

  // MARK: 6. Layers that are not what the user meant

  @Test func layerMistakesAreUsageErrorsWithTheReason() throws {
    let scratch = try Self.twoLayers()
    try scratch.write("x", to: "notes.strings")
    try scratch.write(Self.table, to: "base/Targets/Pro/en.lproj/Localizable.strings")
    let cases: [([String], String)] = [
      (["-b", "base", "-s", "prp", "-d", "out"], "layer folder 'prp' does not exist"),
      (["-b", "notes.strings", "-d", "out"], "layer 'notes.strings' is a file, not a folder"),
      (["-b", "base", "-s", "base/Targets/Pro", "-d", "out"], "layer 'base/Targets/Pro' lies inside the layer 'base'"),
      (["-b", "base", "-s", "base", "-d", "out"], "the folder 'base' is given twice as a layer"),
      (["-b", "base", "-s", "pro", "-d", "pro"], "refusing to write: the destination pro is the layer 'pro'"),
      (["lint", "-b", "base", "-s", "prp"], "layer folder 'prp' does not exist"),
      (["files", "-b", "base", "-s", "prp", "-d", "out"], "layer folder 'prp' does not exist"),
      (["audit", "-b", "base", "--target", "P=prp"], "layer folder 'prp' does not exist"),
    ]
    for (arguments, message) in cases {
      let outcome = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(10))
      #expect(outcome.status == 64, "\(arguments): \(outcome.status) \(outcome.standardError)")
      #expect(outcome.standardError.contains("locmerge: error: \(message)"), "\(arguments): \(outcome.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  @Test func aLayerWithoutTablesIsAWarningAndAnErrorWithStrict() throws {
    let scratch = try Self.twoLayers()
    try scratch.write("notes", to: "empty/README.md")
    let arguments = ["lint", "-b", "base", "-s", "empty"]
    let outcome = try ToolRunner.run(arguments, in: scratch.root, timeout: .seconds(10))
    #expect(outcome.status == 0)
    #expect(
      outcome.standardError.contains(
        "empty: warning: layer 'empty' has no tables (no <lang>.lproj folder with .strings or .stringsdict files, "
          + "no .xcstrings file)"),
      "\(outcome.standardError)")
    #expect(try ToolRunner.run(arguments + ["--strict"], in: scratch.root, timeout: .seconds(10)).status == 1)
  }

  @Test func aFolderNamedLikeATableIsAWarning() throws {
    let scratch = try Self.twoLayers()
    try FileManager.default.createDirectory(
      atPath: scratch.path("pro/de.lproj/Localizable.strings"), withIntermediateDirectories: true)
    let outcome = try ToolRunner.run(["lint", "-b", "base", "-s", "pro"], in: scratch.root, timeout: .seconds(10))
    #expect(
      outcome.standardError.contains(
        "pro/de.lproj/Localizable.strings: warning: skipped: a folder named like a table is not a table"),
      "\(outcome.standardError)")
  }

  @Test func printSaysWhatIsWrongWithAPath() throws {
    let scratch = try Self.twoLayers()
    let outcome = try ToolRunner.run(["print", "base", "missing.strings"], in: scratch.root, timeout: .seconds(10))
    #expect(outcome.status == 1)
    #expect(
      outcome.standardOutput.split(separator: "\n") == [
        #"{"path": "base", "error": "is a folder, not a file; give the .strings or .stringsdict files inside it"}"#,
        #"{"path": "missing.strings", "error": "no such file"}"#,
      ], "\(outcome.standardOutput)")
  }

  @Test func helpForAnUnknownTopicIsAUsageError() throws {
    let outcome = try ToolRunner.run(["help", "bogus"], timeout: .seconds(10))
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("locmerge: error: no help for 'bogus'"), "\(outcome.standardError)")
    #expect(try ToolRunner.run(["help", "lint"], timeout: .seconds(10)).status == 0)
  }
}
