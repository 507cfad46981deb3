import Foundation
import TestSupport
import Testing

/// Issue 31, item 6: `init --xcodeproj`, `show` and `install` read only inside the project's
/// folder. Before the fix a variant-group child `../outside/…`, an `<absolute>` path and a
/// symlinked `B/en.lproj` were copied into `Localization/`, a symlinked `.strings` to
/// `/etc/passwd` put its first line in an error message, and a synchronized folder at `/` was
/// walked (up to 100,000 folders per folder object).
@Suite struct XcodeReadScopeTests {
  /// `proj/App.xcodeproj` beside `outside/`: targets A–D each name a file outside the project
  /// (through `..`, an absolute path, a linked `.lproj` folder, a linked file); E and F have their
  /// own copies inside; G lists a synchronized folder whose `.lproj` is a link out and, with
  /// `folderAtRoot`, one at `/`.
  static func project(folderAtRoot: Bool = true) throws -> (Scratch, secret: String) {
    let scratch = try Scratch()
    let outside = scratch.url("outside")
    try scratch.write("\"secret\" = \"from outside\";\n", to: "outside/en.lproj/Localizable.strings")
    // /etc/passwd where there is one; else a file of the same shape outside the project.
    var passwd = "/etc/passwd"
    if !FileManager.default.fileExists(atPath: passwd) {
      try scratch.write("root:x:0:0:root:/root:/bin/sh\n", to: "outside/passwd")
      passwd = scratch.path("outside/passwd")
    }
    let secret = try #require(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: passwd)), as: UTF8.self)
        .split(separator: "\n").first.map(String.init))

