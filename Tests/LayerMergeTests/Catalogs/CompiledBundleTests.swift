import Foundation
import LayerMerge
import TestSupport
import Testing

/// The runtime is the judge: Foundation's `Bundle`, pointed at a folder of compiled `.lproj`
/// tables, must return what the catalog says.
@Suite struct CompiledBundleTests {
  /// The fixture compiled into a scratch folder.
  static func compiledFolder() throws -> URL {
    let compiled = try CatalogCompilerTests.compile()
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-bundle-\(UUID().uuidString)")
    for output in compiled.outputs {
      let file = root.appendingPathComponent(output.relativePath)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(output.bytes).write(to: file)
    }
    return root
  }

  @Test func bundleReturnsTheCompiledStrings() throws {
    let root = try Self.compiledFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let de = try #require(Bundle(path: root.appendingPathComponent("de.lproj").path))
    let en = try #require(Bundle(path: root.appendingPathComponent("en.lproj").path))
    let fr = try #require(Bundle(path: root.appendingPathComponent("fr.lproj").path))
    func lookup(_ bundle: Bundle, _ key: String) -> String {
      bundle.localizedString(forKey: key, value: "<default>", table: "compile-cases")
    }
    #expect(lookup(de, "simple") == "Einfach")
    #expect(lookup(en, "simple") == "Simple")
    #expect(lookup(de, "target new") == "Neu")
    #expect(lookup(de, "stale") == "Veraltet")
    #expect(lookup(de, "amp <&> \"q\"") == "a & b < c > d \"e\" 'f'\n\tg")
    #expect(lookup(de, "order 😀") == "emoji")
    #expect(lookup(de, "order ！") == "fullwidth")
    #expect(lookup(fr, "only french") == "Seulement")
    // A language without the key falls back to the caller's default: no fill-in from English.
    #expect(lookup(fr, "simple") == "<default>")
    // The source-language `new` unit is not compiled: the code's own text is used.
    #expect(lookup(en, "source new") == "<default>")
    #expect(lookup(en, "brand") == "Brand")
  }

  /// Plural and device rules, as the runtime formats them. Linux Foundation crashes on any
  /// `.stringsdict` rule (FORMATS.md §6.3: stringsdict formatting is not implemented in
  /// swift-corelibs-foundation), so this runs where Foundation can judge: on Darwin.
  @Test(.enabled(if: CompiledBundleTests.runtimeFormatsRules, "Linux Foundation crashes on .stringsdict rules"))
  func bundleFormatsThePluralForms() throws {
    let root = try Self.compiledFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let de = try #require(Bundle(path: root.appendingPathComponent("de.lproj").path))
    let photos = de.localizedString(forKey: "%lld photos", value: "<default>", table: "compile-cases")
    #expect(String.localizedStringWithFormat(photos, 1) == "1 Foto")
    #expect(String.localizedStringWithFormat(photos, 3) == "3 Fotos")
    let links = de.localizedString(forKey: "%@ shared %lld links", value: "<default>", table: "compile-cases")
    #expect(String.localizedStringWithFormat(links, "Ana", 1) == "Ana teilte 1 Link")
    #expect(String.localizedStringWithFormat(links, "Ana", 4) == "Ana teilte 4 Links")
    let rating = de.localizedString(forKey: "rating %f", value: "<default>", table: "compile-cases")
    #expect(
      String.localizedStringWithFormat(rating, 4.25) == "4,2 Sterne"
        || String.localizedStringWithFormat(rating, 4.25) == "4.2 Sterne")
  }

  static var runtimeFormatsRules: Bool {
    #if canImport(Darwin)
      return true
    #else
      return false
    #endif
  }
}
