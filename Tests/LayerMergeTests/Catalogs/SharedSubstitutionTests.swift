import Foundation
import LayerMerge
import TestSupport
import Testing

/// A localization whose `substitutions` sit beside `variations.device`, each device's string
/// referring to some of them: the shape Xcode's editor writes when a string with plurals is
/// varied by device. Each device's format dictionary carries the substitutions it refers to.
@Suite struct SharedSubstitutionTests {
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "files" : { "localizations" : {
          "en" : {
            "substitutions" : {
              "files" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } } } } },
              "folders" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg folder" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg folders" } } } } }
            },
            "variations" : { "device" : {
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%#@files@ on this iPhone" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%#@files@ in %#@folders@" } }
            } }
          }
        } }
      },
      "version" : "1.0"
    }
    """

  static func compile(_ text: String) throws -> CompiledCatalog {
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "Shared.xcstrings").catalog)
    return CatalogCompiler.compile(catalog, path: "Shared.xcstrings")
  }

  static func plural(_ number: Int, _ one: String, _ other: String) -> NSDictionary {
    [
      "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld",
      "one": "%\(number)$lld \(one)", "other": "%\(number)$lld \(other)",
    ]
  }

  @Test func eachDeviceCarriesTheSubstitutionsItRefersTo() throws {
    let compiled = try Self.compile(Self.catalog)
    #expect(compiled.diagnostics.map(\.description) == [])
    #expect(compiled.outputs.map(\.relativePath) == ["en.lproj/Shared.stringsdict"])
    // Foundation reads the file back as one device rule whose forms are whole format dictionaries.
    let output = try #require(compiled.outputs.first)
    let read = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
    let expected: NSDictionary = [
      "files": [
        "NSStringDeviceSpecificRuleType": [
          "iphone": [
            "NSStringLocalizedFormatKey": "%1$#@files@ on this iPhone", "files": Self.plural(1, "file", "files"),
          ],
          "other": [
            "NSStringLocalizedFormatKey": "%1$#@files@ in %2$#@folders@", "files": Self.plural(1, "file", "files"),
            "folders": Self.plural(2, "folder", "folders"),
          ],
        ]
      ]
    ]
    #expect(read as? NSDictionary == expected)
  }

  @Test func aSharedSubstitutionNoDeviceUsesIsUnusedAndAnUnknownOneUndefined() throws {
    let unused = Self.catalog.replacingOccurrences(of: "%#@files@ in %#@folders@", with: "%#@files@ here")
    let unusedFound = try Self.compile(unused).diagnostics.map(\.description)
    #expect(
      unusedFound == [
        "Shared.xcstrings:10:11: warning: Substitution 'folders' was never referenced. To reference, use %#@folders@ "
          + "in some other string (en: files|==|substitutions.folders)"
      ])
    let undefined = Self.catalog.replacingOccurrences(of: "%#@files@ on this iPhone", with: "%#@photos@ on this iPhone")
    let undefinedFound = try Self.compile(undefined).diagnostics.map(\.description)
    #expect(
      undefinedFound == [
        "Shared.xcstrings:15:75: error: Referencing undefined substitution 'photos' (en: files)"
      ])
  }

  /// A translation is checked device by device, each with its substitutions, against the source.
  @Test func aDeviceFormIsCheckedWithItsSubstitutions() throws {
    // The German iPhone form reads its count as an object: a crash, found in that form.
    let german = #"""
            "de" : {
              "substitutions" : {
                "files" : { "argNum" : 1, "formatSpecifier" : "@", "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Datei" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Dateien" } } } } }
              },
              "variations" : { "device" : {
                "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%#@files@ auf dem iPhone" } }
              } }
            },
      """#
    let catalog = Self.catalog.replacingOccurrences(of: #""en" : {"#, with: german + #""en" : {"#)
    let found = try Self.compile(catalog).diagnostics
    #expect(found.map(\.code) == [.formatMismatch], "\(found.map(\.description))")
    #expect(
      found.first?.message.hasPrefix(
        "the 'de' translation of \"files\" does not fit the format arguments of the source language (in "
          + "iphone.NSStringLocalizedFormatKey): argument 1 is object (%@) here but signed integer (64-bit) in the source language"
      )
        == true, "\(found.map(\.description))")
  }

  /// The catalogs of `../shared` that have this shape compile: Test3 without a word, Test8 with
  /// only its real error (a zh-Hans plural without `other`).
  @Test(SharedFolder.required) func xcodesOwnCatalogsCompile() throws {
    let folder = try #require(SharedFolder.url).appendingPathComponent(
      "formats/xcstrings/lexrus__xcstrings.schema.json")
    func compile(_ name: String) throws -> CompiledCatalog {
      let path = folder.appendingPathComponent(name).path
      let catalog = try #require(StringCatalogReader.read(path: path).catalog)
      return CatalogCompiler.compile(catalog, path: path)
    }
    let test3 = try compile("Test3.xcstrings")
    #expect(test3.diagnostics.isEmpty, "\(test3.diagnostics.map(\.description))")
    #expect(test3.outputs.map(\.relativePath) == ["en.lproj/Test3.stringsdict"])
    let test8 = try compile("Test8.xcstrings")
    let errors = test8.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [.pluralWithoutOther])
    #expect(errors.first?.message.contains("\"%lld Product(s) Ordered\" in 'zh-Hans'") == true)
    // IceCube's Basque translations write %lld where the source has %arg: wrong text, no crash.
    let iceCube = try compile("IceCube.xcstrings")
    #expect(!iceCube.diagnostics.containsErrors, "\(iceCube.diagnostics.filter { $0.severity == .error })")
    let basque = iceCube.diagnostics.filter { $0.message.contains("'eu' translation of \"design.tag") }
    #expect(basque.map(\.code) == [.formatMisprint])
  }
}
