import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// Where an XLIFF `<file>` may write: only a table of one of the project's layers, named by a
/// path inside the project, not through a link that leads out of the layer.
@Suite struct ImportDestinationTests {
  static func resolve(_ original: String, language: String? = "de", in fixture: TranslationFixture) throws
    -> ImportDestination
  {
    let project = try TranslationExportTests.project(fixture)
    let file = TranslationImportFile(
      original: original, language: language, location: SourceLocation(path: "de.xliff"), units: [])
    return try ImportDestination.resolve(file, project: project)
  }

  static func refusal(_ original: String, language: String? = "de", in fixture: TranslationFixture) -> String? {
    guard let project = try? TranslationExportTests.project(fixture) else { return "no project" }
    let file = TranslationImportFile(
      original: original, language: language, location: SourceLocation(path: "de.xliff"), units: [])
    do {
      _ = try ImportDestination.resolve(file, project: project)
      return nil
    } catch {
      #expect(error.diagnostic.code == .foreignOriginal)
      #expect(error.diagnostic.severity == .error)
      return error.diagnostic.message
    }
  }

  @Test func aTableOfALayerGoesBesideItInTheLanguage() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let destination = try Self.resolve("Localization/Acme/en.lproj/Localizable.strings", in: fixture)
    #expect(destination.layer.name == "Acme")
    #expect(destination.path == fixture.path("Localization/Acme/de.lproj/Localizable.strings"))
    #expect(destination.kind == .strings)
    let catalog = try Self.resolve("Localization/Base/Settings.xcstrings", language: "fr", in: fixture)
    #expect(catalog.path == fixture.path("Localization/Base/Settings.xcstrings"))
    #expect(catalog.language == "fr")
  }

  @Test func pathsOutsideTheProjectAreRefused() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    #expect(
      Self.refusal("/etc/en.lproj/Localizable.strings", in: fixture)
        == "the original \"/etc/en.lproj/Localizable.strings\" is not a path inside the project (relative to "
        + "\(fixture.root.lastPathComponent), without '..'); nothing of this file is imported")
    #expect(Self.refusal("Localization/Base/../../../en.lproj/Localizable.strings", in: fixture) != nil)
    #expect(Self.refusal("Localization/Acme/../Base/en.lproj/Localizable.strings", in: fixture) != nil)
    #expect(
      Self.refusal("DuckDuckGo/en.lproj/Localizable.strings", in: fixture)
        == "the original \"DuckDuckGo/en.lproj/Localizable.strings\" is in no layer of the project; nothing of this "
        + "file is imported")
    #expect(
      Self.refusal("Localization/Base/en.lproj/Notes.txt", in: fixture)
        == "the original \"Localization/Base/en.lproj/Notes.txt\" is no .strings, .stringsdict or .xcstrings table of "
        + "layer 'Base'; nothing of this file is imported")
  }

  @Test func aLinkOutOfTheLayerIsRefused() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("Localization/Globex/fr.lproj"), withDestinationPath: outside.path)
    let message = Self.refusal("Localization/Globex/en.lproj/Localizable.strings", language: "fr", in: fixture)
    #expect(message?.contains("leads out of layer 'Globex' through a symbolic link") == true)
    // A file that is itself a link, even inside the layer, is not replaced by a file.
    try fixture.write("", to: "Localization/Acme/de.lproj/Shared.strings")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("Localization/Acme/de.lproj/Localizable.strings"),
      withDestinationPath: fixture.path("Localization/Acme/de.lproj/Shared.strings"))
    #expect(
      Self.refusal("Localization/Acme/en.lproj/Localizable.strings", in: fixture)?.contains(
        "would be written through the symbolic link") == true)
  }

  @Test func theLanguageMustNameALanguageFolder() throws {
    let fixture = try TranslationFixture()
    defer { fixture.remove() }
    let original = "Localization/Base/en.lproj/Localizable.strings"
    for language in [nil, "", "../Acme", "de/x", "Base", "de.lproj"] as [String?] {
      #expect(Self.refusal(original, language: language, in: fixture)?.contains("no usable target-language") == true)
    }
    #expect(
      Self.refusal(original, language: "en", in: fixture)?.contains(
        "is in en, the language of the translations: import writes translations, not the text they translate")
        == true)
  }
}
