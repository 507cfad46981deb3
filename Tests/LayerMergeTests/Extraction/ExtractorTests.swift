import Foundation
import Testing

@testable import LayerMerge

/// The rules of extraction on small copies written by each test.
@Suite struct ExtractorTests {
  /// Extracts from copies named after their folders under a temporary root.
  static func extract(
    _ copies: KeyValuePairs<String, [String: String]>, options: ExtractionOptions = ExtractionOptions()
  ) throws -> (Extraction, TemporaryLayers) {
    let fixture = try TemporaryLayers(Dictionary(uniqueKeysWithValues: copies.map { ($0.key, $0.value) }))
    let layers = copies.map { Layer(name: $0.key, path: fixture.path($0.key)) }
    return (Extractor.extract(layers, options: options), fixture)
  }

  static let en = "en.lproj/Localizable.strings"

  @Test func sharedKeysGoToTheBaseAndOverlaysKeepOnlyWhatDiffers() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""same" = "S"; "over" = "base"; "onlyA" = "a";"#],
      "B": [Self.en: #""same" = "S"; "over" = "base";"#],
      "C": [Self.en: #""same" = "S"; "over" = "C's";"#],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.values(Self.en) == ["same": "S", "over": "base"])
    #expect(extraction.layer("A").values(Self.en) == ["onlyA": "a"])
    #expect(extraction.layer("B").tables.isEmpty)
    #expect(extraction.layer("C").values(Self.en) == ["over": "C's"])
    let summaries = extraction.report.targets.map { [$0.inherited, $0.overridden, $0.added, $0.copyEntries] }
    #expect(summaries == [[2, 0, 1, 3], [2, 0, 0, 2], [1, 1, 0, 2]])
  }

  @Test func aTieTakesTheEarliestTargetsValueOrThePreferredOne() throws {
    let copies: KeyValuePairs<String, [String: String]> = [
      "A": [Self.en: #""k" = "x";"#], "B": [Self.en: #""k" = "y";"#],
      "C": [Self.en: #""k" = "x";"#], "D": [Self.en: #""k" = "y";"#],
    ]
    let (earliest, _) = try Self.extract(copies)
    #expect(earliest.base.values(Self.en) == ["k": "x"])
    // The other value, which two targets share, is written once: in their layer.
    #expect(earliest.brands.map(\.name) == ["B+D"])
    #expect(earliest.brands.first?.values(Self.en) == ["k": "y"])
    #expect(earliest.targets.allSatisfy { $0.isEmpty })
    let (preferred, _) = try Self.extract(copies, options: ExtractionOptions(preferred: "D"))
    #expect(preferred.base.values(Self.en) == ["k": "y"])
    #expect(preferred.brands.first?.values(Self.en) == ["k": "x"])
    #expect(preferred.stack(of: "A").map(\.name) == ["Base", "A+C"])
    #expect(preferred.layer("B").tables.isEmpty)
  }

  @Test func aKeyWithADifferentValueInEveryTargetStaysInEveryOverlay() throws {
    let copies: KeyValuePairs<String, [String: String]> = [
      "A": [Self.en: #""name" = "Alpha"; "k" = "v";"#], "B": [Self.en: #""name" = "Beta"; "k" = "v";"#],
      "C": [Self.en: #""name" = "Gamma"; "k" = "v";"#],
    ]
    let (extraction, _) = try Self.extract(copies)
    #expect(extraction.base.values(Self.en) == ["k": "v"])
    #expect(extraction.targets.map { $0.values(Self.en) } == [["name": "Alpha"], ["name": "Beta"], ["name": "Gamma"]])
    #expect(extraction.report.perTargetKeys.map(\.key) == ["name"])
    #expect(extraction.report.targets.map(\.overridden) == [0, 0, 0])
    #expect(extraction.report.targets.map(\.added) == [1, 1, 1])
    // The preferred target's value goes to the base; the others override it.
    let (preferred, _) = try Self.extract(copies, options: ExtractionOptions(preferred: "B"))
    #expect(preferred.base.values(Self.en) == ["k": "v", "name": "Beta"])
    #expect(preferred.targets.map { $0.values(Self.en) } == [["name": "Alpha"], nil, ["name": "Gamma"]])
    #expect(!extraction.hasErrors && !preferred.hasErrors)
  }

  @Test func keysAndTablesSomeTargetsLackStayInOverlaysAndAreReported() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""k" = "v"; "promo" = "P";"#, "fr.lproj/Localizable.strings": #""k" = "fv";"#],
      "B": [Self.en: #""k" = "v"; "promo" = "P";"#, "fr.lproj/Localizable.strings": #""k" = "fv";"#],
      "C": [Self.en: #""k" = "v";"#],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    // Neither goes to the base: C would get a key and a language it does not ship. A and B share
    // them in a layer of theirs, above the base; their overlays are empty.
    #expect(extraction.base.values(Self.en) == ["k": "v"])
    #expect(extraction.base.values("fr.lproj/Localizable.strings") == nil)
    #expect(extraction.brands.map(\.name) == ["A+B"])
    #expect(extraction.brands.first?.values(Self.en) == ["promo": "P"])
    #expect(extraction.brands.first?.values("fr.lproj/Localizable.strings") == ["k": "fv"])
    #expect(extraction.layer("A").tables.isEmpty && extraction.layer("B").tables.isEmpty)
    #expect(extraction.stack(of: "B").map(\.name) == ["Base", "A+B"])
    #expect(extraction.layer("C").tables.isEmpty)
    #expect(extraction.report.missingKeys.map { [$0.key] + $0.missingIn } == [["promo", "C"]])
    #expect(
      extraction.report.missingTables.map { [$0.address.relativePath] + $0.missingIn } == [
        ["fr.lproj/Localizable.strings", "C"]
      ])
  }

  @Test func whatSomeTargetsShareGoesOnceToALayerOfTheirsAndNoLayerEqualsAnother() throws {
    let identical = #""ok" = "OK"; "run" = "Run"; "title" = "Pyto";"#
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: identical], "B": [Self.en: #""ok" = "OK"; "widget" = "W";"#], "C": [Self.en: identical],
      "D": [Self.en: #""ok" = "OK"; "run" = "Run"; "title" = "Watch";"#], "E": [Self.en: identical],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.values(Self.en) == ["ok": "OK"])
    // What four targets share, then what three share beyond it: each value written once.
    #expect(extraction.brands.map(\.name) == ["Shared-1", "A+C+E"])
    #expect(extraction.brands.map { $0.values(Self.en) ?? [:] } == [["run": "Run"], ["title": "Pyto"]])
    #expect(extraction.options.groups.map(\.members) == [["A", "C", "D", "E"], ["A", "C", "E"]])
    #expect(extraction.stack(of: "C").map(\.name) == ["Base", "Shared-1", "A+C+E"])
    #expect(extraction.targets.map { $0.values(Self.en) } == [nil, ["widget": "W"], nil, ["title": "Watch"], nil])
    // Every overlay holds exactly the entries no other target has alike.
    #expect(extraction.report.targets.map(\.overlayEntries) == [0, 1, 0, 1, 0])
    #expect(extraction.report.targets.map(\.ownEntries) == [0, 1, 0, 1, 0])
    let written = ([extraction.base] + extraction.brands + extraction.targets).filter { !$0.isEmpty }
    for first in written.indices {
      for second in written.indices where second > first {
        #expect(written[first].tables != written[second].tables, "\(written[first].name) \(written[second].name)")
      }
    }
  }

  @Test func emptyCopiesOfATableSeveralTargetsShipAreOneFile() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""k" = "a";"#, "en.lproj/Empty.strings": "/* nothing */\n"],
      "B": [Self.en: #""k" = "b";"#, "en.lproj/Empty.strings": ""],
      "C": [Self.en: #""k" = "c";"#],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.brands.map(\.name) == ["A+B"])
    #expect(extraction.brands.first?.table("en.lproj/Empty.strings")?.isEmpty == true)
    #expect(extraction.layer("A").table("en.lproj/Empty.strings") == nil)
  }

  @Test func theBaseKeepsTheMostCommonCommentAndOverlaysTheirOwnOnlyWhereItDiffers() throws {
    let (extraction, _) = try Self.extract([
      "A": [Self.en: "/* shared */\n\"k\" = \"a\";\n/* old */\n\"j\" = \"1\";\n"],
      "B": [Self.en: "/* shared */\n\"k\" = \"v\";\n/* new */\n\"j\" = \"1\";\n"],
      "C": [Self.en: "/* shared */\n\"k\" = \"v\";\n/* new */\n\"j\" = \"1\";\n"],
      "D": [Self.en: "/* mine */\n\"k\" = \"d\";\n\"j\" = \"1\";\n"],
    ])
    let base = try #require(extraction.base.table(Self.en))
    #expect(base["k"]?.comment == "shared")
    #expect(base["j"]?.comment == "new")
    // A's override has the base's comment: not repeated. D's has its own: kept.
    #expect(extraction.layer("A").table(Self.en)?["k"]?.comment == nil)
    #expect(extraction.layer("A").values(Self.en) == ["k": "a"])
    #expect(extraction.layer("D").table(Self.en)?["k"]?.comment == "mine")
    // A comment alone does not make an overlay entry (it does not change what ships).
    #expect(extraction.layer("D").values(Self.en) == ["k": "d"])
  }

  @Test func theBaseFollowsTheMostCommonSourceOrder() throws {
    let (extraction, _) = try Self.extract([
      "A": [Self.en: #""c" = "3"; "a" = "1"; "b" = "2";"#],
      "B": [Self.en: #""a" = "1"; "b" = "2"; "c" = "3";"#],
      "C": [Self.en: #""a" = "1"; "b" = "2"; "c" = "3";"#],
    ])
    #expect(extraction.base.table(Self.en)?.keys == ["a", "b", "c"])
  }

  @Test func aBrandHoldsWhatItsTargetsShareBeyondTheBase() throws {
    let (extraction, fixture) = try Self.extract(
      [
        "AcmeLite": [Self.en: #""title" = "Acme"; "k" = "v"; "lite" = "L";"#],
        "AcmePro": [Self.en: #""title" = "Acme"; "k" = "v"; "pro" = "P";"#],
        "Globex": [Self.en: #""title" = "Globex"; "k" = "v";"#],
        "Initech": [Self.en: #""title" = "Initech"; "k" = "v";"#],
        "Umbrella": [Self.en: #""title" = "Umbrella"; "k" = "v";"#],
      ], options: ExtractionOptions(groups: [.init(name: "Acme", members: ["AcmeLite", "AcmePro"])]))
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.values(Self.en) == ["title": "Acme", "k": "v"])
    // The base already says "Acme", so the brand has nothing to add; its targets keep their own.
    #expect(extraction.brands.first?.tables.isEmpty == true)
    #expect(extraction.stack(of: "AcmeLite").map(\.name) == ["Base", "AcmeLite"])
    #expect(extraction.layer("AcmeLite").values(Self.en) == ["lite": "L"])
    #expect(extraction.layer("Globex").values(Self.en) == ["title": "Globex"])
  }

  @Test func aBrandTakesItsTargetsMajorityWhenTheBaseHasAnotherValue() throws {
    let (extraction, fixture) = try Self.extract(
      [
        "A1": [Self.en: #""title" = "Acme"; "lite" = "yes";"#],
        "A2": [Self.en: #""title" = "Acme"; "lite" = "yes";"#],
        "A3": [Self.en: #""title" = "Acme Max"; "lite" = "no";"#],
        "G1": [Self.en: #""title" = "Generic"; "lite" = "no";"#],
        "G2": [Self.en: #""title" = "Generic"; "lite" = "no";"#],
        "G3": [Self.en: #""title" = "Generic"; "lite" = "no";"#],
      ], options: ExtractionOptions(groups: [.init(name: "Acme", members: ["A1", "A2", "A3"])]))
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.values(Self.en) == ["title": "Generic", "lite": "no"])
    #expect(extraction.brands.first?.values(Self.en) == ["title": "Acme", "lite": "yes"])
    #expect(extraction.layer("A1").tables.isEmpty)
    #expect(extraction.layer("A3").values(Self.en) == ["title": "Acme Max", "lite": "no"])
    #expect(extraction.stack(of: "A3").map(\.name) == ["Base", "Acme", "A3"])
    let project = ProjectFileWriter.text(for: extraction.projectFile(at: "locmerge.json", layersIn: "Localization"))
    #expect(project.contains(#""A3": {"layers": ["Localization/Acme", "Localization/A3"]}"#))
    #expect(project.contains(#""A4""#) == false)
  }

  @Test func valuesThatDifferOnlyInCaseOrPunctuationAreReported() throws {
    let (extraction, _) = try Self.extract([
      "A": [Self.en: #""login" = "Sign in"; "other" = "One";"#],
      "B": [Self.en: #""login" = "Sign in"; "other" = "Two";"#],
      "C": [Self.en: #""login" = "Sign In."; "other" = "One";"#],
    ])
    #expect(
      extraction.report.lookAlikeValues.map { [$0.key, $0.majorityValue, $0.value] + $0.targets }
        == [["login", "Sign in", "Sign In.", "C"]])
  }

  @Test func stringsdictEntriesAreComparedWhole() throws {
    func plural(_ other: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>n</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@v@</string>
      <key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>one</key><string>%d item</string><key>other</key><string>\(other)</string></dict>
      </dict></dict></plist>
      """
    }
    let path = "en.lproj/Localizable.stringsdict"
    let (extraction, fixture) = try Self.extract([
      "A": [path: plural("%d items")], "B": [path: plural("%d items")], "C": [path: plural("%d things")],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.base.table(path)?.keys == ["n"])
    #expect(extraction.layer("A").tables.isEmpty)
    #expect(extraction.layer("C").table(path)?.keys == ["n"])
  }

  @Test func aTargetsEmptyTableThatNothingBelowProvidesGetsItsOwnFile() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""k" = "a";"#, "en.lproj/Empty.strings": "/* nothing */\n"],
      "B": [Self.en: #""k" = "b";"#],
    ])
    #expect(!extraction.hasErrors, "\(fixture.render(extraction.diagnostics))")
    #expect(extraction.layer("A").table("en.lproj/Empty.strings")?.isEmpty == true)
    #expect(extraction.base.tables.isEmpty)
  }

  @Test func copiesWithErrorsAreNotExtracted() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""k" = "v"; @"#], "B": [Self.en: #""k" = "v";"#],
    ])
    #expect(extraction.hasErrors)
    #expect(fixture.render(extraction.diagnostics).first?.contains("A/en.lproj/Localizable.strings:1:") == true)
    #expect(extraction.files.isEmpty)
  }

  @Test func optionsThatCannotMakeAProjectAreReported() {
    let options = ExtractionOptions(
      groups: [.init(name: "A", members: ["B"]), .init(name: "X", members: ["B", "Z"])], preferred: "Q")
    #expect(
      options.problems(targets: ["A", "B", "base", "x/y"]) == [
        "target name 'base' is already used by the base; every layer needs its own folder",
        "target name 'x/y' contains '/'; it names one folder of OUT",
        "brand name 'A' is already used by target 'A'; every layer needs its own folder",
        "target 'B' is in two brands, 'A' and 'X'",
        "brand 'X' names 'Z', which is not a target (NAME=DIR)",
        "--prefer names 'Q', which is not a target (NAME=DIR)",
      ])
  }

  @Test func theRoundTripCheckFindsALayerThatLosesAKey() throws {
    let (extraction, fixture) = try Self.extract([
      "A": [Self.en: #""k" = "v"; "j" = "a";"#], "B": [Self.en: #""k" = "v"; "j" = "b";"#],
    ])
    #expect(!extraction.hasErrors)
    var broken = extraction
    let address = try #require(TableAddress(relativePath: Self.en))
    broken.base.tables[address] = LocalizationTable([LocalizationEntry(key: "k", string: "changed")])
    let copies = [
      LoadedLayer(Layer(name: "A", path: fixture.path("A"))), LoadedLayer(Layer(name: "B", path: fixture.path("B"))),
    ]
    let rendered = ([broken.base] + broken.targets).map(\.files)
    let problems = ExtractionCheck.problems(broken, layerFiles: rendered, copies: copies).mismatches
    #expect(
      fixture.render(problems) == [
        "A/en.lproj/Localizable.strings:1:1: error: target 'A' does not merge back into its copy: en.lproj/Localizable.strings: key \"k\" would have another value",
        "B/en.lproj/Localizable.strings:1:1: error: target 'B' does not merge back into its copy: en.lproj/Localizable.strings: key \"k\" would have another value",
      ])
  }
}

extension Extraction {
  /// The overlay of a target.
  func layer(_ name: String) -> ExtractedLayer {
    targets.first { $0.name == name } ?? ExtractedLayer(name: name, role: .target)
  }
}

extension ExtractedLayer {
  /// The table at a path, if the layer writes one.
  func table(_ relativePath: String) -> LocalizationTable? {
    TableAddress(relativePath: relativePath).flatMap { tables[$0] }
  }

  /// The string values of the table at a path, if the layer writes one.
  func values(_ relativePath: String) -> [String: String]? {
    table(relativePath).map { $0.values.compactMapValues(\.stringValue) }
  }
}
