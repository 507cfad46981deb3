import Foundation
import LayerMerge
import TestSupport
import Testing

/// Which layer owns each unit and what needs a translator, on the layered fixture
/// (``TranslationFixture``): the brand hazard, missing keys, plurals with the target language's
/// categories, catalogs, `--all` with the owning layer's translations only.
@Suite struct TranslationExportTests {
  static func project(_ fixture: TranslationFixture) throws -> ProjectFile {
    let read = ProjectFileReader.read(path: fixture.path("locmerge.json"))
    return try #require(read.project, "\(read.diagnostics)")
  }

  static func export(
    _ fixture: TranslationFixture, targets names: [String] = [], languages: [String] = [], all: Bool = false
  )
    throws -> TranslationExport
  {
    let project = try project(fixture)
    return TranslationExport(
      project: project, targets: try project.targets(named: names), options: project.options, languages: languages,
      all: all)
  }

  /// `original → ["key path: source → target (need)"]` for one language.
  static func summary(_ export: TranslationExport, _ language: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for table in export.languages.first(where: { $0.language == language })?.tables ?? [] {
      result[table.original] = table.units.map { unit in
        let path = unit.path.isEmpty ? "" : " " + unit.path.joined(separator: "/")
        return "\(unit.key)\(path): \(unit.source) → \(unit.target ?? "-") (\(unit.need))"
      }
    }
    return result
  }

