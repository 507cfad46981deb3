import Foundation
import LayerMerge
import Testing

/// translate-toolkit (PyPI), as translators' tools and services built on it use it, reads what we
/// write and writes translations our reader then reads. Skipped, saying so, when it is not
/// installed (`pip install translate-toolkit`; CI installs it).
@Suite(.enabled(if: TranslateToolkit.isInstalled, Comment(rawValue: TranslateToolkit.skipMessage)))
struct TranslateToolkitTests {
  @Test func itFillsInTargetsOurReaderReads() throws {
    let units = [
      XLIFFUnit(id: "cart.title", source: "Your cart & <more>", note: "Title of the cart."),
      XLIFFUnit(
        id: "two\nlines", source: "  two\nlines\r ", target: "old", targetState: "needs-review-translation", note: ""),
      XLIFFUnit(id: "quote\"d 'id'", source: "Grüße 😀 \"%@\""),
    ]
    let document = XLIFFDocument(files: [
      XLIFFFile(
        original: "Shop/en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "de",
        tool: XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "15.4", buildNumber: "15F31d"), units: units),
      XLIFFFile(
        original: "Shop/en.lproj/Localizable.stringsdict", sourceLanguage: "en", targetLanguage: "de",
        units: [
          XLIFFUnit(
            id: XLIFFUnitID.stringsdict(key: "%d items", path: ["items", "one"]).id, source: "%d item", note: "")
        ]),
    ])
    let folder = try TranslateToolkit.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(XLIFFWriter.render(document).bytes).write(to: URL(fileURLWithPath: folder + "/de.xliff"))
    // What a translator's tool does with translate-toolkit's XLIFF storage: read every unit, set
    // its target, save. The script prints what translate-toolkit read, to compare with ours.
    let seen = try TranslateToolkit.python(
      """
      import sys
      from translate.storage import xliff
      store = xliff.xlifffile.parsefile(sys.argv[1] + "/de.xliff")
      for unit in store.getunits():
          print(repr((unit.getid().split("\\x04", 1)[1], unit.source, unit.target)))
          unit.target = "DE[" + unit.source + "]"
      store.savefile(sys.argv[1] + "/translated.xliff")
      """, folder)
    #expect(
      seen.split(separator: "\n").count == 4,
      "translate-toolkit read \(seen)")
    #expect(seen.contains(#"('cart.title', 'Your cart & <more>', None)"#), "\(seen)")
    #expect(seen.contains(#"('two\nlines', '  two\nlines\r ', 'old')"#), "\(seen)")
    let translated = try XLIFFReader.read(
      Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/translated.xliff"))), path: "translated.xliff")
    let read = translated.files.flatMap(\.units)
    #expect(read.map(\.id) == units.map(\.id) + ["/%d items:dict/items:dict/one:dict/:string"])
    for unit in read {
      #expect(unit.target == "DE[" + unit.source + "]")
      #expect(unit.targetState == "translated")
    }
    #expect(read.map(\.note) == ["Title of the cart.", "", nil, ""])
    #expect(translated.files.map(\.original) == document.files.map(\.original))
  }

  /// translate-toolkit's own XLIFF (po2xliff: XLIFF 1.1, numeric ids, `<target></target>`) reads.
  @Test func itsOwnXLIFFReads() throws {
    let folder = try TranslateToolkit.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("msgid \"Save & close\"\nmsgstr \"Sichern & schließen\"\n\nmsgid \"Empty\"\nmsgstr \"\"\n".utf8)
      .write(to: URL(fileURLWithPath: folder + "/de.po"))
    _ = try TranslateToolkit.run(["po2xliff", folder + "/de.po", folder + "/de.xliff"])
    let document = try XLIFFReader.read(
      Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/de.xliff"))), path: "de.xliff")
    let units = document.files.flatMap(\.units)
    #expect(units.map(\.source) == ["Save & close", "Empty"])
    #expect(units.map(\.target) == ["Sichern & schließen", ""])
  }
}

/// Runs translate-toolkit's commands and Python API.
enum TranslateToolkit {
  static let skipMessage =
    "translate-toolkit is not installed (pip install translate-toolkit): its round trip is not tested"

  static let isInstalled: Bool = (try? run(["python3", "-c", "import translate.storage.xliff"])) != nil

  static func scratchFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs a Python script with `arguments`, returning its standard output.
  static func python(_ script: String, _ arguments: String...) throws -> String {
    try run(["python3", "-c", script] + arguments)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs a command found on `PATH`; throws unless it exits 0.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(arguments.first ?? "") failed: \(String(decoding: errorData, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
