import Foundation
import Testing

/// The migration as a new user runs it, from the project root: one test per dead end issue 25
/// found on seven public apps' per-target copies (numbered as there).
@Suite struct MigrationTests {
  /// Runs `locmerge` in a folder of the scratch (the project root unless told).
  static func run(_ arguments: [String], in scratch: Scratch, folder: String = "") throws -> ToolRunner.Outcome {
    try ToolRunner.run(arguments, in: folder.isEmpty ? scratch.root : scratch.url(folder))
  }

  /// A table as Foundation reads it, or `nil` when the file is missing.
  static func values(_ scratch: Scratch, _ path: String) throws -> NSDictionary? {
    guard let data = FileManager.default.contents(atPath: scratch.path(path)) else { return nil }
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary
  }

  // 1. A project file that names folders it never created; a missing base blamed on a target.

  @Test func theProjectFileExtractWritesBuildsWhenTheBaseOrAnOverlayComesOutEmpty() throws {
    let scratch = try Scratch()
    // Nothing common (each copy its own language): the base is empty.
    try scratch.write("\"title\" = \"Acme\";\n", to: "Old/Acme/en.lproj/Localizable.strings")
    try scratch.write("\"title\" = \"Globex\";\n", to: "Old/Globex/de.lproj/Localizable.strings")
    let extracted = try Self.run(
      ["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex"], in: scratch)
    #expect(extracted.status == 0, "\(extracted.standardError)")
    let built = try Self.run(["build", "-d", "build/{target}"], in: scratch)
    #expect(built.status == 0, "\(built.standardError)")
    #expect(try Self.values(scratch, "build/Acme/en.lproj/Localizable.strings") == ["title": "Acme"])
    #expect(try Self.values(scratch, "build/Globex/de.lproj/Localizable.strings") == ["title": "Globex"])

    // One copy equal to what the base gets: its overlay is empty and left out of its layers.
    let second = try Scratch()
    for (name, cart) in [("Acme", "Cart"), ("Globex", "Cart"), ("Initech", "Basket")] {
      try second.write("\"cart\" = \"\(cart)\";\n\"ok\" = \"OK\";\n", to: "Old/\(name)/en.lproj/Localizable.strings")
    }
    let again = try Self.run(
      ["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex", "Initech=Old/Initech"], in: second)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(!FileManager.default.fileExists(atPath: second.path("Localization/Acme")))
    #expect(try Self.run(["build", "-d", "build/{target}"], in: second).status == 0)
  }

  @Test func aProblemWithTheBaseNamesTheBaseNotATarget() throws {
    let scratch = try Scratch()
    try scratch.write("\"title\" = \"Acme\";\n", to: "Localization/Acme/en.lproj/Localizable.strings")
    try scratch.write(
      """
      {
        "base": "Localization/Base",
        "destination": "build/{target}",
        "targets": {
          "Acme": { "layers": ["Localization/Acme"] },
          "Globex": { "layers": [] }
        }
      }

      """, to: "locmerge.json")
    let built = try Self.run(["build"], in: scratch)
    #expect(built.status == 64)
    #expect(built.standardError.contains("locmerge.json:2:3: error: \"base\": layer folder '"))
    #expect(!built.standardError.contains("target '"), "\(built.standardError)")
  }

  // 2. A copy with a crash-class error: accepted by extract, refused by build, no way out.

