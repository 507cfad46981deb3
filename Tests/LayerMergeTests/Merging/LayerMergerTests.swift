import Foundation
import LayerMerge
import Testing

@Suite struct LayerMergerTests {
  @Test func highestLayerWinsAndOrderIsBaseThenAdditions() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": """
        /* Greeting on the home screen */
        "hello" = "Hello";
        "bye" = "Bye";
        /* Title */
        "title" = "App";

        """
      ],
      "Brand": ["en.lproj/Localizable.strings": "\"title\" = \"Acme\";\n\"brand.only\" = \"Acme rocks\";\n"],
      "Target": [
        "en.lproj/Localizable.strings": "/* Pro greeting */\n\"hello\" = \"Hi, Pro\";\n\"pro.only\" = \"Pro\";\n"
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Brand", "Target"))
    let table = try #require(result.table("en.lproj/Localizable.strings"))
    #expect(table.table.keys == ["hello", "bye", "title", "brand.only", "pro.only"])
    #expect(table.table.values["hello"] == .string("Hi, Pro"))
    #expect(table.table.values["title"] == .string("Acme"))
    // The winner's comment, else the comment of what it shadows.
    #expect(table.table["hello"]?.comment == "Pro greeting")
    #expect(table.table["title"]?.comment == "Title")
    let statuses = table.provenance.map { "\($0.key):\($0.status.rawValue):\($0.winner.layer)" }
    #expect(
      statuses == [
        "hello:overridden:Target", "bye:inherited:Base", "title:overridden:Brand", "brand.only:added:Brand",
        "pro.only:added:Target",
      ])
    let hello = try #require(table.provenance.first)
    #expect(hello.winner.position == TextPosition(line: 2, column: 1))
    #expect(hello.shadowed.map(\.layer) == ["Base"])
    #expect(hello.shadowed.first?.position == TextPosition(line: 2, column: 1))
    #expect(result.diagnostics.isEmpty, "\(fixture.render(result.diagnostics))")
  }

  @Test func everyTableAtAnyDepthIsMergedAndOtherFilesAreIgnored() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/InfoPlist.strings": "CFBundleDisplayName = \"App\";\n",
        "Settings.bundle/en.lproj/Root.strings": "\"Group\" = \"General\";\n",
        "Base.lproj/Main.strings": "\"abc-12-def.text\" = \"Hi\";\n",
        "notes.txt": "not a table",
        ".git/en.lproj/Localizable.strings": "\"hidden\" = \"x\";\n",
        "en.lproj/.hidden.strings": "\"hidden\" = \"x\";\n",
      ],
      "Target": [
        "en.lproj/InfoPlist.strings": "CFBundleDisplayName = \"App Pro\";\n",
        "Extensions/Today/en.lproj/InfoPlist.strings": "CFBundleDisplayName = \"Today\";\n",
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      result.tables.map(\.address.relativePath) == [
        "Base.lproj/Main.strings", "Extensions/Today/en.lproj/InfoPlist.strings",
        "Settings.bundle/en.lproj/Root.strings",
        "en.lproj/InfoPlist.strings",
      ])
    #expect(result.table("en.lproj/InfoPlist.strings")?.table.values["CFBundleDisplayName"] == .string("App Pro"))
    #expect(result.inputFiles.count == 5)
  }

  @Test func languageOnlyInBasePassesThroughAndOverlayOnlyLanguageIsComparedInItsOverlay() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A-de\";\n\"b\" = \"B-de\";\n",
      ],
      "Target": [
        "en.lproj/Localizable.strings": "\"a\" = \"A2\";\n",
        "fr.lproj/Localizable.strings": "\"a\" = \"A-fr\";\n",
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(result.table("de.lproj/Localizable.strings")?.table.values == ["a": .string("A-de"), "b": .string("B-de")])
    #expect(result.table("fr.lproj/Localizable.strings")?.table.values == ["a": .string("A-fr")])
    #expect(
      fixture.render(result.diagnostics) == [
        "Target/fr.lproj/Localizable.strings: warning: fr.lproj/Localizable.strings lacks 1 of the 2 keys that layer "
          + "'Base' has in en.lproj/Localizable.strings (\"b\")"
      ])
  }

  @Test func missingTranslationsAreCountedPerTable() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n",
        "en.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
        "de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/InfoPlist.strings: warning: de.lproj has no InfoPlist.strings: the key that layer 'Base' "
          + "has in en.lproj/InfoPlist.strings (\"CFBundleDisplayName\") has no de translation",
        "Base/de.lproj/Localizable.strings: warning: de.lproj/Localizable.strings lacks 3 of the 4 keys that layer "
          + "'Base' has in en.lproj/Localizable.strings (\"b\", \"c\", \"d\")",
      ])
  }

  /// An override that can crash is an error; one that only prints wrong text is a warning.
  @Test func incompatibleFormatOverridesAreErrorsOrWarnings() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": """
        "type" = "%@ items";
        "count" = "%@";
        "order" = "%@ has %d";
        "mixed" = "%1$@ and %2$@";
        "fine" = "%1$@ has %2$lld";
        "width" = "%.2f km";
        "plain" = "Half price";