  @Test func germanNeedsTheBrandsChangedTextAndTheMissingKeys() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture)
    #expect(export.diagnostics.isEmpty)
    #expect(export.developmentLanguage == "en")
    #expect(export.languages.map(\.language) == ["de", "fr"])
    #expect(
      Self.summary(export, "de") == [
        "Localization/Acme/en.lproj/Localizable.strings": [
          "title: Acme Home → - (translatesOtherText)", "slogan: Since 1949 → - (missing)",
        ],
        "Localization/Acme/Settings.xcstrings": ["settings.title: Acme Settings → - (translatesOtherText)"],
        "Localization/Base/en.lproj/Localizable.strings": ["onboarding.tip: Swipe left to delete → - (missing)"],
      ])
  }

  @Test func frenchGetsItsOwnPluralCategories() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture, languages: ["fr"])
    #expect(export.languages.map(\.language) == ["fr"])
    #expect(
      Self.summary(export, "fr") == [
        "Localization/Acme/en.lproj/Localizable.strings": [
          "title: Acme Home → - (translatesOtherText)", "slogan: Since 1949 → - (missing)",
        ],
        "Localization/Acme/Settings.xcstrings": ["settings.title: Acme Settings → - (translatesOtherText)"],
        "Localization/AcmePro/en.lproj/Localizable.strings": ["pro.badge: PRO → - (missing)"],
        "Localization/Base/en.lproj/Localizable.strings": ["onboarding.tip: Swipe left to delete → - (missing)"],
        "Localization/Base/en.lproj/Localizable.stringsdict": [
          "%d files NSStringLocalizedFormatKey: %#@files@ → - (missing)",
          "%d files files/one: %d file → - (missing)",
          "%d files files/many: %d files → - (missing)",
          "%d files files/other: %d files → - (missing)",
        ],
        "Localization/Base/Settings.xcstrings": [
          "%lld items plural/one: %lld item → - (missing)",
          "%lld items plural/many: %lld items → - (missing)",
          "%lld items plural/other: %lld items → - (missing)",
          "settings.sync: Sync → - (missing)",
        ],
        "Localization/Globex/en.lproj/Localizable.strings": ["greeting: Welcome, %@! → - (translatesOtherText)"],
      ])
  }

  @Test func notesAreTheCommentsAboveTheEntries() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture, languages: ["de"])
    let units = export.languages.flatMap(\.tables).flatMap(\.units)
    #expect(units.first { $0.key == "slogan" }?.note == "The brand's slogan, under the logo")
    #expect(units.first { $0.key == "onboarding.tip" }?.note == "Shown once, on the first launch")
    // An override without a comment keeps the one it replaces, as the merge does.
    #expect(units.first { $0.key == "title" }?.note == "Title of the main screen")
    #expect(units.first { $0.key == "settings.title" }?.note == "Title of the settings screen")
  }

  @Test func oneTargetExportsOnlyWhatItShows() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture, targets: ["GlobexGo"], languages: ["fr"])
    #expect(
      Self.summary(export, "fr").keys.sorted() == [
        "Localization/Base/Settings.xcstrings", "Localization/Base/en.lproj/Localizable.strings",
        "Localization/Base/en.lproj/Localizable.stringsdict", "Localization/Globex/en.lproj/Localizable.strings",
      ])
  }

  @Test func allHasEveryUnitWithTheOwningLayersTranslationOnly() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture, all: true)
    let german = Self.summary(export, "de")
    #expect(
      german["Localization/Base/en.lproj/Localizable.strings"] == [
        "title: Home → Start (translated)", "greeting: Hello, %@! → Hallo, %@! (translated)",
        "bye: Goodbye → Auf Wiedersehen (translated)", "onboarding.tip: Swipe left to delete → - (missing)",
      ])
    // The brand's title: the base's German translates "Home", not "Acme Home" — no target.
    #expect(
      german["Localization/Acme/en.lproj/Localizable.strings"] == [
        "title: Acme Home → - (translatesOtherText)", "slogan: Since 1949 → - (missing)",
      ])
    #expect(
      german["Localization/Globex/en.lproj/Localizable.strings"] == [
        "greeting: Welcome, %@! → Willkommen, %@! (translated)"
      ])
    #expect(
      german["Localization/Base/en.lproj/Localizable.stringsdict"] == [
        "%d files NSStringLocalizedFormatKey: %#@files@ → %#@files@ (translated)",
        "%d files files/one: %d file → %d Datei (translated)",
        "%d files files/other: %d files → %d Dateien (translated)",
      ])
    let catalog = export.languages.first { $0.language == "de" }?.tables.first {
      $0.original == "Localization/Base/Settings.xcstrings"
    }
    #expect(catalog?.units.map(\.state) == ["translated", "translated", "translated", "translated"])
    // The French table is read in UTF-16.
    #expect(
      Self.summary(export, "fr")["Localization/Base/en.lproj/Localizable.strings"]?.first
        == "title: Home → Accueil (translated)")
  }

  @Test func aLanguageNoLayerHasIsNewForEveryTarget() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let export = try Self.export(fixture, languages: ["it"])
    let italian = Self.summary(export, "it")
    #expect(italian["Localization/Base/en.lproj/Localizable.strings"]?.count == 4)
    #expect(italian["Localization/Globex/en.lproj/Localizable.strings"] == ["greeting: Welcome, %@! → - (missing)"])
  }

  @Test func nothingLeftOnceTheOwningLayersHaveTheTranslations() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    try fixture.write(
      "\"title\" = \"Acme Start\";\n\"slogan\" = \"Seit 1949\";\n", to: "Localization/Acme/de.lproj/Localizable.strings"
    )
    try fixture.write(
      String(decoding: fixture.bytes("Localization/Base/de.lproj/Localizable.strings") ?? [], as: UTF8.self)
        + "\"onboarding.tip\" = \"Zum Löschen nach links wischen\";\n",
      to: "Localization/Base/de.lproj/Localizable.strings")
    try fixture.write(
      """
      {"sourceLanguage": "en", "strings": {"settings.title": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Acme Settings"}},
        "de": {"stringUnit": {"state": "translated", "value": "Acme-Einstellungen"}}}}}, "version": "1.0"}
      """, to: "Localization/Acme/Settings.xcstrings")
    let export = try Self.export(fixture, languages: ["de"])
    #expect(export.languages.map(\.language) == ["de"])
    #expect(export.languages.map(\.unitCount) == [0])
  }
}
