import Foundation
import LayerMerge
import TestSupport
import Testing

/// The real white-label layout of `shared/corpus/ghostery__user-agent-ios`: shared
/// `Translations/` with `Branding/{Cliqz,Ghostery,WhiteLabel}` as brand overlays.
@Suite struct WhiteLabelCorpusTests {
  static var project: URL? { SharedFolder.url?.appendingPathComponent("corpus/ghostery__user-agent-ios") }

  @Test(SharedFolder.required, arguments: ["Cliqz", "Ghostery", "WhiteLabel"])
  func eachBrandOverTheSharedTranslations(brand: String) throws {
    let root = try #require(Self.project, Comment(rawValue: SharedFolder.skipMessage))
    let result = LayerMerger.merge([
      Layer(path: root.appendingPathComponent("Translations").path),
      Layer(path: root.appendingPathComponent("Branding/\(brand)").path),
    ])
    #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
    // A shared key is inherited from Translations, with its file and line.
    let localizable = try #require(result.table("en.lproj/Localizable.strings"))
    let pin = try #require(localizable.provenance.first { $0.key == "ActivityStream.ContextMenu.PinTopsite" })
    #expect(pin.status == .inherited)
    #expect(pin.winner.layer == "Translations")
    #expect(pin.winner.file.hasSuffix("Translations/en.lproj/Localizable.strings"))
    #expect(pin.winner.position == TextPosition(line: 2, column: 1))
    // A brand table is added by the brand, nested folders included.
    let forget = try #require(result.table("en.lproj/ForgetMode.strings"))
    let title = try #require(forget.provenance.first { $0.key == "ForgetMode.AutomaticForgetMode.Title" })
    #expect(title.status == .added)
    #expect(title.winner.layer == brand)
    #expect(title.winner.position == TextPosition(line: 13, column: 1))
    #expect(
      result.table("InfoPlists/Today/de.lproj/InfoPlist.strings")?.provenance.allSatisfy { $0.winner.layer == brand }
        == true)
  }

  @Test(SharedFolder.required) func aBrandStackedOnTheGenericBrandOverridesIt() throws {
    let root = try #require(Self.project, Comment(rawValue: SharedFolder.skipMessage))
    let result = LayerMerger.merge([
      Layer(path: root.appendingPathComponent("Translations").path),
      Layer(path: root.appendingPathComponent("Branding/WhiteLabel").path),
      Layer(path: root.appendingPathComponent("Branding/Ghostery").path),
    ])
    let forget = try #require(result.table("en.lproj/ForgetMode.strings"))
    let title = try #require(forget.provenance.first { $0.key == "ForgetMode.AutomaticForgetMode.Title" })
    #expect(title.status == .overridden)
    #expect(title.winner.layer == "Ghostery")
    #expect(title.winner.value == .string("Automatic Ghost Tab Mode"))
    #expect(title.shadowed.map(\.layer) == ["WhiteLabel"])
    #expect(title.shadowed.first?.value == .string("Automatic Private Mode"))
    #expect(title.shadowed.first?.position == TextPosition(line: 13, column: 1))
    let camera = try #require(
      result.table("en.lproj/InfoPlist.strings")?.provenance.first { $0.key == "NSCameraUsageDescription" })
    #expect(camera.status == .redundant)
  }
}
