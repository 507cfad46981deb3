import LayerMerge
import Testing

/// Catalogs are addressed by their path inside the layer; one language of a catalog shares it.
@Suite struct TableAddressTests {
  @Test func catalogsAreAddressedByTheirPathInTheLayer() throws {
    let top = try #require(TableAddress(catalogPath: "Localizable.xcstrings"))
    #expect(top.directory == "" && top.table == "Localizable" && top.kind == .xcstrings && top.language == "")
    #expect(top.relativePath == "Localizable.xcstrings" && top.languageFoldersDirectory == "")
    let nested = try #require(TableAddress(catalogPath: "Resources/InfoPlist.xcstrings"))
    #expect(nested.relativePath == "Resources/InfoPlist.xcstrings")
    #expect(nested.languageFoldersDirectory == "Resources")
    // A catalog paired with a storyboard compiles beside the storyboard's language folders.
    let paired = try #require(TableAddress(catalogPath: "Mac/mul.lproj/Main.xcstrings"))
    #expect(paired.relativePath == "Mac/mul.lproj/Main.xcstrings" && paired.languageFoldersDirectory == "Mac")
    #expect(TableAddress(catalogPath: "mul.lproj/Main.xcstrings")?.languageFoldersDirectory == "")
    // One language of a catalog has the catalog's path.
    #expect(nested.inLanguage("de").relativePath == "Resources/InfoPlist.xcstrings")
    #expect(nested < nested.inLanguage("de") && nested.inLanguage("de") < nested.inLanguage("fr"))
  }

  @Test(arguments: ["de.lproj/Localizable.xcstrings", "Localizable.strings", ".xcstrings", "a/.xcstrings", "x.json"])
  func otherPathsAreNoCatalogs(_ path: String) {
    #expect(TableAddress(catalogPath: path) == nil)
  }

  @Test func aCatalogIsNoLegacyTable() {
    #expect(TableAddress(relativePath: "en.lproj/Localizable.xcstrings") == nil)
    #expect(TableAddress(relativePath: "en.lproj/Localizable.strings")?.kind == .strings)
  }
}
