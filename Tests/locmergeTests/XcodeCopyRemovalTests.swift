import Foundation
import TestSupport
import Testing

/// Issue 31, items 1, 2, 9 and 12: nothing the app ships leaves it. Each project is built by the
/// test in the shape of the real one that showed the problem (DuckDuckGo's share extension,
/// ghostery's German copies, Blockstream Green's UI-test bundle, Rectangle's Xcode 15 storyboard).
@Suite struct XcodeCopyRemovalTests {
  static let projectFile = "App.xcodeproj/project.pbxproj"

  static func run(_ arguments: [String], in scratch: Scratch) throws -> ToolRunner.Outcome {
    try ToolRunner.run(arguments, in: scratch.root)
  }

  /// Runs `install` without and with `--remove-copies`: both refuse (exit 1) saying what is
  /// given, and nothing is written.
  static func expectRefused(_ scratch: Scratch, target: String, without: String, with: String) throws {
    let project = scratch.read(projectFile)
    let config = scratch.read("locmerge.json")
    let refused = try run(["xcode", "install"], in: scratch)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains(without), "\(refused.standardError)")
    let removing = try run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(removing.status == 1)
    #expect(removing.standardError.contains(with), "\(removing.standardError)")
    #expect(scratch.read(projectFile) == project)
    #expect(scratch.read("locmerge.json") == config)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/\(target)-inputs.xcfilelist")))
  }

  static func write(_ fixture: ProjectFixture, to scratch: Scratch) throws {
    try scratch.write(fixture.text(), to: projectFile)
  }

  /// A variant group of `<lang>.lproj/<name>` files in a folder.
  static func group(
    _ fixture: inout ProjectFixture, _ name: String, languages: [String], files: [String]? = nil
  ) -> String {
    let children = languages.enumerated().map { index, language in
      fixture.file("\(language).lproj/\(files?[index] ?? name)", name: language)
    }
    return fixture.variantGroup(name, children: children)
  }

  // MARK: Item 1: the DuckDuckGo shape

  /// An app with its tables, and a share extension whose Resources hold the variant group
  /// `MainInterface.storyboard` (the Base storyboard and a `.strings` per language) and its own
  /// `InfoPlist.strings`: what DuckDuckGo's Share and OpenAction extensions have.
  static func duckDuckGoShape() throws -> Scratch {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    let appTables = Self.group(&fixture, "Localizable.strings", languages: ["en", "de"])
    let appInfo = Self.group(&fixture, "InfoPlist.strings", languages: ["en", "de"])
    fixture.group("App", children: [appTables, appInfo])
    let storyboard = group(
      &fixture, "MainInterface.storyboard", languages: ["Base", "de", "fr"],
      files: ["MainInterface.storyboard", "MainInterface.strings", "MainInterface.strings"])
    let shareInfo = Self.group(&fixture, "InfoPlist.strings", languages: ["en", "de"])
    fixture.group("ShareExtension", children: [storyboard, shareInfo])
    fixture.target("App", resources: [appTables, appInfo])
    fixture.target(
      "ShareExtension", productType: "com.apple.product-type.app-extension", resources: [storyboard, shareInfo])
    try Self.write(fixture, to: scratch)
    try scratch.write("\"ok\" = \"OK\";\n", to: "App/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"Gut\";\n", to: "App/de.lproj/Localizable.strings")
    for (folder, en, de) in [("App", "App", "App"), ("ShareExtension", "Share", "Teilen")] {
      try scratch.write("\"CFBundleDisplayName\" = \"\(en)\";\n", to: "\(folder)/en.lproj/InfoPlist.strings")
      try scratch.write("\"CFBundleDisplayName\" = \"\(de)\";\n", to: "\(folder)/de.lproj/InfoPlist.strings")
    }
    try scratch.write("<document/>\n", to: "ShareExtension/Base.lproj/MainInterface.storyboard")
    try scratch.write("\"j1y-V4-xli.title\" = \"Teilen\";\n", to: "ShareExtension/de.lproj/MainInterface.strings")
    try scratch.write("\"j1y-V4-xli.title\" = \"Partager\";\n", to: "ShareExtension/fr.lproj/MainInterface.strings")
    return scratch
  }

  /// Before the fix, `show` listed `MainInterface.strings` as a per-target table of the extension,
  /// `init` extracted it into layers, `install --remove-copies` took the storyboard out of the
  /// extension (which would crash at launch) and `lint` warned that en.lproj had no
  /// MainInterface.strings.
  @Test func anInterfacesStringsAreNeverATableAndItsStoryboardStays() throws {
    let scratch = try Self.duckDuckGoShape()
    let show = try Self.run(["xcode", "show"], in: scratch)
    #expect(show.status == 0, "\(show.standardError)")
    #expect(
      show.standardOutput.contains(
        "  interface: MainInterface.storyboard  ShareExtension/Base.lproj/MainInterface.storyboard  translated in de "
          + "fr: ShareExtension/*.lproj/MainInterface.strings\n"), "\(show.standardOutput)")
    #expect(
      show.standardOutput.contains("  tables:  InfoPlist.strings  de en  ShareExtension/*.lproj/InfoPlist.strings  *\n")
    )
    #expect(!show.standardOutput.contains("MainInterface.strings  "))

    let migrated = try Self.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch)
    #expect(migrated.status == 0, "\(migrated.standardError)")
    #expect(
      migrated.standardOutput.contains("  InfoPlist.strings    App, ShareExtension\n"), "\(migrated.standardOutput)")
    #expect(!migrated.standardOutput.contains("MainInterface"))
    #expect(!scratch.snapshot("Localization").keys.contains { $0.contains("MainInterface") })

    let original = try #require(scratch.read(Self.projectFile))
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(
      install.standardOutput.contains(
        "ShareExtension  phase added, before Copy Bundle Resources; copies taken out: InfoPlist.strings\n"))
    let installed = try #require(scratch.read(Self.projectFile))
    let reading = try #require(
      ReferenceProjectReading(bytes: Array(installed.utf8), sourceRoot: scratch.root.path))
    #expect(reading.targets.map { $0.tables.keys.sorted() } == [["Localizable.strings"], []])
    // The storyboard's build file is still in the extension's Resources: only InfoPlist's lines left.
    let removed = Set(original.split(separator: "\n")).subtracting(installed.split(separator: "\n"))
    #expect(removed.count == 4 && removed.allSatisfy { $0.contains("InfoPlist.strings") }, "\(removed)")

    let lint = try Self.run(["lint"], in: scratch)
    #expect(!lint.standardError.contains("MainInterface"), "\(lint.standardError)")
  }

  /// Layers that hold an interface's `.strings` (as an earlier `init` wrote them): the phase would
  /// write them beside the interface's own, so the copy is in the way, and taking it out would take
  /// the storyboard out of the app: `install` refuses with and without `--remove-copies`.
  @Test func layersWithAnInterfacesStringsAreRefusedNotTheStoryboardRemoved() throws {
    let scratch = try Self.duckDuckGoShape()
    try scratch.write("\"j1y-V4-xli.title\" = \"Teilen\";\n", to: "Localization/Base/de.lproj/MainInterface.strings")
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"ShareExtension\": {\"layers\": []}}}\n", to: "locmerge.json")
    let expected1: String =
      "target 'ShareExtension' still copies the interface MainInterface.storyboard (ShareExtension/Base.lproj/"
      + "MainInterface.storyboard, ShareExtension/de.lproj/MainInterface.strings, ShareExtension/fr.lproj/"
      + "MainInterface.strings) in Copy Bundle Resources, and the phase writes de.lproj/MainInterface.strings into "
      + "the product too"
    let expected2: String =
      "and with it what the phase does not write: Base.lproj/MainInterface.storyboard (ShareExtension/Base.lproj/"
      + "MainInterface.storyboard), fr.lproj/MainInterface.strings (ShareExtension/fr.lproj/MainInterface.strings); "
      + "the interface MainInterface.storyboard would leave the app. To keep it, an interface's .strings are its "
      + "translations, not a table to merge: take MainInterface.strings out of the layers of 'ShareExtension'"
    try Self.expectRefused(scratch, target: "ShareExtension", without: expected1, with: expected2)
  }

  // MARK: Item 2: languages the layers do not write

  /// One target with the variant group `Localizable.strings` (en and de) and layers with en only,
  /// as on ghostery's project: before the fix `--remove-copies` removed the build file and the app
  /// no longer shipped German, and the refusal without it said the phase wrote de too.
  static func twoLanguageCopy(layerLanguages: [String]) throws -> Scratch {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    let tables = Self.group(&fixture, "Localizable.strings", languages: ["en", "de"])
    fixture.group("App", children: [tables])
    fixture.target("App", resources: [tables])
    try Self.write(fixture, to: scratch)
    try scratch.write("\"ok\" = \"OK\";\n", to: "App/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"Gut\";\n", to: "App/de.lproj/Localizable.strings")
    for language in layerLanguages {
      try scratch.write(
        "\"ok\" = \"OK (\(language))\";\n", to: "Localization/Base/\(language).lproj/Localizable.strings")
    }
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"App\": {\"layers\": []}}}\n", to: "locmerge.json")
    return scratch
  }

  @Test func aCopyWithALanguageTheLayersLackIsNeverTakenOut() throws {
    let scratch = try Self.twoLanguageCopy(layerLanguages: ["en"])
    let expected3: String =
      "target 'App' still copies Localizable.strings (App/de.lproj/Localizable.strings, App/en.lproj/"
      + "Localizable.strings) in Copy Bundle Resources, and the phase writes en.lproj/Localizable.strings into the "
      + "product too, which Xcode refuses (\"Multiple commands produce\"); taking the copy out (--remove-copies) "
      + "would also take out what the phase does not write: de.lproj/Localizable.strings (App/de.lproj/"
      + "Localizable.strings); the app would no longer ship de."
    let expected4: String =
      "error: --remove-copies would take Localizable.strings (App/de.lproj/Localizable.strings, App/en.lproj/"
      + "Localizable.strings) out of target 'App' in Copy Bundle Resources, and with it what the phase does not "
      + "write: de.lproj/Localizable.strings (App/de.lproj/Localizable.strings); the app would no longer ship de. "
      + "To keep it, add the missing languages to the layers (move locmerge.json and its layers away and run "
      + "'locmerge init --xcodeproj' again, or put the files in a layer of 'App'), or keep the copy out of the "
      + "merge: take Localizable.strings out of the layers of 'App'; nothing was written"
    try Self.expectRefused(scratch, target: "App", without: expected3, with: expected4)
  }

  @Test func aCopyWhoseEveryLanguageThePhaseWritesIsTakenOut() throws {
    let scratch = try Self.twoLanguageCopy(layerLanguages: ["en", "de"])
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(install.standardOutput.contains("copies taken out: Localizable.strings"))
    let bytes = Array(try #require(scratch.read(Self.projectFile)).utf8)
    let reading = try #require(ReferenceProjectReading(bytes: bytes, sourceRoot: scratch.root.path))
    #expect(reading.targets[0].tables.isEmpty)
  }

  /// A copied String Catalog with a plural compiles into `.stringsdict` files too; layers that
  /// write only `.strings` would leave the app without its plurals. Before the fix the check
  /// looked at languages only and `--remove-copies` took the catalog out (found by review).
  static func pluralCatalogCopy(plural: Bool) throws -> Scratch {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    let catalog = fixture.file("Localizable.xcstrings")
    fixture.group("App", children: [catalog])
    fixture.target("App", resources: [catalog])
    try Self.write(fixture, to: scratch)
    func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
    func localizations(_ en: String, _ de: String) -> String {
      plural
        ? #"{"en": {"variations": {"plural": {"one": \#(unit("1 " + en)), "other": \#(unit("%lld " + en))}}}, "#
          + #""de": {"variations": {"plural": {"one": \#(unit("1 " + de)), "other": \#(unit("%lld " + de))}}}}"#
        : #"{"en": \#(unit(en)), "de": \#(unit(de))}"#
    }
    try scratch.write(
      #"{"sourceLanguage": "en", "version": "1.0", "strings": {"ok": {"localizations": \#(localizations("OK", "Gut"))}, "#
        + #""%lld files": {"localizations": \#(localizations("files", "Dateien"))}}}"# + "\n",
      to: "App/Localizable.xcstrings")
    for language in ["en", "de"] {
      try scratch.write(
        "\"ok\" = \"OK (\(language))\";\n\"%lld files\" = \"%lld files\";\n",
        to: "Localization/Base/\(language).lproj/Localizable.strings")
    }
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"App\": {\"layers\": []}}}\n", to: "locmerge.json")
    return scratch
  }

  @Test func aCatalogWhosePluralsThePhaseDoesNotWriteIsNeverTakenOut() throws {
    let scratch = try Self.pluralCatalogCopy(plural: true)
    let project = scratch.read(Self.projectFile)
    let removing = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(removing.status == 1, "\(removing.standardOutput)")
    #expect(removing.standardError.contains("the app would no longer ship de, en"), "\(removing.standardError)")
    #expect(scratch.read(Self.projectFile) == project)
  }

  @Test func aCatalogWhoseEveryFileThePhaseWritesIsTakenOut() throws {
    let scratch = try Self.pluralCatalogCopy(plural: false)
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(install.standardOutput.contains("copies taken out: Localizable.xcstrings"), "\(install.standardOutput)")
  }

  /// `.lproj` file references are one language each: the one the phase writes goes, the other stays.
  @Test func lprojFileReferencesGoOnlyForTheLanguagesThePhaseWrites() throws {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    let en = fixture.file("en.lproj/Localizable.strings")
    let de = fixture.file("de.lproj/Localizable.strings")
    fixture.group("App", children: [en, de])
    fixture.target("App", resources: [en, de])
    try Self.write(fixture, to: scratch)
    try scratch.write("\"ok\" = \"OK\";\n", to: "App/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"Gut\";\n", to: "App/de.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"OK\";\n", to: "Localization/Base/en.lproj/Localizable.strings")
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"App\": {\"layers\": []}}}\n", to: "locmerge.json")
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    let bytes = Array(try #require(scratch.read(Self.projectFile)).utf8)
    let reading = try #require(ReferenceProjectReading(bytes: bytes, sourceRoot: scratch.root.path))
    #expect(reading.targets[0].tables == ["Localizable.strings": ["de": "App/de.lproj/Localizable.strings"]])
  }

  /// A synchronized folder (Xcode 16): taking the table out adds `/Localized/Localizable.strings`
  /// to the target's exceptions, all its languages at once; for a target the folder reaches through
  /// such an exception, taking it out removes the exception. Both refuse while de would be lost.
  @Test func aSynchronizedFolderExceptionNeverDropsALanguage() throws {
    let scratch = try Scratch()
    var fixture = ProjectFixture(objectVersion: 77)
    let widget = fixture.newID()
    let folder = fixture.synchronizedFolder("App", exceptions: [(widget, ["/Localized/Localizable.strings"])])
    fixture.target("App", synchronizedFolders: [folder])
    fixture.target("Widget", id: widget, productType: "com.apple.product-type.app-extension")
    try Self.write(fixture, to: scratch)
    try scratch.write("\"ok\" = \"OK\";\n", to: "App/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"Gut\";\n", to: "App/de.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"OK\";\n", to: "Localization/Base/en.lproj/Localizable.strings")
    try scratch.write(
      "{\"base\": \"Localization/Base\", \"targets\": {\"App\": {\"layers\": []}, \"Widget\": {\"layers\": []}}}\n",
      to: "locmerge.json")
    let project = scratch.read(Self.projectFile)
    let refused = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(refused.status == 1)
    for target in ["App", "Widget"] {
      let expected5: String =
        "--remove-copies would take Localizable.strings (App/de.lproj/Localizable.strings, App/en.lproj/"
        + "Localizable.strings) out of target '\(target)' from a synchronized folder, and with it what the phase "
        + "does not write: de.lproj/Localizable.strings (App/de.lproj/Localizable.strings)"
      #expect(refused.standardError.contains(expected5), "\(refused.standardError)")
    }
    #expect(scratch.read(Self.projectFile) == project)

    try scratch.write("\"ok\" = \"Gut\";\n", to: "Localization/Base/de.lproj/Localizable.strings")
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    let installed = try #require(scratch.read(Self.projectFile))
    let reading = try #require(ReferenceProjectReading(bytes: Array(installed.utf8), sourceRoot: scratch.root.path))
    #expect(reading.targets.allSatisfy { $0.tables.isEmpty }, "\(reading.targets)")
  }

  // MARK: Item 9: targets left behind

  /// An app and its UI-test bundle copy the same files (Blockstream Green); a second app has its
  /// own. The bundle is no product target: it stays outside the migration and still copies the
  /// app's old files after the install. Before the fix neither `init` nor `install` said so.
  @Test func targetsOutsideTheMigrationThatStillCopyTheOldFilesAreNamed() throws {
    let scratch = try Scratch()
    var fixture = ProjectFixture()
    let app = Self.group(&fixture, "Localizable.strings", languages: ["en", "de"])
    fixture.group("App", children: [app])
    let brand = Self.group(&fixture, "Localizable.strings", languages: ["en", "de"])
    fixture.group("Brand", children: [brand])
    fixture.target("App", resources: [app])
    fixture.target("Brand", resources: [brand])
    fixture.target("AppUITests", productType: "com.apple.product-type.bundle.ui-testing", resources: [app])
    try Self.write(fixture, to: scratch)
    for (folder, en, de) in [("App", "Hello", "Hallo"), ("Brand", "Hi", "Hallo")] {
      try scratch.write("\"ok\" = \"OK\";\n\"hi\" = \"\(en)\";\n", to: "\(folder)/en.lproj/Localizable.strings")
      try scratch.write("\"ok\" = \"Gut\";\n\"hi\" = \"\(de)\";\n", to: "\(folder)/de.lproj/Localizable.strings")
    }
    let named =
      "  AppUITests (bundle.ui-testing): Localizable.strings (de en: App/*.lproj/Localizable.strings)\n"
    let migrated = try Self.run(["init", "--xcodeproj", "App.xcodeproj"], in: scratch)
    #expect(migrated.status == 0, "\(migrated.standardError)")
    let expected6: String =
      "Targets outside the migration copy these files too, and still will after 'xcode install' (add them to "
      + "locmerge.json, or keep those files while they copy them; 'locmerge xcode show' lists what each target "
      + "copies):\n" + named + "\n"
    #expect(migrated.standardOutput.contains(expected6), "\(migrated.standardOutput)")
    let install = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    let expected7: String =
      "  Targets outside locmerge.json still copy files of the old copies (add them to locmerge.json, or keep "
      + "those files while they copy them; 'locmerge xcode show' lists what each target copies):\n  " + named
    #expect(install.standardOutput.contains(expected7), "\(install.standardOutput)")
    let show = try Self.run(["xcode", "show"], in: scratch)
    #expect(show.standardOutput.contains("AppUITests  (bundle.ui-testing)  locmerge phase: absent\n"))
    #expect(show.standardOutput.contains("  tables:  Localizable.strings  de en  App/*.lproj/Localizable.strings"))
  }

  // MARK: Item 12: a catalog inside a variant group

  /// Xcode 15 translates a storyboard with a String Catalog in the variant group
  /// (`mul.lproj/Main.xcstrings`, as in Rectangle): `show` lists it with its interface. Before the
  /// fix it listed nothing.
  @Test func aCatalogInsideAVariantGroupIsListedWithItsInterface() throws {
    let scratch = try Scratch()
    var fixture = ProjectFixture(objectVersion: 60)
    let storyboard = Self.group(
      &fixture, "Main.storyboard", languages: ["Base", "mul"], files: ["Main.storyboard", "Main.xcstrings"])
    fixture.group("App", children: [storyboard])
    fixture.target("App", resources: [storyboard])
    try Self.write(fixture, to: scratch)
    let show = try Self.run(["xcode", "show"], in: scratch)
    #expect(
      show.standardOutput.contains(
        "  interface: Main.storyboard  App/Base.lproj/Main.storyboard  translated in mul: App/mul.lproj/Main.xcstrings\n"
          + "  tables:  none\n"), "\(show.standardOutput)")
    let json = try Self.run(["xcode", "show", "--json"], in: scratch)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let target = try #require((document["targets"] as? [[String: Any]])?.first)
    #expect(
      target["interfaces"] as? [String: [String]] == [
        "Main.storyboard": ["App/Base.lproj/Main.storyboard", "App/mul.lproj/Main.xcstrings"]
      ])
    #expect((target["tables"] as? [String: Any])?.isEmpty == true)
  }
}
