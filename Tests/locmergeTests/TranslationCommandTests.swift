import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `locmerge export` and `locmerge import` as a team runs them on the layered fixture
/// (``TranslationFixture``): files Foundation's XML parser and translate-toolkit read, refusals
/// with the XLIFF's line and column and nothing written, `--dry-run`, `--all` imported back
/// without a byte changed, `.xcloc`.
@Suite struct TranslationCommandTests {
  /// One `<trans-unit>` as Foundation's parser reads it.
  struct ParsedUnit: Equatable {
    var original: String
    var targetLanguage: String
    var id: String
    var source: String
    var target: String?
    var note: String?
  }

  /// Every unit of an XLIFF file, read by `XMLParser` (the oracle, not our reader).
  final class Oracle: NSObject, XMLParserDelegate {
    var units: [ParsedUnit] = []
    private var file: (original: String, language: String) = ("", "")
    private var unit: ParsedUnit?
    private var text = ""
    private(set) var failed = false

    static func units(_ data: Data) -> [ParsedUnit]? {
      let parser = XMLParser(data: data)
      let oracle = Oracle()
      parser.delegate = oracle
      guard parser.parse(), !oracle.failed else { return nil }
      return oracle.units
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      text = ""
      switch name {
      case "file": file = (attributes["original"] ?? "", attributes["target-language"] ?? "")
      case "trans-unit":
        unit = ParsedUnit(
          original: file.original, targetLanguage: file.language, id: attributes["id"] ?? "", source: "")
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      switch name {
      case "source": unit?.source = text
      case "target": unit?.target = text
      case "note": unit?.note = text
      case "trans-unit":
        if let unit { units.append(unit) }
        unit = nil
      default: break
      }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failed = true }
  }

  /// The units of an XLIFF file of the fixture, as Foundation's parser reads them.
  static func units(_ fixture: TranslationFixture, _ relative: String) throws -> [ParsedUnit] {
    let data = try #require(FileManager.default.contents(atPath: fixture.path(relative)))
    return try #require(Oracle.units(data), "\(relative) is not well-formed XML")
  }

  static func run(_ arguments: [String], in fixture: TranslationFixture) throws -> ToolRunner.Outcome {
    try ToolRunner.run(arguments, in: fixture.root)
  }

