import Foundation
import Testing

/// The built binary against the bundled example and against the failure modes a build meets.
@Suite struct EndToEndTests {
  static let acmePro = ["-b", "Base", "-s", "Brands/Acme", "-s", "Targets/AcmePro", "-d", "Out"]

  @Test func exampleScriptProducesTheCheckedInOutput() throws {
    let scratch = try Scratch()
    let script = ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel/merge-all.sh")
    let outcome = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: [script.path, scratch.path("out")], in: nil,
      environment: ["LOCMERGE": ToolRunner.binary.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let expected = Scratch.snapshot(of: ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel/expected"))
    let produced = scratch.snapshot("out").filter {
      !$0.key.hasSuffix(".locmerge/stamp.json") && !$0.key.hasSuffix(".locmerge/lock")
    }
    #expect(produced.keys.sorted() == expected.keys.sorted())
    for (name, bytes) in expected {
      #expect(produced[name] == bytes, "\(name) differs from Examples/WhiteLabel/expected")
    }
    // The deliberate mistakes in GlobexGo are what lint reports.
    #expect(outcome.standardError.contains("layer 'GlobexGo' adds \"login button\", one edit away"))
    #expect(outcome.standardError.contains("layer 'GlobexGo' repeats the value of \"support.link\""))
  }

  @Test func aSecondRunRewritesNothing() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    let written = try scratch.modificationDates(under: "Out")
    let second = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(second.status == 0)
    #expect(try scratch.modificationDates(under: "Out") == written)
    #expect(second.standardError.contains("up to date: 0 written, 9 unchanged, 0 removed"))
    // Touching an input without changing it costs a full run that still rewrites no table.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 5)],
      ofItemAtPath: scratch.path("Targets/AcmePro/en.lproj/Localizable.strings"))
    let third = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(third.standardError.contains("0 written, 9 unchanged, 0 removed"))
    let after = try scratch.modificationDates(under: "Out")
    #expect(after.keys.filter { after[$0] != written[$0] } == [".locmerge/stamp.json"])
  }