  /// Two apps whose German copies disagree with their English about the count's argument.
  static func copiesWithACrashClassError() throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("\"files\" = \"%d files\";\n\"ok\" = \"OK\";\n", to: "Old/Acme/en.lproj/Localizable.strings")
    try scratch.write("\"files\" = \"%d Dateien\";\n\"ok\" = \"OK\";\n", to: "Old/Acme/de.lproj/Localizable.strings")
    try scratch.write("\"files\" = \"%d files\";\n\"ok\" = \"Okay\";\n", to: "Old/Globex/en.lproj/Localizable.strings")
    try scratch.write("\"ok\" = \"OK\";\n\"files\" = \"%@ Dateien\";\n", to: "Old/Globex/de.lproj/Localizable.strings")
    return scratch
  }

  @Test func extractReportsCrashClassValuesInTheCopyAndStopsBeforeWriting() throws {
    let scratch = try Self.copiesWithACrashClassError()
    let extracted = try Self.run(["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex"], in: scratch)
    #expect(extracted.status == 1)
    // Where the value is in the copy, as Xcode links it.
    #expect(
      extracted.standardError.contains("Old/Globex/de.lproj/Localizable.strings:2:1: error: "),
      "\(extracted.standardError)")
    #expect(extracted.standardError.contains("--keep-errors"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("locmerge.json")))
  }

  @Test func keepErrorsMigratesAndBuildKeepsExactlyTheKnownValues() throws {
    let scratch = try Self.copiesWithACrashClassError()
    let extracted = try Self.run(
      ["extract", "--keep-errors", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex"], in: scratch)
    #expect(extracted.status == 0, "\(extracted.standardError)")
    #expect(extracted.standardError.contains("Old/Globex/de.lproj/Localizable.strings:2:1: warning: "))
    let config = try #require(scratch.read("locmerge.json"))
    #expect(config.contains("\"baseline\""), "\(config)")
    #expect(config.contains("\"key\": \"files\""))
    #expect(config.contains("\"value\": \"%@ Dateien\""))
    let built = try Self.run(["build", "-d", "build/{target}"], in: scratch)
    #expect(built.status == 0, "\(built.standardError)")
    #expect(
      try Self.values(scratch, "build/Globex/de.lproj/Localizable.strings") == ["ok": "OK", "files": "%@ Dateien"])

    // A new mistake still fails, and so does a changed known value.
    let overlay = "Localization/Globex/de.lproj/Localizable.strings"
    let known = try #require(scratch.read(overlay))
    try scratch.write(known + "\"ok\" = \"%@ OK\";\n", to: overlay)
    let newMistake = try Self.run(["build", "-d", "build/{target}"], in: scratch)
    #expect(newMistake.status == 1)
    #expect(newMistake.standardError.contains("\"ok\""), "\(newMistake.standardError)")
    try scratch.write(known.replacingOccurrences(of: "%@ Dateien", with: "%@ Datei(en)"), to: overlay)
    let changed = try Self.run(["build", "-d", "build/{target}"], in: scratch)
    #expect(changed.status == 1)
    #expect(changed.standardError.contains("format-mismatch"))
  }

  // 3. Nested copies: a plugin's tables inside the app's folder.

  @Test func onlyLprojExtractsACopyThatContainsAnotherCopy() throws {
    let scratch = try Scratch()
    try scratch.write("\"open\" = \"Open\";\n\"quit\" = \"Quit\";\n", to: "macosx/en.lproj/Localizable.strings")
    try scratch.write(
      "\"open\" = \"Open\";\n\"preview\" = \"Preview\";\n", to: "macosx/QuickLookPlugin/en.lproj/Localizable.strings")
    let refused = try Self.run(
      ["extract", "-o", "Localization", "App=macosx", "QuickLook=macosx/QuickLookPlugin"], in: scratch)
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("--only-lproj"), "\(refused.standardError)")
    let extracted = try Self.run(
      ["extract", "--only-lproj", "-o", "Localization", "App=macosx", "QuickLook=macosx/QuickLookPlugin"], in: scratch)
    #expect(extracted.status == 0, "\(extracted.standardError)")
    #expect(try Self.values(scratch, "Localization/Base/en.lproj/Localizable.strings") == ["open": "Open"])
    #expect(try Self.run(["build", "-d", "build/{target}"], in: scratch).status == 0)
    #expect(try Self.values(scratch, "build/App/en.lproj/Localizable.strings") == ["open": "Open", "quit": "Quit"])
    #expect(!FileManager.default.fileExists(atPath: scratch.path("build/App/QuickLookPlugin")))
  }

  // 4. Nothing shared, and no word why.

  @Test func anEmptyBaseIsExplainedWithTheLanguagesOrThePathsCompared() throws {
    let scratch = try Scratch()
    for (brand, language) in [("Acme", "en"), ("Globex", "de"), ("Initech", "fr")] {
      try scratch.write("\"title\" = \"\(brand)\";\n", to: "Old/\(brand)/\(language).lproj/Localizable.strings")
    }
    let languages = try Self.run(
      ["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex", "Initech=Old/Initech"], in: scratch)
    #expect(languages.status == 0)
    #expect(languages.standardOutput.contains("Nothing is common to every target"), "\(languages.standardOutput)")
    #expect(
      languages.standardOutput.contains("no language is in every copy: Acme has en; Globex has de; Initech has fr"))

    // A copy named one folder too high: its tables sit one folder deeper than the others'.
    let second = try Scratch()
    try second.write("\"ok\" = \"OK\";\n", to: "Old/Acme/en.lproj/Localizable.strings")
    try second.write("\"ok\" = \"OK\";\n", to: "Old/Globex/Resources/en.lproj/Localizable.strings")
    let paths = try Self.run(["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex"], in: second)
    #expect(paths.status == 0)
    #expect(paths.standardOutput.contains("no table is at the same path in every copy"), "\(paths.standardOutput)")
    #expect(paths.standardOutput.contains("Acme: en.lproj/Localizable.strings"))
    #expect(paths.standardOutput.contains("Globex: Resources/en.lproj/Localizable.strings"))
  }

  // 5. Three layouts: the project file in OUT, the README's and init's; lists that do not resolve.

  @Test func oneLayoutTheProjectFileAtTheRootFoundFromASubfolderAndListsFromSRCROOT() throws {
    let scratch = try Scratch()
    for name in ["Acme", "Globex"] {
      try scratch.write("\"ok\" = \"OK\";\n\"name\" = \"\(name)\";\n", to: "Old/\(name)/en.lproj/Localizable.strings")
    }
    try FileManager.default.createDirectory(at: scratch.url("Shop.xcodeproj"), withIntermediateDirectories: true)
    let extracted = try Self.run(["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex"], in: scratch)
    #expect(extracted.status == 0, "\(extracted.standardError)")
    let config = try #require(scratch.read("locmerge.json"))
    #expect(config.contains("\"base\": \"Localization/Base\""), "\(config)")
    #expect(config.contains("\"Acme\": {\"layers\": [\"Localization/Acme\"]}"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/locmerge.json")))

    // From a subfolder the project file is found in the folder above, and the run says so.
    try FileManager.default.createDirectory(at: scratch.url("Sources/App"), withIntermediateDirectories: true)
    let built = try Self.run(["build", "-d", "../../build/{target}"], in: scratch, folder: "Sources/App")
    #expect(built.status == 0, "\(built.standardError)")
    #expect(built.standardError.contains("locmerge.json (found in a parent folder)"), "\(built.standardError)")
    #expect(try Self.values(scratch, "build/Globex/en.lproj/Localizable.strings") == ["ok": "OK", "name": "Globex"])

    // A project file kept in a subfolder: its lists' entries still resolve from SRCROOT.
    try FileManager.default.moveItem(at: scratch.url("locmerge.json"), to: scratch.url("Localization/locmerge.json"))
    let moved = try #require(scratch.read("Localization/locmerge.json"))
    try scratch.write(moved.replacingOccurrences(of: "Localization/", with: ""), to: "Localization/locmerge.json")
    let files = try Self.run(["files", "-c", "Localization/locmerge.json"], in: scratch)
    #expect(files.status == 0, "\(files.standardError)")
    let list = try #require(scratch.read("Localization/Localization/Acme-inputs.xcfilelist"))
    #expect(list.contains("$(SRCROOT)/Localization/Base/en.lproj/Localizable.strings"), "\(list)")
    #expect(!list.contains("$(SRCROOT)/Base/"))
  }

  // 6. Which copies are copies: the Xcode project knows.

  @Test func initFromTheXcodeProjectMigratesEveryFamilyAndInstallLeavesEveryPhaseCurrent() throws {
    let scratch = try Scratch()
    let example = ToolRunner.packageRoot.appendingPathComponent("Examples/XcodeMigration")
    for item in try FileManager.default.contentsOfDirectory(atPath: example.path) where item != "expected" {
      try FileManager.default.copyItem(at: example.appendingPathComponent(item), to: scratch.url(item))
    }
    // The plan first: what was found, the report and the project file; nothing written.
    let plan = try Self.run(["init", "--xcodeproj", "Shop.xcodeproj", "--dry-run"], in: scratch)
    #expect(plan.status == 0, "\(plan.standardError)")
    #expect(
      plan.standardOutput.contains("  Localizable.strings      Acme, Globex, Initech\n"), "\(plan.standardOutput)")
    #expect(plan.standardOutput.contains("  Onboarding.strings       only Initech\n"))
    #expect(plan.standardOutput.contains("\"Initech\": {\"layers\": [\"Localization/Initech\"]}"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("locmerge.json")))

    let initialized = try Self.run(["init", "--xcodeproj", "Shop.xcodeproj"], in: scratch)
    #expect(initialized.status == 0, "\(initialized.standardError)")
    // Again: the project file and the layers exist; nothing is replaced.
    let again = try Self.run(["init", "--xcodeproj", "Shop.xcodeproj"], in: scratch)
    #expect(again.status == 64)
    #expect(again.standardError.contains("locmerge.json: error: refusing to write: the project file exists"))
    #expect(initialized.standardOutput.contains("locmerge xcode install --remove-copies"))
    let config = try #require(scratch.read("locmerge.json"))
    #expect(config.contains("\"base\": \"Localization/Base\""))
    #expect(config.contains("\"destination\": \"$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)\""))
    #expect(config.contains("\"state\": \"$(TARGET_TEMP_DIR)/locmerge\""))

    let built = try Self.run(["build", "-d", "build/{target}"], in: scratch)
    #expect(built.status == 0, "\(built.standardError)")
    for target in ["Acme", "Globex", "Initech"] {
      for language in ["en", "de"] {
        for (table, folder) in [
          ("Localizable.strings", "\(target)/Resources"), ("Localizable.stringsdict", "\(target)/Resources"),
          ("InfoPlist.strings", "Branding/\(target)"),
        ] {
          let original = try Self.values(scratch, "\(folder)/\(language).lproj/\(table)")
          #expect(original != nil)
          #expect(
            try Self.values(scratch, "build/\(target)/\(language).lproj/\(table)") == original, "\(target) \(table)")
        }
        // Tables the targets share through the same files, or only one has, stay as they are.
        #expect(try Self.values(scratch, "build/\(target)/\(language).lproj/Legal.strings") == nil)
        #expect(try Self.values(scratch, "build/\(target)/\(language).lproj/Onboarding.strings") == nil)
      }
    }

    let installed = try Self.run(["xcode", "install", "--remove-copies"], in: scratch)
    #expect(installed.status == 0, "\(installed.standardError)")
    let shown = try Self.run(["xcode", "show", "--json"], in: scratch)
    let json = try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any]
    let targets = try #require(json?["targets"] as? [[String: Any]])
    #expect(targets.map { $0["phase"] as? String } == ["current", "current", "current"])
    #expect(targets.allSatisfy { ($0["tables"] as? [String: Any])?.keys.contains("Legal.strings") == true })
  }

  // The report: near-identical values told apart.

  @Test func valuesThatDifferByAnInvisibleSpaceShowIt() throws {
    let scratch = try Scratch()
    for (name, value) in [("Acme", "Sign in"), ("Globex", "Sign in"), ("Initech", "Sign\u{A0}in")] {
      try scratch.write("\"signin\" = \"\(value)\";\n", to: "Old/\(name)/en.lproj/Localizable.strings")
    }
    let extracted = try Self.run(
      ["extract", "-o", "Localization", "Acme=Old/Acme", "Globex=Old/Globex", "Initech=Old/Initech"], in: scratch)
    #expect(extracted.status == 0)
    #expect(extracted.standardOutput.contains("\"Sign\\u{A0}in\" in Initech"), "\(extracted.standardOutput)")
  }
}