  @Test func exportWritesOneXLIFFPerLanguageThatFoundationReads() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let outcome = try Self.run(["export", "-o", "Translations"], in: fixture)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains("locmerge: de: 4 strings in 3 tables (2 missing, 2 whose text a layer changed)"))
    let units = try Self.units(fixture, "Translations/de.xliff")
    #expect(
      units == [
        ParsedUnit(
          original: "Localization/Acme/Settings.xcstrings", targetLanguage: "de", id: "settings.title",
          source: "Acme Settings", note: "Title of the settings screen"),
        ParsedUnit(
          original: "Localization/Acme/en.lproj/Localizable.strings", targetLanguage: "de", id: "title",
          source: "Acme Home", note: "Title of the main screen"),
        ParsedUnit(
          original: "Localization/Acme/en.lproj/Localizable.strings", targetLanguage: "de", id: "slogan",
          source: "Since 1949", note: "The brand's slogan, under the logo"),
        ParsedUnit(
          original: "Localization/Base/en.lproj/Localizable.strings", targetLanguage: "de", id: "onboarding.tip",
          source: "Swipe left to delete", note: "Shown once, on the first launch"),
      ])
    let french = try Self.units(fixture, "Translations/fr.xliff")
    #expect(
      french.filter { $0.original.hasSuffix(".stringsdict") }.map(\.id) == [
        "/%d files:dict/NSStringLocalizedFormatKey:dict/:string", "/%d files:dict/files:dict/one:dict/:string",
        "/%d files:dict/files:dict/many:dict/:string", "/%d files:dict/files:dict/other:dict/:string",
      ])
    #expect(
      french.filter { $0.original == "Localization/Base/Settings.xcstrings" }.map(\.id) == [
        "%lld items|==|plural.one", "%lld items|==|plural.many", "%lld items|==|plural.other", "settings.sync",
      ])
  }

  @Test func exportRefusesAFolderAmongTheLayers() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let outcome = try Self.run(["export", "-o", "Localization/Base/Translations"], in: fixture)
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("lies inside the layer 'Base'"), "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: fixture.path("Localization/Base/Translations")))
  }

  /// Every `<source>…</source>` of an XLIFF text followed by a `<target>` with `translate(source)`.
  static func translated(_ text: String, _ translate: (String) -> String) throws -> String {
    let expression = try NSRegularExpression(pattern: "<source>([^<]*)</source>")
    var result = ""
    var cursor = text.startIndex
    for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let whole = Range(match.range, in: text), let inner = Range(match.range(at: 1), in: text) else { continue }
      result += text[cursor..<whole.upperBound] + "\n        <target>\(translate(String(text[inner])))</target>"
      cursor = whole.upperBound
    }
    return result + text[cursor...]
  }

  @Test func aCrashingTranslationRefusesTheImportAtItsLineInTheXLIFF() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    #expect(try Self.run(["export", "-o", "Translations", "--lang", "fr"], in: fixture).status == 0)
    let path = fixture.path("Translations/fr.xliff")
    let text = try Self.translated(String(contentsOfFile: path, encoding: .utf8)) { source in
      source == "Welcome, %@!" ? "Bienvenue, %@ %@ !" : "[fr] " + source
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("Bienvenue") }) + 1
    let before = fixture.snapshot()
    let refused = try Self.run(["import", "Translations"], in: fixture)
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "Translations/fr.xliff:\(line):9: error: the fr translation of \"greeting\" does not fit the format arguments of its en "
          + "text"), "\(refused.standardError)")
    #expect(refused.standardError.hasSuffix("locmerge: nothing imported\n"))
    #expect(fixture.snapshot() == before)

    let skipping = try Self.run(["import", "Translations", "--skip-invalid"], in: fixture)
    #expect(skipping.status == 0, "\(skipping.standardError)")
    #expect(skipping.standardError.contains("Translations/fr.xliff:\(line):9: warning: "))
    #expect(fixture.snapshot() != before)
    #expect(fixture.bytes("Localization/Globex/fr.lproj/Localizable.strings") == nil)
  }

  @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    #expect(try Self.run(["export", "-o", "Translations", "--lang", "de"], in: fixture).status == 0)
    let path = fixture.path("Translations/de.xliff")
    try Self.translated(String(contentsOfFile: path, encoding: .utf8)) { "[de] " + $0 }.write(
      toFile: path, atomically: true, encoding: .utf8)
    let before = fixture.snapshot()
    let outcome = try Self.run(["import", path, "--dry-run"], in: fixture)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(fixture.snapshot() == before)
    #expect(outcome.standardOutput.contains("--- /dev/null\n+++ b/Localization/Acme/de.lproj/Localizable.strings\n"))
    #expect(
      outcome.standardOutput.contains(
        "+++ b/Localization/Base/de.lproj/Localizable.strings\n"))
    #expect(outcome.standardOutput.contains("+\"onboarding.tip\" = \"[de] Swipe left to delete\";\n"))
    #expect(outcome.standardError.contains("nothing written (--dry-run)"))
  }

  @Test func theAllExportImportedBackChangesNoByteAndAnAnsweredExportLeavesNothing() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    #expect(try Self.run(["export", "-o", "All", "--all"], in: fixture).status == 0)
    let before = fixture.snapshot()
    let back = try Self.run(["import", "All"], in: fixture)
    #expect(back.status == 0, "\(back.standardError)")
    #expect(back.standardError.contains("every table already has them"))
    #expect(fixture.snapshot() == before)

    #expect(try Self.run(["export", "-o", "Needed", "--xcloc"], in: fixture).status == 0)
    for language in ["de", "fr"] {
      let path = fixture.path("Needed/\(language).xcloc/Localized Contents/\(language).xliff")
      try Self.translated(String(contentsOfFile: path, encoding: .utf8)) { "[\(language)] " + $0 }.write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    let imported = try Self.run(["import", "Needed"], in: fixture)
    #expect(imported.status == 0, "\(imported.standardError)")
    let again = try Self.run(["export", "-o", "Again"], in: fixture)
    #expect(again.standardError.contains("locmerge: de: nothing needs a translator"), "\(again.standardError)")
    #expect(again.standardError.contains("locmerge: fr: nothing needs a translator"))
    let lint = try Self.run(["lint"], in: fixture)
    #expect(!lint.standardError.contains("[missing-translation]"), "\(lint.standardError)")
  }

  @Test func anOriginalOutsideTheProjectOrADoctypeIsRefused() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let before = fixture.snapshot()
    let foreign = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
        <file original="../../etc/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
          <body>
            <trans-unit id="title" xml:space="preserve"><source>Home</source><target>Start</target></trans-unit>
          </body>
        </file>
      </xliff>

      """
    try fixture.write(foreign, to: "in/foreign.xliff")
    let refused = try Self.run(["import", "in/foreign.xliff"], in: fixture)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("in/foreign.xliff:3:3: error: the original"), "\(refused.standardError)")
    #expect(refused.standardError.contains("[foreign-original]"))
    let doctype =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE xliff [<!ENTITY a \"aaaa\">]>\n"
      + foreign.split(separator: "\n").dropFirst().joined(separator: "\n")
    try fixture.write(doctype, to: "in/doctype.xliff")
    let bomb = try Self.run(["import", "in/doctype.xliff"], in: fixture)
    #expect(bomb.status == 1, "\(bomb.standardError)")
    #expect(fixture.snapshot().filter { !$0.key.hasPrefix("in/") } == before)
  }

  /// Whether translate-toolkit (PyPI's `translate-toolkit`) can be imported by `python3`.
  static let translateToolkit: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import translate.storage.xliff"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(
    .enabled(
      if: translateToolkit,
      "translate-toolkit is not installed (pip install translate-toolkit; .ci/run installs it): its round trip is skipped"
    ))
  func translateToolkitReadsTheExportAndWritesTranslationsImportAccepts() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    #expect(try Self.run(["export", "-o", "Translations"], in: fixture).status == 0)
    // A translator's tool: read every unit, translate it, mark it translated, save.
    let script = """
      import sys
      from translate.storage import factory
      total = 0
      for path in sys.argv[1:]:
          store = factory.getobject(path)
          for unit in store.units:
              if unit.isheader() or not unit.source:
                  continue
              unit.target = "[tt] " + unit.source
              unit.markfuzzy(False)
              unit.set_state_n(unit.S_TRANSLATED) if hasattr(unit, "set_state_n") else None
              total += 1
          store.save()
      print(total)
      """
    let counted = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", "-c", script, fixture.path("Translations/de.xliff"), fixture.path("Translations/fr.xliff"),
      ],
      in: fixture.root, environment: [:])
    #expect(counted.status == 0, "\(counted.standardError)")
    let ours = try ["de", "fr"].reduce(0) { total, language in
      total + (try Self.units(fixture, "Translations/\(language).xliff")).count
    }
    #expect(Int(counted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) == ours)
    let imported = try Self.run(["import", "Translations"], in: fixture)
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(!imported.standardError.contains("warning"), "\(imported.standardError)")
    #expect(
      String(decoding: fixture.bytes("Localization/Acme/de.lproj/Localizable.strings") ?? [], as: UTF8.self)
        .contains("\"title\" = \"[tt] Acme Home\";"))
    let again = try Self.run(["export", "-o", "Again"], in: fixture)
    #expect(again.standardError.contains("de: nothing needs a translator"), "\(again.standardError)")
    #expect(again.standardError.contains("fr: nothing needs a translator"))
    #expect(try Self.run(["build", "-d", "build/{target}"], in: fixture).status == 0)
  }
}
