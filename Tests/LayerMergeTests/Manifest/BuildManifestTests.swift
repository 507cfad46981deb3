import Foundation
import LayerMerge
import Testing

/// File lists and the depfile: what build tools read back is what was written.
@Suite struct BuildManifestTests {
  static let hasMake = FileManager.default.isExecutableFile(atPath: "/usr/bin/make")

  /// Names that need escaping, each as a file a merge reads.
  static let awkwardNames = [
    "with space.strings", "hash#tag.strings", "dollar$sign.strings", "co:lon.strings", #"back\slash.strings"#,
    #"back\ space.strings"#, #"two\\ spaces.strings"#, "quote's \"and\".strings", "é (Beta)/x.strings",
    "percent%.strings", "plain.strings",
  ]

  @Test(.enabled(if: hasMake, "make is not installed"))
  func makeReadsTheDepfileAsWritten() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-make-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = Self.awkwardNames.map { folder.appendingPathComponent("in/" + $0).path }
    let outputs = ["out put.strings", "out#2.strings"].map { folder.appendingPathComponent($0).path }
    for path in inputs + outputs {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    }
    let depfile = try BuildManifest(inputs: inputs, outputs: outputs).depfile()
    try Data(depfile.utf8).write(to: folder.appendingPathComponent("deps.d"))
    // Every table has a recipe, so that make -q judges each target by its prerequisites.
    try Data("include deps.d\n%.strings:\n\t@true\n".utf8).write(to: folder.appendingPathComponent("Makefile"))
    func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
      process.arguments = ["-C", folder.path] + arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    // The rule make reports: both targets, every prerequisite, unescaped.
    let database = try make(["-p", "-q", "-r"]).output
    for output in outputs {
      let line = database.split(separator: "\n").first { $0.hasPrefix(output + ":") }
      #expect(line == Substring("\(output): \(inputs.sorted().joined(separator: " "))"), "\(database.suffix(2000))")
    }
    // Each prerequisite names its real file: only when that one is newer is the target stale.
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    let new = Date(timeIntervalSince1970: 1_500_000_000)
    for output in outputs { try FileManager.default.setAttributes([.modificationDate: new], ofItemAtPath: output) }
    for path in inputs { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
    #expect(try make(["-q", outputs[0]]).status == 0)
    for path in inputs {
      try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
      #expect(try make(["-q", outputs[0]]).status == 1, "make does not see \(path) as a prerequisite")
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
  }

  @Test func namesNoDepfileCanHoldAreRefusedWithTheReason() {
    let cases = [
      "a\nb": "no depfile can hold a line break", "a\tb": "make and ninja cannot both read '\\t' in a depfile",
      "a;b": "make and ninja cannot both read ';' in a depfile",
      "a=b": "make and ninja cannot both read '=' in a depfile",
      "a\\#b": "make and ninja read a backslash before '#', ':' or at the end of a name differently",
      "a\\": "make and ninja read a backslash before '#', ':' or at the end of a name differently",
    ]
    for (name, reason) in cases {
      do {
        _ = try BuildManifest(inputs: ["/p/" + name], outputs: ["/o/x.strings"]).depfile()
        Issue.record("\(name.debugDescription) was written")
      } catch {
        #expect(error.path == "/p/" + name && error.reason == reason, "\(error)")
      }
    }
  }

  @Test func fileListsKeepTheMostSpecificBuildSettingSymbolic() throws {
    let settings = [
      (name: "OBJROOT", path: "/Users/me/DerivedData/App/Build/Intermediates.noindex"),
      (
        name: "DERIVED_FILE_DIR", path: "/Users/me/DerivedData/App/Build/Intermediates.noindex/App.build/DerivedSources"
      ),
      (name: "SRCROOT", path: "/Users/me/src/App"),
    ]
    let list = try BuildManifest.xcfilelist(
      [
        "/Users/me/DerivedData/App/Build/Intermediates.noindex/App.build/DerivedSources/LocMerge/en.lproj/A.strings",
        "/Users/me/DerivedData/App/Build/Intermediates.noindex/other.txt", "/Users/me/src/App/Base/en.lproj/A.strings",
        "/elsewhere/x.strings",
      ], title: "Output files", settings: settings)
    #expect(
      list == """
        # Output files (written by locmerge; do not edit)
        $(DERIVED_FILE_DIR)/LocMerge/en.lproj/A.strings
        $(OBJROOT)/other.txt
        $(SRCROOT)/Base/en.lproj/A.strings
        /elsewhere/x.strings

        """)
  }
}