  @Test func editingOneOverlayRewritesOnlyTheAffectedFile() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    try scratch.ageFiles(under: "Out")
    try scratch.write("\"home.greeting\" = \"Hello again, %@!\";\n", to: "Targets/AcmePro/en.lproj/Localizable.strings")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(try scratch.touchedFiles(under: "Out") == [".locmerge/stamp.json", "en.lproj/Localizable.strings"])
    #expect(scratch.read("Out/en.lproj/Localizable.strings")?.contains("\"Hello again, %@!\"") == true)
  }

  @Test func aDeletedLanguageLosesItsOutputsButForeignFilesSurvive() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    try scratch.write("kept", to: "Out/notes.txt")
    try scratch.write("\"mine\" = \"not locmerge's\";\n", to: "Out/fr.lproj/Custom.strings")
    for layer in ["Base", "Brands/Acme"] {
      try? FileManager.default.removeItem(atPath: scratch.path("\(layer)/fr.lproj"))
    }
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("3 removed"))
    let left = scratch.snapshot("Out").keys.sorted()
    #expect(!left.contains("fr.lproj/Localizable.strings"))
    #expect(left.contains("notes.txt"))
    #expect(left.contains("fr.lproj/Custom.strings"))
  }

  @Test func aSyntaxErrorFailsWithItsLocationAndKeepsEveryOutput() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    #expect(try ToolRunner.run(Self.acmePro, in: scratch.root).status == 0)
    let before = scratch.snapshot("Out")
    try scratch.write(
      "\"home.greeting\" = \"Hi %@\"\n\"x\" = \"y\";\n", to: "Targets/AcmePro/en.lproj/Localizable.strings")
    let outcome = try ToolRunner.run(Self.acmePro, in: scratch.root)
    #expect(outcome.status == 1)
    #expect(
      outcome.standardError.contains(
        "Targets/AcmePro/en.lproj/Localizable.strings:1:26: error: missing ';' after the entry for key \"home.greeting\""
      ))
    #expect(outcome.standardError.contains("nothing written"))
    #expect(scratch.snapshot("Out") == before)
  }

  @Test func aDestinationInsideALayerIsRefused() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let outcome = try ToolRunner.run(["-b", "Base", "-s", "Targets/AcmePro", "-d", "Base/Generated"], in: scratch.root)
    // A destination overlapping a layer is a mistake in the command line, like a wrong layer.
    #expect(outcome.status == 64)
    #expect(
      outcome.standardError.contains(
        "locmerge: error: refusing to write: the destination Base/Generated lies inside the layer 'Base'"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Base/Generated")))
    let containing = try ToolRunner.run(["-b", "Base", "-d", "."], in: scratch.root)
    #expect(containing.status == 64)
    #expect(containing.standardError.contains("contains the layer 'Base'"))
  }

  @Test func fileListsAndDepfileNameExactlyTheFilesReadAndWritten() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let lists = ["--input-file-list", "in.xcfilelist", "--output-file-list", "out.xcfilelist", "--depfile", "deps.d"]
    let outcome = try ToolRunner.run(Self.acmePro + lists + ["--srcroot", scratch.root.path], in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    func entries(_ name: String) -> [String] {
      (scratch.read(name) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }
    let layerFiles = ["Base", "Brands/Acme", "Targets/AcmePro"].flatMap { layer in
      scratch.snapshot(layer).keys.map { "$(SRCROOT)/\(layer)/\($0)" }
    }.sorted()
    #expect(entries("in.xcfilelist") == layerFiles)
    let written = scratch.snapshot("Out").keys.map { "$(SRCROOT)/Out/\($0)" }.sorted()
    #expect(entries("out.xcfilelist") == written)
    // `files` lists the same without merging.
    let files = try ToolRunner.run(
      ["files"] + Self.acmePro + [
        "--srcroot", scratch.root.path, "--input-file-list", "in2.xcfilelist",
        "--output-file-list", "out2.xcfilelist",
      ], in: scratch.root)
    #expect(files.status == 0)
    #expect(entries("in2.xcfilelist") == layerFiles)
    #expect(entries("out2.xcfilelist") == written)
    // A destination given as a build setting is kept as written, for lists made outside Xcode.
    let setting = try ToolRunner.run(
      ["files", "-b", "Base", "-d", "$(DERIVED_FILE_DIR)/LocMerge", "--srcroot", scratch.root.path], in: scratch.root)
    #expect(setting.status == 0)
    #expect(setting.standardOutput.contains("\n$(DERIVED_FILE_DIR)/LocMerge/en.lproj/Localizable.strings\n"))
    #expect(setting.standardOutput.contains("\n$(SRCROOT)/Base/en.lproj/Localizable.strings\n"))
    // The depfile: outputs, a colon, then inputs, absolute.
    let depfile = (scratch.read("deps.d") ?? "").replacingOccurrences(of: " \\\n  ", with: " ")
    let sides = depfile.split(separator: ":", maxSplits: 1).map { $0.split(separator: " ").map(String.init) }
    let root = URL(fileURLWithPath: scratch.root.path).resolvingSymlinksInPath().path
    #expect(sides.first?.sorted() == written.map { $0.replacingOccurrences(of: "$(SRCROOT)", with: root) })
    #expect(
      sides.last?.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.sorted()
        == layerFiles.map { $0.replacingOccurrences(of: "$(SRCROOT)", with: root) })
  }

  @Test func strictTurnsWarningsIntoFailureAndLintWritesNothing() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let globex = ["-b", "Base", "-s", "Brands/Globex", "-s", "Targets/GlobexGo"]
    let lint = try ToolRunner.run(["lint"] + globex, in: scratch.root)
    #expect(lint.status == 0)
    #expect(lint.standardError.contains("warning: layer 'GlobexGo' adds \"login button\""))
    let strictLint = try ToolRunner.run(["lint", "--strict"] + globex, in: scratch.root)
    #expect(strictLint.status == 1)
    let strictMerge = try ToolRunner.run(globex + ["-d", "Out", "--strict"], in: scratch.root)
    #expect(strictMerge.status == 1)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out")))
  }

  @Test func undeclaredOutputsInAnXcodePhaseGetTheLineToAdd() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let derived = scratch.path("Derived")
    try scratch.write("$(DERIVED_FILE_DIR)/Out/en.lproj/Localizable.strings\n", to: "declared.xcfilelist")
    let outcome = try ToolRunner.run(
      ["-b", "Base", "-s", "Targets/AcmePro", "-d", "\(derived)/Out"], in: scratch.root,
      environment: [
        "SRCROOT": scratch.root.path, "DERIVED_FILE_DIR": derived, "SCRIPT_OUTPUT_FILE_COUNT": "0",
        "SCRIPT_OUTPUT_FILE_LIST_COUNT": "1", "SCRIPT_OUTPUT_FILE_LIST_0": scratch.path("declared.xcfilelist"),
      ])
    #expect(outcome.status == 0)
    #expect(
      outcome.standardError.contains("add '$(DERIVED_FILE_DIR)/Out/de.lproj/InfoPlist.strings' to its Output Files"))
    #expect(!outcome.standardError.contains("$(DERIVED_FILE_DIR)/Out/en.lproj/Localizable.strings'"))
  }

  @Test func provenanceNamesWinnersAndWhatTheyShadow() throws {
    let scratch = try Scratch(copying: "WhiteLabel")
    let outcome = try ToolRunner.run(
      ["lint", "-b", "Base", "-s", "Acme=Brands/Acme", "-s", "Targets/AcmePro", "--provenance", "p.json"],
      in: scratch.root)
    #expect(outcome.status == 0)
    let data = try #require(FileManager.default.contents(atPath: scratch.path("p.json")))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(document["version"] as? Int == 1)
    #expect((document["layers"] as? [[String: String]])?.map { $0["name"] ?? "" } == ["Base", "Acme", "AcmePro"])
    let tables = try #require(document["tables"] as? [[String: Any]])
    let english = try #require(tables.first { $0["path"] as? String == "en.lproj/Localizable.strings" })
    let entries = try #require(english["entries"] as? [[String: Any]])
    let footer = try #require(entries.first { $0["key"] as? String == "settings.footer" })
    #expect(footer["status"] as? String == "overridden")
    let winner = try #require(footer["winner"] as? [String: Any])
    #expect(winner["layer"] as? String == "Acme")
    #expect(winner["line"] as? Int == 2)
    #expect(winner["column"] as? Int == 1)
    #expect((footer["shadowed"] as? [[String: Any]])?.first?["layer"] as? String == "Base")
  }

  @Test func usageErrorsExit64WithAHint() throws {
    let typo = try ToolRunner.run(["-b", "Base", "--destinaton", "x"])
    #expect(typo.status == 64)
    #expect(typo.standardError.contains("unknown option '--destinaton'; did you mean '--destination'?"))
    let missing = try ToolRunner.run(["-s", "x", "-d", "y"])
    #expect(missing.status == 64)
    #expect(missing.standardError.contains("missing -b BASE"))
    let help = try ToolRunner.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("XCODE") || help.standardOutput.contains("Run Script"))
    #expect(try ToolRunner.run(["--version"]).standardOutput.hasPrefix("locmerge "))
  }
}

extension Scratch {
  /// Every regular file under any folder, relative to it, with its bytes.
  static func snapshot(of folder: URL) -> [String: Data] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return [:]
    }
    var result: [String: Data] = [:]
    for case let file as URL in enumerator {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
      result[String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] =
        FileManager.default.contents(atPath: file.path)
    }
    return result
  }
}
