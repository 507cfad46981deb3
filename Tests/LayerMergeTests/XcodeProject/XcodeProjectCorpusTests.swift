import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// `show`'s reading of the three apps whose localization is in ../shared/corpus, with their files.
@Suite(SharedFolder.required)
struct XcodeProjectCorpusTests {
  static func project(_ app: String, _ file: String) throws -> XcodeProject {
    let shared = try #require(SharedFolder.url)
    return try XcodeProjectReader.read(
      path: shared.appendingPathComponent("xcodeproj/\(app)/\(file)").path,
      sourceRoot: shared.appendingPathComponent("corpus/\(app)").path)
  }

  static func exists(_ project: XcodeProject, _ path: String) -> Bool {
    FileManager.default.fileExists(atPath: PathText.join(project.sourceRoot, path))
  }

  @Test func ghosteryHasEachAppTargetsBrandTables() throws {
    let project = try Self.project("ghostery__user-agent-ios", "UserAgent.xcodeproj")
    #expect(project.objectVersion == 46)
    for brand in ["Cliqz", "Ghostery", "WhiteLabel"] {
      let target = try #require(project.target(named: brand))
      #expect(target.productType == "com.apple.product-type.application")
      let infoPlist = try #require(target.table(named: "InfoPlist.strings"))
      #expect(
        infoPlist.files == [
          "de": "Branding/\(brand)/de.lproj/InfoPlist.strings", "en": "Branding/\(brand)/en.lproj/InfoPlist.strings",
        ])
      #expect(infoPlist.files.values.allSatisfy { Self.exists(project, $0) })
      guard case .buildFile = infoPlist.sources.first else {
        Issue.record("\(brand): the table should come from a build file")
        continue
      }
      // The shared tables are the same files in every brand.
      #expect(target.table(named: "Menu.strings")?.files["de"] == "Translations/de.lproj/Menu.strings")
    }
    #expect(project.target(named: "ClientTests")?.tables == [])
  }

  @Test func netNewsWireFindsTheCatalogsOfItsSynchronizedFoldersOnDisk() throws {
    let project = try Self.project("Ranchero-Software__NetNewsWire", "NetNewsWire.xcodeproj")
    #expect(project.objectVersion == 76)
    #expect(project.synchronizedFolders.count == 8)
    let iOS = try #require(project.target(named: "NetNewsWire-iOS"))
    let catalog = try #require(iOS.table(named: "Localizable.xcstrings"))
    #expect(catalog.files == ["*": "Shared/Localizable.xcstrings"])
    #expect(catalog.sources.allSatisfy { if case .synchronizedFolder = $0 { true } else { false } })
    let mac = try #require(project.target(named: "NetNewsWire"))
    #expect(
      mac.table(named: "AccountStatsWindow.xcstrings")?.files == [
        "*": "Mac/AccountStats/mul.lproj/AccountStatsWindow.xcstrings"
      ])
    for table in mac.tables + iOS.tables {
      #expect(table.files.values.allSatisfy { Self.exists(project, $0) })
    }
    let widget = try #require(project.target(named: "NetNewsWire iOS Widget Extension"))
    #expect(widget.tables.map(\.name) == ["Localizable.xcstrings"])
  }

  @Test func homeAssistantAppliesTheExceptionSetsOfItsSynchronizedFolders() throws {
    let project = try Self.project("home-assistant__iOS", "HomeAssistant.xcodeproj")
    #expect(project.synchronizedFolders.count > 100)
    let app = try #require(project.target(named: "App"))
    // The App lists the Resources folder and excepts Core.strings and Frontend.strings.
    #expect(app.tables.map(\.name) == ["InfoPlist.strings", "Localizable.strings"])
    #expect(app.table(named: "Localizable.strings")?.files.count == 34)
    #expect(
      app.table(named: "Localizable.strings")?.files["de"] == "Sources/App/Resources/de.lproj/Localizable.strings")
    // Shared-iOS does not list the folder; its exceptions add the three tables to it.
    let shared = try #require(project.target(named: "Shared-iOS"))
    #expect(shared.tables.map(\.name) == ["Core.strings", "Frontend.strings", "Localizable.strings"])
    for table in app.tables + shared.tables {
      #expect(table.files.values.allSatisfy { Self.exists(project, $0) })
    }
  }
}
