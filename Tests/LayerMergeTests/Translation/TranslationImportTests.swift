import Foundation
import LayerMerge
import TestSupport
import Testing

/// Translations back into the owning layers (``TranslationImport``), on the layered fixture: what
/// an export asks for, answered, leaves nothing to export and nothing for `lint` to miss; an
/// `--all` export imported back, or an import made twice, changes no byte; the brand's strings go
/// to the brand; UTF-16 stays UTF-16; a translation that can crash refuses everything.
@Suite struct TranslationImportTests {
  static let project = TranslationExportTests.project

  /// The export's units as an import: each translated by `translate` (the source, marked, by
  /// default), located at a made-up line of `<lang>.xliff`.
  static func answers(
    _ export: TranslationExport,
    translate: (TranslationUnit, String) -> String? = { unit, language in
      "[\(language)] \(unit.source)"
    }
  ) -> [TranslationImportFile] {
    export.languages.flatMap { language in
      var line = 0
      return language.tables.map { table in
        TranslationImportFile(
          original: table.original, language: language.language,
          location: SourceLocation(path: "\(language.language).xliff", position: TextPosition(line: 1, column: 3)),
          units: table.units.compactMap { unit in
            line += 1
            return translate(unit, language.language).map {
              TranslationImportFile.Unit(
                key: unit.key, path: unit.path, source: unit.source, target: $0, note: unit.note,
                location: SourceLocation(
                  path: "\(language.language).xliff", position: TextPosition(line: line, column: 9)))
            }
          })
      }
    }
  }

  static func imported(
    _ files: [TranslationImportFile], into fixture: TranslationFixture, skippingInvalid: Bool = false
  )
    throws -> TranslationImport
  {
    let plan = TranslationImport(files, project: try project(fixture), skippingInvalid: skippingInvalid)
    if !plan.refused { try plan.write() }
    return plan
  }

  static func text(_ fixture: TranslationFixture, _ path: String) -> String {
    String(decoding: fixture.bytes(path) ?? [], as: UTF8.self)
  }

