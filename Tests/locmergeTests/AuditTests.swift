import Foundation
import LayerMerge
import TestSupport
import Testing

/// `locmerge audit` on the example, on a generated project and on the real white-label corpus.
@Suite struct AuditTests {
  static let example = ToolRunner.packageRoot.appendingPathComponent("Examples/WhiteLabel")
  static let targets = [
    "--target", "AcmeLite=Brands/Acme:Targets/AcmeLite", "--target", "AcmePro=Brands/Acme:Targets/AcmePro",
    "--target", "GlobexGo=Brands/Globex:Targets/GlobexGo",
  ]

  @Test(arguments: [("text", "txt"), ("markdown", "md"), ("csv", "csv"), ("json", "json"), ("html", "html")])
  func everyFormatOfTheFullReport(format: String, fileExtension: String) throws {
    let outcome = try ToolRunner.run(["audit", "-b", "Base"] + Self.targets + ["--format", format], in: Self.example)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    try expectSnapshot(outcome.standardOutput, named: "audit-full.\(fileExtension)")
  }

  @Test(arguments: [("text", "txt"), ("markdown", "md"), ("csv", "csv"), ("json", "json")])
  func keyAndChangesViews(format: String, fileExtension: String) throws {
    let key = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.targets + ["--key", "home.*", "--format", format], in: Self.example)
    #expect(key.status == 0)
    try expectSnapshot(key.standardOutput, named: "audit-key.\(fileExtension)")
    let changes = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.targets + ["--changes", "AcmePro", "--format", format], in: Self.example)
    #expect(changes.status == 0)
    try expectSnapshot(changes.standardOutput, named: "audit-changes.\(fileExtension)")
  }

  static let errorTargets = [
    "--target", "Base=", "--target", "Acme=Brands/Acme:Targets/Acme", "--target", "Globex=Brands/Globex",
  ]

  /// A project with format errors, twelve languages, the base alone as a target and two layers
  /// whose folders are both called Acme, in every format.
  @Test(arguments: [("text", "txt"), ("markdown", "md"), ("csv", "csv"), ("json", "json"), ("html", "html")])
  func aProjectWithErrorsManyLanguagesAndTwoAcmes(format: String, fileExtension: String) throws {
    let scratch = try AuditFixture.make()
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.errorTargets + ["--format", format], in: scratch.root)
    #expect(outcome.status == 1, "\(outcome.standardError)")
    try expectSnapshot(outcome.standardOutput, named: "audit-errors.\(fileExtension)")
  }

  @Test func errorsComeFirstAndTheSummaryHasOneRowPerTarget() throws {
    let scratch = try AuditFixture.make()
    let outcome = try ToolRunner.run(["audit", "-b", "Base"] + Self.errorTargets, in: scratch.root)
    let text = outcome.standardOutput
    let errors = try #require(text.range(of: "ERRORS"))
    let summary = try #require(text.range(of: "SUMMARY"))
    #expect(errors.lowerBound < summary.lowerBound)
    #expect(text.contains("Targets/Acme/en.lproj/Localizable.strings:1:1"))
    #expect(text.contains("Base/de.lproj/Localizable.strings:3:1"))
    let summaryRows = text[summary.upperBound...].prefix { $0 != "O" }.split(separator: "\n").filter { line in
      ["Base ", "Acme ", "Globex "].contains { line.hasPrefix($0) }
    }
    #expect(summaryRows.count == 3, "\(text)")
    #expect(!text.contains("Clean-up suggestions: None"))
  }

  @Test func textLinesFitInOneHundredColumns() throws {
    let scratch = try AuditFixture.make()
    for view in [[], ["--key", "onboarding.*"], ["--changes", "Acme"]] {
      let outcome = try ToolRunner.run(
        ["audit", "-b", "Base", "--target", "Acme=Brands/Acme:Targets/Acme", "--target", "Globex=Brands/Globex"]
          + view, in: scratch.root)
      #expect(!outcome.standardOutput.isEmpty, "\(outcome.standardError)")
      let long = outcome.standardOutput.split(separator: "\n").map(String.init).filter { $0.count > 100 }
      #expect(long.isEmpty, "\(view): \(long)")
    }
  }

  @Test func layersWithTheSameFolderNameKeepDistinctNames() throws {
    let scratch = try AuditFixture.make()
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.errorTargets + ["--format", "json"], in: scratch.root)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    let names = targets.map { ($0["layers"] as? [[String: String]] ?? []).map { $0["name"] ?? "" } }
    #expect(names == [[], ["Brands/Acme", "Targets/Acme"], ["Globex"]])
  }

  @Test func theStatusOptionKeepsOnlyRowsWithThoseStatuses() throws {
    let scratch = try AuditFixture.make()
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.errorTargets + ["--status", "error", "--format", "csv"], in: scratch.root)
    let rows = outcome.standardOutput.split(separator: "\r\n").dropFirst()
    #expect(!rows.isEmpty)
    for row in rows { #expect(row.contains("error"), "\(row)") }
    let redundant = try ToolRunner.run(
      ["audit", "-b", "Base"] + Self.errorTargets + ["--status", "redundant", "--format", "csv"], in: scratch.root)
    #expect(
      redundant.standardOutput.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[2] } == [
        "settings.title"
      ])
  }

  @Test func theHTMLPageIsSelfContained() throws {
    let outcome = try ToolRunner.run(["audit", "-b", "Base"] + Self.targets + ["--format", "html"], in: Self.example)
    let page = outcome.standardOutput
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    for external in ["http://", "https://", "<link", "src=", "@import", "url("] {
      #expect(!page.contains(external), "the page refers to something outside itself: \(external)")
    }
    #expect(page.contains("id=\"filter\""))
  }

  /// A key that looks like markup stays data: the page has its two scripts and nothing more, and
  /// the data block is JSON that names the key.
  @Test func markupInKeysAndValuesStaysInsideTheDataBlock() throws {
    let scratch = try Scratch()
    let key = "</script><script>alert(1)</script>"
    try scratch.write("\"\(key)\" = \"<b>&amp;</b>\";\n", to: "Base/en.lproj/Localizable.strings")
    try scratch.write("\"\(key)\" = \"</script>\";\n", to: "Pro/en.lproj/Localizable.strings")
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Base", "--target", "Pro=Pro", "--format", "html"], in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let page = outcome.standardOutput
    #expect(page.components(separatedBy: "</script>").count - 1 == 2)
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"audit\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rows = try #require(data["rows"] as? [[Any]])
    #expect(rows.count == 1)
    #expect(rows.first?[1] as? String == key)
    #expect((data["strings"] as? [String])?.contains("</script>") == true)
  }

  /// The generator writes, for each target, exactly the base keys it overrides plus its own keys;
  /// Foundation reads those files, and the audit must name exactly those keys.
  @Test(SharedFolder.required) func namesExactlyTheKeysEachGeneratedTargetOverridesAndAdds() throws {
    guard let shared = SharedFolder.url else {
      try #require(Bool(false), Comment(rawValue: SharedFolder.skipMessage))
      return
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-audit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let generator = try ToolRunner.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", shared.appendingPathComponent("tools/genworkload.py").path, root.path, "--targets", "3",
        "--langs", "4", "--keys", "300", "--seed", "11",
      ], in: nil, environment: [:])
    try #require(generator.status == 0)
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("targets").path)
      .sorted()
    let outcome = try ToolRunner.run(
      ["audit", "-b", "base", "--format", "json"] + targets.flatMap { ["--target", "\($0)=targets/\($0)"] }, in: root)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let audited = try #require(document["targets"] as? [[String: Any]])
    #expect(audited.count == 3)
    for (name, target) in zip(targets, audited) {
      let provenance = try #require(target["provenance"] as? [String: Any])
      let tables = try #require(provenance["tables"] as? [[String: Any]])
      for language in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("base").path) {
        let baseKeys = Set(try Self.foundationKeys(root.appendingPathComponent("base/\(language)/Localizable.strings")))
        let targetKeys = try Self.foundationKeys(
          root.appendingPathComponent("targets/\(name)/\(language)/Localizable.strings"))
        let table = try #require(tables.first { $0["path"] as? String == "\(language)/Localizable.strings" })
        let entries = try #require(table["entries"] as? [[String: Any]])
        func keys(_ status: String) -> Set<String> {
          Set(entries.filter { $0["status"] as? String == status }.compactMap { $0["key"] as? String })
        }
        #expect(
          keys("overridden").union(keys("redundant")) == Set(targetKeys).intersection(baseKeys), "\(name) \(language)")
        #expect(keys("added") == Set(targetKeys).subtracting(baseKeys), "\(name) \(language)")
      }
    }
  }

  static func foundationKeys(_ file: URL) throws -> [String] {
    let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), options: [], format: nil)
    return Array((object as? [String: Any] ?? [:]).keys)
  }

  @Test(SharedFolder.required) func theWhiteLabelCorpusBrandsAsTargets() throws {
    guard let shared = SharedFolder.url else {
      try #require(Bool(false), Comment(rawValue: SharedFolder.skipMessage))
      return
    }
    let project = shared.appendingPathComponent("corpus/ghostery__user-agent-ios")
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Translations", "--format", "json"]
        + ["Cliqz", "Ghostery", "WhiteLabel"].flatMap { ["--target", "\($0)=Branding/\($0)"] }, in: project)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let matrix = try #require(document["matrix"] as? [[String: Any]])
    let title = try #require(matrix.first { $0["key"] as? String == "ForgetMode.AutomaticForgetMode.Title" })
    let byTarget = try #require(title["targets"] as? [String: [String: String]])
    // Every brand adds its own ForgetMode table in English and German.
    #expect(
      byTarget == [
        "Cliqz": ["de": "added", "en": "added"], "Ghostery": ["de": "added", "en": "added"],
        "WhiteLabel": ["de": "added", "en": "added"],
      ])
    let text = try ToolRunner.run(
      ["audit", "-b", "Translations"]
        + ["Cliqz", "Ghostery", "WhiteLabel"].flatMap { ["--target", "\($0)=Branding/\($0)"] },
      in: project)
    #expect(text.standardOutput.contains("ForgetMode/ForgetMode.AutomaticForgetMode.Title"))
  }

  /// "changed" never reads 100.0% unless every key changed: a target that changes 1,999 of 2,000
  /// keys rounded up to it, as one that changes a single key would round down to 0% (`<0.1%`).
  @Test func theShareChangedIsNeverRoundedUpToEverything() throws {
    let scratch = try Scratch()
    let keys = (0..<2000).map { "key.\($0)" }
    try scratch.write(keys.map { "\"\($0)\" = \"base\";\n" }.joined(), to: "Base/en.lproj/Localizable.strings")
    try scratch.write(
      keys.dropFirst().map { "\"\($0)\" = \"brand\";\n" }.joined(), to: "Brand/en.lproj/Localizable.strings")
    try scratch.write(keys.map { "\"\($0)\" = \"full\";\n" }.joined(), to: "Full/en.lproj/Localizable.strings")
    let text = try ToolRunner.run(
      ["audit", "-b", "Base", "--target", "Brand=Brand", "--target", "Full=Full"], in: scratch.root)
    let rows = text.standardOutput.split(separator: "\n").map(String.init)
    let brand = try #require(rows.first { $0.hasPrefix("Brand ") })
    let full = try #require(rows.first { $0.hasPrefix("Full ") })
    #expect(brand.hasSuffix(">99.9%"), "\(text.standardOutput)")
    #expect(full.hasSuffix("100%"), "\(text.standardOutput)")
  }

  /// A key too long for its column continues on an indented line (it wrapped to column 0 and
  /// read as a new row), and a no-break space shows as `\u{A0}` (it printed like a space).
  @Test func longKeysWrapIndentedAndInvisibleSpacesShow() throws {
    let scratch = try Scratch()
    let key = "privacy.statement.repository.conversation.title." + String(repeating: "long", count: 20)
    try scratch.write("\"\(key)\" = \"Repo\";\n\"price\" = \"10 €\";\n", to: "Base/en.lproj/Localizable.strings")
    try scratch.write(
      "\"\(key)\" = \"Repository\";\n\"price\" = \"10\u{00A0}€\";\n", to: "Brand/en.lproj/Localizable.strings")
    let text = try ToolRunner.run(["audit", "-b", "Base", "--target", "Brand=Brand"], in: scratch.root)
    let lines = text.standardOutput.split(separator: "\n").map(String.init)
    let row = try #require(lines.firstIndex { $0.hasPrefix("Localizable/privacy.statement") })
    #expect(lines[row + 1].hasPrefix("  "), "\(text.standardOutput)")
    #expect(key.hasSuffix(lines[row + 1].trimmingCharacters(in: .whitespaces).components(separatedBy: " ")[0]))
    let changes = try ToolRunner.run(
      ["audit", "-b", "Base", "--target", "Brand=Brand", "--changes", "Brand"], in: scratch.root)
    #expect(changes.standardOutput.contains("10\\u{A0}€"), "\(changes.standardOutput)")
    #expect(changes.standardOutput.contains("10 €"))
  }
}