        """
      ],
      "Target": [
        "en.lproj/Localizable.strings": """
        "type" = "%d items";
        "count" = "%@ and %@";
        "order" = "%d has %@";
        "mixed" = "%1$@ and %@";
        "fine" = "%2$lld for %1$@";
        "width" = "%f miles";
        "plain" = "50 % de remise";

        """
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Target/en.lproj/Localizable.strings:1:1: warning: the override of \"type\" in layer 'Target' does not fit "
          + "the format arguments of the value it replaces: argument 1 is signed integer (32-bit) here but object (%@) "
          + "in the value it replaces; this prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the value it replaces, in layer 'Base', is here",
        "Target/en.lproj/Localizable.strings:2:1: error: the override of \"count\" in layer 'Target' does not fit the "
          + "format arguments of the value it replaces: it uses argument 2, which the value it replaces does not take; "
          + "this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:2:1: the value it replaces, in layer 'Base', is here",
        "Target/en.lproj/Localizable.strings:3:1: error: the override of \"order\" in layer 'Target' does not fit the "
          + "format arguments of the value it replaces: argument 2 is object (%@) here but signed integer (32-bit) in "
          + "the value it replaces; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:3:1: the value it replaces, in layer 'Base', is here",
        // The plain %@ reads argument 1, an object as the value it replaces passes: no crash, but
        // the first object twice and the second never.
        "Target/en.lproj/Localizable.strings:4:1: warning: the override of \"mixed\" in layer 'Target' does not fit "
          + "the format arguments of the value it replaces: it mixes numbered specifiers (like %1$@) with plain ones "
          + "(like %@), which take arguments 1, 2, … on their own count; this prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:4:1: the value it replaces, in layer 'Base', is here",
      ])
  }

  @Test func stringsdictOverridesPerKeyAndIsCheckedPerForm() throws {
    func rule(_ one: String, _ other: String, type: String = "d") -> String {
      """
      	<key>%d files</key>
      	<dict>
      		<key>NSStringLocalizedFormatKey</key>
      		<string>%#@files@</string>
      		<key>files</key>
      		<dict>
      			<key>NSStringFormatSpecTypeKey</key>
      			<string>NSStringPluralRuleType</string>
      			<key>NSStringFormatValueTypeKey</key>
      			<string>\(type)</string>
      			<key>one</key>
      			<string>\(one)</string>
      			<key>other</key>
      			<string>\(other)</string>
      		</dict>
      	</dict>
      """
    }
    func plist(_ body: String) -> String {
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.stringsdict": plist(
          rule("%d file", "%d files") + "\n\t<key>plain</key>\n\t<string>P</string>"),
        "en.lproj/Localizable.strings": "\"shared\" = \"from strings\";\n",
      ],
      "Target": [
        "en.lproj/Localizable.stringsdict": plist(rule("One document", "%@ documents")),
        "en.lproj/Localizable.strings": "\"plain\" = \"P2\";\n",
      ],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    let dictionary = try #require(result.table("en.lproj/Localizable.stringsdict"))
    #expect(dictionary.table.keys == ["%d files", "plain"])
    #expect(dictionary.provenance.map(\.status) == [.overridden, .inherited])
    #expect(
      fixture.render(result.diagnostics) == [
        "Target/en.lproj/Localizable.strings:1:1: warning: layer 'Target' overrides \"plain\" in .strings, but the "
          + ".stringsdict entry from layer 'Base' wins at run time; override it in .stringsdict instead",
        "  note: Base/en.lproj/Localizable.stringsdict:20:2: the .stringsdict entry is here",
        "Target/en.lproj/Localizable.stringsdict:4:2: error: the override of \"%d files\" in layer 'Target' does not "
          + "fit the format arguments of the value it replaces: in files.other, argument 1 is object (%@) here but "
          + "signed integer (32-bit) in the value it replaces; this can crash at run time",
        "  note: Base/en.lproj/Localizable.stringsdict:4:2: the value it replaces, in layer 'Base', is here",
      ])
  }

  @Test func redundantOverridesAndNearMissKeysWarn() throws {
    let fixture = try TemporaryLayers([
      "Base": ["en.lproj/Localizable.strings": "\"login_button\" = \"Log in\";\n\"title\" = \"App\";\n"],
      "de": ["de.lproj/Localizable.strings": "\"login_button\" = \"Anmelden\";\n"],
      "Target": [
        "en.lproj/Localizable.strings": "\"title\" = \"App\";\n\"login button\" = \"Sign in\";\n\"ok\" = \"OK\";\n"
      ],
    ])
    let result = LayerMerger.merge([
      Layer(name: "Base", path: fixture.path("Base")), Layer(name: "Target", path: fixture.path("Target")),
    ])
    #expect(
      fixture.render(result.diagnostics) == [
        "Target/en.lproj/Localizable.strings:1:1: warning: layer 'Target' repeats the value of \"title\" from layer "
          + "'Base'; the override can be removed",
        "  note: Base/en.lproj/Localizable.strings:2:1: the value it replaces, in layer 'Base', is here",
        "Target/en.lproj/Localizable.strings:2:1: warning: layer 'Target' adds \"login button\", one edit away "
          + "from the existing key \"login_button\"; did you mean to override it?",
      ])
  }

  @Test func duplicateKeysAndParseErrorsInEveryLayerAreReported() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"1\";\n\"a\" = \"2\";\n",
        "en.lproj/Broken.strings": "\"x\" = \"y\"\n\"z\" = \"w\";\n",
      ],
      "Target": ["en.lproj/Other.strings": "\"q\" = ;\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(result.hasErrors)
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/en.lproj/Broken.strings:1:10: error: missing ';' after the entry for key \"x\"",
        "Base/en.lproj/Localizable.strings:2:1: warning: key \"a\" is defined twice in this file; the last definition wins",
        "  note: Base/en.lproj/Localizable.strings:1:1: the first definition is here",
        "Target/en.lproj/Other.strings:1:7: error: expected a value for key \"q\", found ';'",
      ])
  }

  @Test func languageFoldersDifferingInCaseAreOneLanguageWithAWarning() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "zh-Hans.lproj/Localizable.strings": "\"a\" = \"甲\";\n",
      ],
      "Target": ["zh-hans.lproj/Localizable.strings": "\"a\" = \"乙\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      result.tables.map(\.address.relativePath) == [
        "en.lproj/Localizable.strings", "zh-Hans.lproj/Localizable.strings",
      ])
    #expect(result.table("zh-Hans.lproj/Localizable.strings")?.table.values["a"] == .string("乙"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Target/zh-hans.lproj: warning: language folder 'zh-hans.lproj' differs only in case from 'zh-Hans.lproj'; "
          + "they are merged as 'zh-Hans', but on a case-sensitive file system they would be two languages"
      ])
  }
}