  @Test func answeringTheExportLeavesNothingToExportAndNothingMissing() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let plan = try Self.imported(Self.answers(try TranslationExportTests.export(fixture)), into: fixture)
    #expect(plan.diagnostics.isEmpty, "\(plan.diagnostics)")
    #expect(!plan.changes.isEmpty)
    #expect(try TranslationExportTests.export(fixture).languages.map(\.unitCount) == [0, 0])
    let project = try Self.project(fixture)
    for target in project.targets {
      let merged = LayerMerger.merge(project.layers(of: target), options: project.options)
      #expect(merged.diagnostics.filter { $0.code == .missingTranslation }.isEmpty, "\(target.name)")
      #expect(!merged.hasErrors, "\(merged.diagnostics)")
    }
  }

  @Test func theBrandsStringsGoToTheBrandAndTheBaseKeepsItsOwn() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let before = fixture.snapshot()
    let plan = try Self.imported(
      Self.answers(try TranslationExportTests.export(fixture, languages: ["de"])), into: fixture)
    #expect(
      plan.changes.map { TranslationExportTestsPath.relative($0.path, fixture) } == [
        "Localization/Acme/Settings.xcstrings", "Localization/Acme/de.lproj/Localizable.strings",
        "Localization/Base/de.lproj/Localizable.strings",
      ])
    #expect(
      Self.text(fixture, "Localization/Acme/de.lproj/Localizable.strings") == """
        /* Title of the main screen */
        "title" = "[de] Acme Home";

        /* The brand's slogan, under the logo */
        "slogan" = "[de] Since 1949";

        """)
    // The base's German table: one entry appended, every other byte as it was.
    let base = "Localization/Base/de.lproj/Localizable.strings"
    #expect(
      Self.text(fixture, base)
        == String(decoding: before[base] ?? [], as: UTF8.self)
        + "\n/* Shown once, on the first launch */\n\"onboarding.tip\" = \"[de] Swipe left to delete\";\n")
    let after = fixture.snapshot()
    #expect(Set(after.keys).subtracting(before.keys) == ["Localization/Acme/de.lproj/Localizable.strings"])
    #expect(
      after.filter { before[$0.key] != $0.value }.keys.sorted()
        == plan.changes.map {
          TranslationExportTestsPath.relative($0.path, fixture)
        })
  }

  @Test func importingTheAllExportOrImportingTwiceChangesNoByte() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let before = fixture.snapshot()
    let all = try TranslationExportTests.export(fixture, all: true)
    let unchanged = try Self.imported(Self.answers(all) { unit, _ in unit.target }, into: fixture)
    #expect(unchanged.diagnostics.isEmpty, "\(unchanged.diagnostics)")
    #expect(unchanged.changes.isEmpty)
    // Every unit with a translation went through the import (the fixture has more than ten).
    let withTargets = all.languages.flatMap { $0.tables.flatMap(\.units) }.count { $0.target != nil }
    #expect(withTargets > 10)
    #expect(unchanged.translatedUnits == withTargets)
    #expect(fixture.snapshot() == before)

    let answers = Self.answers(try TranslationExportTests.export(fixture))
    let first = try Self.imported(answers, into: fixture)
    #expect(!first.changes.isEmpty)
    let afterFirst = fixture.snapshot()
    let second = try Self.imported(answers, into: fixture)
    #expect(second.changes.isEmpty)
    #expect(fixture.snapshot() == afterFirst)
  }

  @Test func aUTF16TableStaysUTF16() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try TranslationExportTests.export(fixture, languages: ["fr"])
    _ = try Self.imported(Self.answers(export), into: fixture)
    let bytes = try #require(fixture.bytes("Localization/Base/fr.lproj/Localizable.strings"))
    #expect(
      bytes
        == TranslationFixture.utf16(
          TranslationFixture.frenchStrings
            + "\n/* Shown once, on the first launch */\n\"onboarding.tip\" = \"[fr] Swipe left to delete\";\n"))
  }

  @Test func aNewStringsFileTakesTheEncodingOfItsDevelopmentLanguageFile() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let english = "\"pro.badge\" = \"PRO\";\n"
    try fixture.write(TranslationFixture.utf16(english), to: "Localization/AcmePro/en.lproj/Localizable.strings")
    let plan = try Self.imported(
      Self.answers(try TranslationExportTests.export(fixture, languages: ["fr"])), into: fixture)
    let created = try #require(plan.changes.first { $0.path.hasSuffix("AcmePro/fr.lproj/Localizable.strings") })
    #expect(created.original == nil)
    #expect(created.encoding == "UTF-16LE")
    #expect(
      fixture.bytes("Localization/AcmePro/fr.lproj/Localizable.strings")
        == TranslationFixture.utf16("\"pro.badge\" = \"[fr] PRO\";\n"))
  }

  @Test func aPluralAndACatalogGetTheLanguagesForms() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    _ = try Self.imported(
      Self.answers(try TranslationExportTests.export(fixture, languages: ["fr"])), into: fixture)
    let plural = LocalizationFileReader.read(path: fixture.path("Localization/Base/fr.lproj/Localizable.stringsdict"))
    #expect(!plural.hasErrors)
    guard case .dictionary(let rule)? = plural.table["%d files"]?.value, case .dictionary(let files)? = rule["files"]
    else {
      Issue.record("no plural rule: \(plural.table)")
      return
    }
    #expect(rule["NSStringLocalizedFormatKey"] == .string("[fr] %#@files@"))
    #expect(files["NSStringFormatSpecTypeKey"] == .string("NSStringPluralRuleType"))
    #expect(files["NSStringFormatValueTypeKey"] == .string("d"))
    #expect(files["one"] == .string("[fr] %d file"))
    #expect(files["many"] == .string("[fr] %d files"))
    #expect(files["other"] == .string("[fr] %d files"))
    let catalog = try #require(
      StringCatalogReader.read(path: fixture.path("Localization/Base/Settings.xcstrings")).catalog)
    let items = try #require(catalog["%lld items"]?["fr"]?.variant.variations?.plural)
    #expect(items.map(\.name) == ["many", "one", "other"])
    #expect(items.map { $0.variant.stringUnit?.state } == ["translated", "translated", "translated"])
    #expect(catalog["settings.sync"]?["fr"]?.variant.stringUnit?.value == "[fr] Sync")
  }

  @Test func aTranslationThatCanCrashRefusesTheWholeImport() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let before = fixture.snapshot()
    let export = try TranslationExportTests.export(fixture, languages: ["fr"])
    // Globex's greeting takes one object (%@); a second %@ reads an object the code never passes.
    let answers = Self.answers(export) { unit, _ in
      unit.key == "greeting" ? "Bienvenue, %@ %@ !" : "[fr] \(unit.source)"
    }
    let refused = TranslationImport(answers, project: try Self.project(fixture))
    #expect(refused.refused)
    let errors = refused.diagnostics.filter { $0.severity == .error }
    let greeting = try #require(answers.flatMap(\.units).first { $0.key == "greeting" })
    #expect(
      errors.map(\.description) == [
        "fr.xliff:\(greeting.location.position?.line ?? 0):9: error: the fr translation of \"greeting\" does not fit the format arguments of its en text: "
          + "it uses argument 2, which en does not take; this can crash at run time; nothing is imported "
          + "(--skip-invalid imports the rest)"
      ])
    #expect(
      errors.first?.notes.first?.location?.path == fixture.path("Localization/Globex/en.lproj/Localizable.strings"))
    #expect(fixture.snapshot() == before)

    let skipping = try Self.imported(answers, into: fixture, skippingInvalid: true)
    #expect(!skipping.refused)
    #expect(skipping.skippedUnits == 1)
    #expect(skipping.diagnostics.map(\.severity) == [.warning])
    #expect(fixture.bytes("Localization/Globex/fr.lproj/Localizable.strings") == nil)
    #expect(Self.text(fixture, "Localization/Base/fr.lproj/Localizable.strings").isEmpty == false)
    #expect(try TranslationExportTests.export(fixture, languages: ["fr"]).languages.first?.unitCount == 1)
  }

  @Test func unknownKeysAndChangedTextAreWarningsAndLeftOut() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let location = SourceLocation(path: "de.xliff", position: TextPosition(line: 7, column: 9))
    let file = TranslationImportFile(
      original: "Localization/Base/en.lproj/Localizable.strings", language: "de", location: location,
      units: [
        .init(key: "gone", source: "Gone", target: "Weg", location: location),
        .init(key: "bye", source: "Bye", target: "Tschö", location: location),
        .init(key: "onboarding.tip", source: "Swipe left to delete", target: "Wischen", location: location),
      ])
    let plan = try Self.imported([file], into: fixture)
    #expect(plan.diagnostics.map(\.code) == [.unknownUnit, .changedSource])
    #expect(plan.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(plan.skippedUnits == 2)
    let german = Self.text(fixture, "Localization/Base/de.lproj/Localizable.strings")
    #expect(german.contains("\"bye\" = \"Auf Wiedersehen\";"))
    #expect(german.hasSuffix("\"onboarding.tip\" = \"Wischen\";\n"))
  }

  @Test func timeIsLinearInTheUnits() throws {
    // One layer of n keys, every key translated: the import's own work (read, edit, check).
    func project(_ count: Int) throws -> (TranslationFixture, ProjectFile, [TranslationImportFile]) {
      let fixture = try TranslationFixture()
      let english = (0..<count).map { "\"key\($0)\" = \"Value %@ \($0)\";\n" }.joined()
      try fixture.write(english, to: "Localization/Base/en.lproj/Localizable.strings")
      let location = SourceLocation(path: "de.xliff")
      let file = TranslationImportFile(
        original: "Localization/Base/en.lproj/Localizable.strings", language: "de", location: location,
        units: (0..<count).map {
          .init(key: "key\($0)", source: "Value %@ \($0)", target: "Wert %@ \($0)", location: location)
        })
      return (fixture, try Self.project(fixture), [file])
    }
    var fixtures: [TranslationFixture] = []
    defer { fixtures.forEach { $0.remove() } }
    let ratio = try LinearTime.ratio(
      n: 500,
      prepare: { count in
        let made = try project(count)
        fixtures.append(made.0)
        return (made.1, made.2)
      }
    ) { project, files in
      let plan = TranslationImport(files, project: project)
      #expect(plan.changes.count == 1)
    }
    #expect(ratio < LinearTime.budget, "8× the units took \(ratio)× as long")
  }
}

/// Paths of the fixture, relative to it.
enum TranslationExportTestsPath {
  static func relative(_ path: String, _ fixture: TranslationFixture) -> String {
    path.hasPrefix(fixture.root.path + "/") ? String(path.dropFirst(fixture.root.path.count + 1)) : path
  }
}