    var fixture = ProjectFixture(objectVersion: 77)
    func table(_ paths: [String], tree: String = "<group>") -> String {
      fixture.variantGroup(
        "Localizable.strings",
        children: paths.map { fixture.file($0, name: "en", sourceTree: tree) })
    }
    let a = table(["../outside/en.lproj/Localizable.strings"])
    let b = table(["B/en.lproj/Localizable.strings"])
    let c = table(["C/en.lproj/Localizable.strings"])
    let d = table([outside.appendingPathComponent("en.lproj/Localizable.strings").path], tree: "<absolute>")
    let e = table(["E/en.lproj/Localizable.strings"])
    let f = table(["F/en.lproj/Localizable.strings"])
    fixture.group(nil, children: [a, b, c, d, e, f])
    let root = folderAtRoot ? [fixture.synchronizedFolder("/", sourceTree: "<absolute>")] : []
    let linked = fixture.synchronizedFolder("Sync")
    for (name, group) in [("A", a), ("B", b), ("C", c), ("D", d), ("E", e), ("F", f)] {
      fixture.target(name, resources: [group])
    }
    fixture.target("G", synchronizedFolders: root + [linked])
    try scratch.write(fixture.text(), to: "proj/App.xcodeproj/project.pbxproj")
    try FileManager.default.createDirectory(at: scratch.url("proj/B"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: scratch.url("proj/B/en.lproj"), withDestinationURL: outside.appendingPathComponent("en.lproj"))
    try FileManager.default.createDirectory(at: scratch.url("proj/C/en.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("proj/C/en.lproj/Localizable.strings"), withDestinationPath: passwd)
    try scratch.write("\"ok\" = \"E\";\n\"hi\" = \"Hello\";\n", to: "proj/E/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"F\";\n\"hi\" = \"Hello\";\n", to: "proj/F/en.lproj/Localizable.strings")
    try FileManager.default.createDirectory(at: scratch.url("proj/Sync"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: scratch.url("proj/Sync/en.lproj"), withDestinationURL: outside.appendingPathComponent("en.lproj"))
    return (scratch, secret)
  }

  @Test func showSaysOnceWhatLiesOutsideAndListsNoneOfIt() throws {
    let (scratch, secret) = try Self.project()
    let started = ContinuousClock.now
    let show = try ToolRunner.run(["xcode", "show"], in: scratch.url("proj"), timeout: .seconds(30))
    #expect(ContinuousClock.now - started < .seconds(10), "the synchronized folder at / was walked")
    #expect(show.status == 0, "\(show.standardError)")
    let warnings = show.standardError.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.count == 6, "\(show.standardError)")
    for expected in [
      "(../outside/en.lproj/Localizable.strings, object FF", "(B/en.lproj/Localizable.strings, object FF",
      "(C/en.lproj/Localizable.strings, object FF", "outside/en.lproj/Localizable.strings, object FF",
      "the synchronized folder (/, object FF", "the synchronized folder (Sync, object FF",
    ] {
      #expect(warnings.contains { $0.contains(expected) }, "\(expected): \(show.standardError)")
    }
    #expect(warnings.allSatisfy { $0.contains("App.xcodeproj/project.pbxproj:") && $0.hasSuffix("[skipped-path]") })
    #expect(warnings.contains { $0.contains("through the symbolic link B/en.lproj") })
    #expect(warnings.contains { $0.contains("through the symbolic link C/en.lproj/Localizable.strings") })
    #expect(!show.standardError.contains(secret) && !show.standardOutput.contains(secret))
    for target in ["A", "B", "C", "D", "G"] {
      #expect(
        show.standardOutput.contains(
          "\n\(target)  (application)  locmerge phase: absent\n  phases:  Resources\n  tables:  none\n"),
        "\(target): \(show.standardOutput)")
    }
    #expect(show.standardOutput.contains("  tables:  Localizable.strings  en  E/en.lproj/Localizable.strings  *\n"))
  }

  @Test func initCopiesNothingFromOutsideTheProject() throws {
    // Without the folder at /, which kept the run before the fix from ever reaching the copies.
    let (scratch, secret) = try Self.project(folderAtRoot: false)
    let migrated = try ToolRunner.run(
      ["init", "--xcodeproj", "App.xcodeproj"], in: scratch.url("proj"), timeout: .seconds(30))
    #expect(migrated.status == 0, "\(migrated.standardError)")
    #expect(migrated.standardOutput.contains("  Localizable.strings  E, F\n"), "\(migrated.standardOutput)")
    let written = scratch.snapshot("proj/Localization")
    #expect(!written.isEmpty)
    for (path, bytes) in written {
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(!text.contains("from outside") && !text.contains(secret), "\(path)")
    }
    #expect(!migrated.standardError.contains(secret) && !migrated.standardOutput.contains(secret))
    #expect(!(scratch.read("proj/locmerge.json") ?? "").contains("\"A\""))
  }

  /// A `projectDirPath` that leads out of the project's folder is not followed (found by review:
  /// `init` read the tables of the folder it named and wrote `locmerge.json` and `Localization/`
  /// there): paths are read from the project's folder, and a warning says so.
  @Test func aProjectDirPathOutsideTheProjectIsNotFollowed() throws {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    for target in ["A", "B"] {
      let children = ["en", "de"].map { (language: String) in
        fixture.file("\(language).lproj/Localizable.strings", name: language)
      }
      let tables = fixture.variantGroup("Localizable.strings", children: children)
      fixture.group(target, children: [tables])
      fixture.target(target, resources: [tables])
    }
    let text = fixture.text().replacingOccurrences(
      of: "projectDirPath = \"\";", with: "projectDirPath = \"\(scratch.path("outside"))\";")
    try scratch.write(text, to: "proj/App.xcodeproj/project.pbxproj")
    for root in ["proj", "outside"] {
      for target in ["A", "B"] {
        for language in ["en", "de"] {
          try scratch.write(
            "\"k\" = \"\(root) \(target) \(language)\";\n",
            to: "\(root)/\(target)/\(language).lproj/Localizable.strings")
        }
      }
    }
    let show = try ToolRunner.run(["xcode", "show"], in: scratch.url("proj"))
    #expect(show.standardError.contains("projectDirPath"), "\(show.standardError)")
    #expect(show.standardError.contains("it is not followed"), "\(show.standardError)")
    let migrated = try ToolRunner.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch.url("proj"))
    #expect(migrated.status == 0, "\(migrated.standardError)")
    // Nothing written outside: only the four tables put there.
    #expect(scratch.snapshot("outside").count == 4)
    #expect(!scratch.snapshot("proj/Localization").isEmpty, "\(migrated.standardOutput)")
    for (path, bytes) in scratch.snapshot("proj/Localization") {
      #expect(!String(decoding: bytes, as: UTF8.self).contains("outside"), "\(path) \(migrated.standardError)")
    }
  }
}
