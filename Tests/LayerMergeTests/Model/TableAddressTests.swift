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

  /// A relative path reads the same whether it takes the byte path (ASCII, no empty component) or
  /// the character path: both held to the reading by components, on random paths made of the
  /// parts that matter (empty components, `.lproj` or not, extensions, non-ASCII names, a combining
  /// mark and a prepended one, U+0600, that joins the `.` before `lproj` into one character).
  @Test func relativePathsReadAsTheirComponentsSay() {
    let parts: [[String]] = [
      ["", "", "/", "a/", "Settings.bundle/", "a//b/", "é/", "x/y/"],
      [
        "en.lproj", "de.lproj", "Base.lproj", ".lproj", "é.lproj", "x\u{600}.lproj", "a\u{301}.lproj", "en.lprojx",
        "en",
      ],
      ["/", "/", "/", "//"],
      ["Root.strings", "L.stringsdict", ".strings", "C.xcstrings", "a.b.strings", "x", "é.strings", "Root.json", "."],
      ["", "", "", "/", "/x"],
    ]
    var generator = SeededGenerator(seed: 11)
    var readTables = 0
    for _ in 0..<20000 {
      let path = parts.map { $0[Int(generator.next() % UInt64($0.count))] }.joined()
      let expected = Self.addressByComponents(path)
      #expect(TableAddress(relativePath: path) == expected, "\(path.debugDescription)")
      if expected != nil { readTables += 1 }
    }
    #expect(readTables > 500)
  }

  /// The reading by components, as the address was read before the byte path.
  static func addressByComponents(_ path: String) -> TableAddress? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard components.count >= 2, let dot = components[components.count - 1].lastIndex(of: "."),
      let kind = LocalizationFileKind(
        rawValue: String(components[components.count - 1][components[components.count - 1].index(after: dot)...])),
      kind != .xcstrings
    else { return nil }
    let folder = components[components.count - 2]
    guard folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
    let file = components[components.count - 1]
    let table = String(file.dropLast(kind.fileExtension.count + 1))
    guard !table.isEmpty else { return nil }
    return TableAddress(
      directory: components.dropLast(2).joined(separator: "/"), language: String(folder.dropLast(6)), table: table,
      kind: kind)
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
