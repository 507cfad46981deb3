import Foundation
import LayerMerge
import TestSupport
import Testing

/// Compiling catalogs: what each case must give (XCSTRINGS.md §3–§4), read back by Foundation,
/// and the bytes of CoreFoundation's XML writer.
@Suite struct CatalogCompilerTests {
  static let fixture = SharedFolder.packageRoot.appendingPathComponent(
    "Tests/Fixtures/xcstrings/compile-cases.xcstrings")

  static func compile(_ options: CatalogCompiler.Options = .init()) throws -> CompiledCatalog {
    let parsed = StringCatalogReader.read(path: fixture.path)
    let catalog = try #require(parsed.catalog)
    return CatalogCompiler.compile(catalog, path: fixture.path, options: options)
  }

  /// Each output as Foundation reads it.
  static func plists(_ compiled: CompiledCatalog) throws -> [String: NSDictionary] {
    var result: [String: NSDictionary] = [:]
    for output in compiled.outputs {
      let object = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
      result[output.relativePath] = try #require(object as? NSDictionary)
    }
    return result
  }

  @Test func writesOneFilePerLanguageAndKindThatHasEntries() throws {
    let compiled = try Self.compile()
    #expect(compiled.tableName == "compile-cases")
    #expect(
      compiled.outputs.map(\.relativePath) == [
        "de.lproj/compile-cases.strings", "de.lproj/compile-cases.stringsdict", "en.lproj/compile-cases.strings",
        "en.lproj/compile-cases.stringsdict", "fr.lproj/compile-cases.strings",
      ])
  }

  @Test func compilesStringUnitsToStrings() throws {
    let plists = try Self.plists(try Self.compile())
    // No fill-in from the source language, `new` source units skipped, `new` target units, stale
    // entries, empty values and `shouldTranslate: false` compiled; device `other` as the fallback.
    #expect(
      plists["de.lproj/compile-cases.strings"]
        == [
          "simple": "Einfach", "target new": "Neu", "stale": "Veraltet", "empty": "", "tap": "Wählen",
          "amp <&> \"q\"": "a & b < c > d \"e\" 'f'\n\tg", "order 😀": "emoji", "order ！": "fullwidth",
        ] as NSDictionary)
    #expect(
      plists["en.lproj/compile-cases.strings"]
        == ["simple": "Simple", "source needs review": "Check me", "brand": "Brand"] as NSDictionary)
    #expect(plists["fr.lproj/compile-cases.strings"] == ["only french": "Seulement"] as NSDictionary)
  }

  @Test func compilesVariationsAndSubstitutionsToStringsdict() throws {
    let plists = try Self.plists(try Self.compile())
    let de = try #require(plists["de.lproj/compile-cases.stringsdict"])
    let pluralRule = "NSStringPluralRuleType"
    #expect(
      de["%lld photos"] as? NSDictionary
        == [
          "NSStringLocalizedFormatKey": "%#@arg1@",
          "arg1": [
            "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "lld", "one": "%lld Foto",
            "other": "%lld Fotos",
          ],
        ] as NSDictionary)
    #expect(
      de["%@ shared %lld links"] as? NSDictionary
        == [
          "NSStringLocalizedFormatKey": "%1$@ teilte %2$#@links@",
          "links": [
            "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "lld", "one": "%2$lld Link",
            "other": "%2$lld Links",
          ],
        ] as NSDictionary)
    // Without argNum, the variable and %arg stay in sequence.
    #expect(
      de["%lld songs"] as? NSDictionary
        == [
          "NSStringLocalizedFormatKey": "%#@songs@",
          "songs": [
            "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "lld", "one": "%lld Lied",
            "other": "%lld Lieder",
          ],
        ] as NSDictionary)
    // `.1f` → value type `f`, forms keep the precision.
    #expect(
      de["rating %f"] as? NSDictionary
        == [
          "NSStringLocalizedFormatKey": "%1$#@stars@ Sterne",
          "stars": [
            "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "f", "one": "%1$.1f",
            "other": "%1$.1f",
          ],
        ] as NSDictionary)
    #expect(
      de["tap"] as? NSDictionary
        == ["NSStringDeviceSpecificRuleType": ["iphone": "Tippen", "mac": "Klicken"]] as NSDictionary)
    let tapsRule: (String, String) -> NSDictionary = { one, other in
      [
        "NSStringLocalizedFormatKey": "%#@arg1@",
        "arg1": [
          "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "lld", "one": one, "other": other,
        ],
      ]
    }
    #expect(
      de["%lld taps"] as? NSDictionary
        == [
          "NSStringDeviceSpecificRuleType": [
            "mac": tapsRule("%lld Klick", "%lld Klicks"), "other": tapsRule("%lld Tipp", "%lld Tipps"),
          ]
        ] as NSDictionary)
    #expect(de.count == 6)
    let en = try #require(plists["en.lproj/compile-cases.stringsdict"])
    #expect(
      (en["%lld photos"] as? NSDictionary)?["arg1"] as? NSDictionary == [
        "NSStringFormatSpecTypeKey": pluralRule, "NSStringFormatValueTypeKey": "lld", "one": "One photo",
        "other": "%lld photos",
      ] as NSDictionary)
  }

  /// Every output is byte for byte what CoreFoundation's XML writer makes of the same dictionary:
  /// UTF-16 key order (astral characters before U+E000–U+FFFF), only `& < >` escaped, tabs,
  /// `<dict/>`, a final line break.
  @Test func writesCoreFoundationsBytes() throws {
    for output in try Self.compile().outputs {
      let object = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
      let foundation = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
      #expect(output.bytes == Array(foundation), "\(output.relativePath)")
    }
    let strings = try #require(try Self.compile().outputs.first { $0.relativePath == "de.lproj/compile-cases.strings" })
    let text = String(decoding: strings.bytes, as: UTF8.self)
    #expect(
      text.contains("\t<key>amp &lt;&amp;&gt; \"q\"</key>\n\t<string>a &amp; b &lt; c &gt; d \"e\" 'f'\n\tg</string>\n")
    )
    let astral = try #require(text.range(of: "order 😀"))
    let fullwidth = try #require(text.range(of: "order ！"))
    #expect(astral.lowerBound < fullwidth.lowerBound)
    #expect(text.hasSuffix("</dict>\n</plist>\n"))
  }

  /// Text is escaped eight bytes at a time: `& < >` (and bytes that are not) at every place in
  /// and around a run, keys and values, as CoreFoundation writes them.
  @Test func escapesEveryPlaceOfAnEightByteRunAsCoreFoundation() throws {
    var pairs: [(key: String, value: String)] = []
    for length in 0..<19 {
      for place in 0...length {
        for special in ["&", "<", ">", "é", "\"", "'", "=", "?", "=>"] {
          let letters = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
          let text = String(letters.prefix(place)) + special + String(letters.dropFirst(place))
          pairs.append((key: "\(pairs.count) \(text)", value: text))
        }
      }
    }
    let written = PropertyListXMLWriter.data(strings: pairs, order: Array(pairs.indices))
    let object = try PropertyListSerialization.propertyList(from: Data(written), options: [], format: nil)
    let dictionary = try #require(object as? [String: String])
    #expect(dictionary.count == pairs.count)
    for pair in pairs { #expect(dictionary[pair.key] == pair.value) }
    let sorted = Array(pairs.indices).sorted { pairs[$0].key.utf16.lexicographicallyPrecedes(pairs[$1].key.utf16) }
    let foundation = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    #expect(PropertyListXMLWriter.data(strings: pairs, order: sorted) == Array(foundation))
  }

  @Test func forcesSourceLanguageNewUnitsAndFiltersLanguages() throws {
    let forced = try Self.plists(try Self.compile(.init(forceBuildAllStrings: true)))
    #expect(forced["en.lproj/compile-cases.strings"]?["source new"] as? String == "From code")
    let french = try Self.compile(.init(languages: ["fr"]))
    #expect(french.outputs.map(\.relativePath) == ["fr.lproj/compile-cases.strings"])
    let none = try Self.compile(.init(languages: ["ja"]))
    #expect(none.outputs.isEmpty)
  }

  /// A device variation with only `other` is a plain string: an empty device rule would shadow it.
  @Test func aDeviceVariationWithOnlyOtherIsAPlainString() throws {
    let text = """
      {"sourceLanguage" : "en", "strings" : { "k" : { "localizations" : { "de" : { "variations" : { "device" : {
        "other" : { "stringUnit" : { "state" : "translated", "value" : "Überall" } } } } } } } } }
      """
    let catalog = try #require(StringCatalogReader.parse(Array(text.utf8), path: "D.xcstrings").catalog)
    let plists = try Self.plists(CatalogCompiler.compile(catalog, path: "D.xcstrings"))
    #expect(plists == ["de.lproj/D.strings": ["k": "Überall"] as NSDictionary])
  }

  /// The compiled lists are public: outputs written after a caller changed them hold what the
  /// lists hold, sorted as Foundation writes them, not the order the compiler worked out.
  @Test func outputsFollowListsTheCallerChanged() throws {
    var compiled = try Self.compile()
    let index = try #require(compiled.languages.firstIndex { $0.language == "de" })
    compiled.languages[index].strings.append((key: "0 added", value: "hinzugefügt"))
    compiled.languages[index].strings[0].key = "~ renamed"
    compiled.languages[index].stringsdict.reverse()
    for output in compiled.outputs where output.relativePath.hasPrefix("de.lproj/") {
      let object = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
      let foundation = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
      #expect(output.bytes == Array(foundation), "\(output.relativePath)")
      let keys = try #require(object as? NSDictionary).allKeys.compactMap { $0 as? String }
      let expected =
        output.relativePath.hasSuffix(".strings")
        ? compiled.languages[index].strings.map(\.key) : compiled.languages[index].stringsdict.map(\.key)
      #expect(Set(keys) == Set(expected), "\(output.relativePath)")
    }
  }

  @Test func anEmptyCatalogGivesNoFiles() {
    let compiled = CatalogCompiler.compile(StringCatalog(sourceLanguage: "en"), path: "Empty.xcstrings")
    #expect(compiled.outputs.isEmpty && compiled.diagnostics.isEmpty)
  }

  @Test func theFixtureCompilesWithoutDiagnostics() throws {
    #expect(try Self.compile().diagnostics.map(\.description) == [])
  }

  /// Every catalog of `../shared` compiles, and Foundation reads every output.
  @Test(SharedFolder.required) func compilesEverySharedCatalog() throws {
    var files = 0
    for file in SharedFolder.files(under: "", extensions: ["xcstrings"]) {
      let parsed = StringCatalogReader.read(path: file.path)
      guard let catalog = parsed.catalog else { continue }
      for output in CatalogCompiler.compile(catalog, path: file.path).outputs {
        files += 1
        let object = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
        let foundation = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(output.bytes == Array(foundation), "\(file.lastPathComponent): \(output.relativePath)")
      }
    }
    #expect(files > 100)
  }
}

/// The plist writer's key order is UTF-16 code-unit order (`CFStringCompare`), computed on UTF-8.
@Suite struct UTF16KeyOrderTests {
  @Test func matchesUTF16OrderOnTrickyPairs() {
    let samples = [
      "", "a", "ab", "b", "é", "e\u{301}", "😀", "！", "\u{E000}", "\u{FFFF}", "\u{D7FF}", "𝔸", "a😀", "a！", "a\u{E000}b",
      "中", "\u{7F}", "\u{80}", "\u{10FFFF}", "z",
    ]
    for lhs in samples {
      for rhs in samples {
        let expected = lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
        let data = PropertyListXMLWriter.data(dictionary: [(lhs, .string("1")), (rhs, .string("2"))])
        let text = String(decoding: data, as: UTF8.self)
        // Canonically equivalent strings are skipped: `range(of:)` would find either.
        guard lhs != rhs, let first = text.range(of: "<key>\(lhs)</key>"),
          let second = text.range(of: "<key>\(rhs)</key>")
        else { continue }
        #expect(
          (first.lowerBound < second.lowerBound) == expected, "\(lhs.debugDescription) vs \(rhs.debugDescription)")
      }
    }
  }
}
