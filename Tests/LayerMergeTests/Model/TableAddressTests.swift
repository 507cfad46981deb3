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

  /// Addresses sort by their relative paths' bytes, then (for one catalog's languages) by
  /// language; the comparison walks the path's parts instead of building the path.
  @Test func addressesSortByRelativePathThenLanguage() {
    let parts = ["", "a", "A", "a/b", "ab", "a.lproj", "en", "en-GB", "Base", "zh-Hans", "Local", "Localizable", "é"]
    var generator = SeededGenerator(seed: 7)
    func pick() -> String { parts[Int(generator.next() % UInt64(parts.count))] }
    var addresses: [TableAddress] = []
    for _ in 0..<400 {
      let kind = LocalizationFileKind.allCases[Int(generator.next() % 3)]
      let table = pick()
      addresses.append(
        TableAddress(
          directory: pick(), language: kind == .xcstrings && generator.next() % 2 == 0 ? "" : pick(),
          table: table.isEmpty ? "T" : table, kind: kind))
    }
    for lhs in addresses {
      for rhs in addresses {
        let (left, right) = (lhs.relativePath, rhs.relativePath)
        let expected =
          left.utf8.elementsEqual(right.utf8)
          ? lhs.language.utf8.lexicographicallyPrecedes(rhs.language.utf8)
          : left.utf8.lexicographicallyPrecedes(right.utf8)
        #expect(
          (lhs < rhs) == expected, "\(lhs.relativePath) [\(lhs.language)] < \(rhs.relativePath) [\(rhs.language)]")
      }
    }
  }

  @Test func aCatalogIsNoLegacyTable() {
    #expect(TableAddress(relativePath: "en.lproj/Localizable.xcstrings") == nil)
    #expect(TableAddress(relativePath: "en.lproj/Localizable.strings")?.kind == .strings)
  }
}