/// A project for the audit's golden files: format errors in the base and in a target, twelve
/// languages, and two layers whose folders are both named Acme.
enum AuditFixture {
  static let languages = ["en", "de", "fr", "es", "it", "ja", "ko", "nl", "pt-BR", "ru", "sv", "zh-Hans"]

  static func make() throws -> Scratch {
    let scratch = try Scratch()
    let body =
      "Welcome to Demo. Your reading list, your feeds and your saved articles stay on this device until you "
      + "decide to sync them with an account of your own choosing."
    for language in languages {
      let suffix = language == "en" ? "" : " (\(language))"
      let count = language == "de" ? "%@ Elemente" : "%d items\(suffix)"
      try scratch.write(
        """
        "app.title" = "Demo";
        "home.greeting" = "Hello, %@!\(suffix)";
        "items.count" = "\(count)";
        "settings.title" = "Settings\(suffix)";
        "onboarding.body" = "\(body)\(suffix)";

        """, to: "Base/\(language).lproj/Localizable.strings")
      try scratch.write("\"CFBundleDisplayName\" = \"Demo\";\n", to: "Base/\(language).lproj/InfoPlist.strings")
      try scratch.write(
        "\"globex.promo\" = \"Try Globex\(suffix)\";\n", to: "Brands/Globex/\(language).lproj/Localizable.strings")
    }
    for language in ["en", "de", "fr"] {
      try scratch.write(
        "\"CFBundleDisplayName\" = \"Acme\";\n", to: "Brands/Acme/\(language).lproj/InfoPlist.strings")
    }
    try scratch.write(
      "\"app.title\" = \"Acme\";\n\"settings.title\" = \"Settings\";\n", to: "Brands/Acme/en.lproj/Localizable.strings")
    try scratch.write(
      "\"items.count\" = \"%@ things\";\n\"home.greting\" = \"Hey %@\";\n",
      to: "Targets/Acme/en.lproj/Localizable.strings")
    try scratch.write(
      "\"globex.promo\" = \"Try Globex\";\n\"app.title\" = \"Globex\";\n",
      to: "Brands/Globex/en.lproj/Localizable.strings")
    return scratch
  }
}
