import LayerMerge
import Testing

/// Xcode's unit ids, each form as Xcode's exports show it, read back as the entry they stand for.
@Suite struct XLIFFUnitIDTests {
  /// (id, extension, entry): the forms of Xcode's exports of `.strings` (Xcode 12–15),
  /// `.stringsdict` (12.3, 15.2; keys with `/` and `:` from a real app's export) and String
  /// Catalogs (26, 27: plurals, every device, device with plural, substitutions, names with dots,
  /// keys with `|==|`).
  @Test(arguments: [
    ("title", "strings", XLIFFUnitID.key("title")),
    ("Line\nbreak", "strings", .key("Line\nbreak")),
    ("a|==|plural.one", "strings", .key("a|==|plural.one")),
    (
      "/%d files:dict/NSStringLocalizedFormatKey:dict/:string", "stringsdict",
      .stringsdict(key: "%d files", path: ["NSStringLocalizedFormatKey"])
    ),
    (
      "/%d files:dict/files:dict/one:dict/:string", "stringsdict",
      .stringsdict(key: "%d files", path: ["files", "one"])
    ),
    (
      "/[Count/Threads]:dict/count:dict/other:dict/:string", "stringsdict",
      .stringsdict(key: "[Count/Threads]", path: ["count", "other"])
    ),
    (
      "/a:dict/b:dict/NSStringLocalizedFormatKey:dict/:string", "STRINGSDICT",
      .stringsdict(key: "a:dict/b", path: ["NSStringLocalizedFormatKey"])
    ),
    ("Hello", "xcstrings", .catalog(key: "Hello", variation: [])),
    ("n|==|plural.one", "xcstrings", .catalog(key: "n", variation: ["plural", "one"])),
    ("n|==|device.applevision", "xcstrings", .catalog(key: "n", variation: ["device", "applevision"])),
    (
      "n|==|device.iphone.plural.other", "xcstrings",
      .catalog(key: "n", variation: ["device", "iphone", "plural", "other"])
    ),
    (
      "n|==|substitutions.COUNT.plural.few", "xcstrings",
      .catalog(key: "n", variation: ["substitutions", "COUNT", "plural", "few"])
    ),
    (
      "n|==|substitutions.@A..B@.plural.one", "xcstrings",
      .catalog(key: "n", variation: ["substitutions", "A..B", "plural", "one"])
    ),
    (
      "n|==|substitutions.é.plural.one", "xcstrings",
      .catalog(key: "n", variation: ["substitutions", "é", "plural", "one"])
    ),
    ("varied|==|key|==|plural.one", "xcstrings", .catalog(key: "varied|==|key", variation: ["plural", "one"])),
    ("x|==|==|plural.one", "xcstrings", .catalog(key: "x|==", variation: ["plural", "one"])),
    ("literal|==|text", "xcstrings", .catalog(key: "literal|==|text", variation: [])),
    ("k|==|plural.seven", "xcstrings", .catalog(key: "k|==|plural.seven", variation: [])),
    ("k|==|device.toaster", "xcstrings", .catalog(key: "k|==|device.toaster", variation: [])),
    (
      "k|==|substitutions.A.B.plural.one", "xcstrings",
      .catalog(key: "k|==|substitutions.A.B.plural.one", variation: [])
    ),
    ("", "xcstrings", .catalog(key: "", variation: [])),
  ])
  func xcodesFormsReadAsTheirEntries(_ id: String, _ ext: String, _ entry: XLIFFUnitID) {
    #expect(XLIFFUnitID(id: id, originalExtension: ext) == entry)
    #expect(entry.id == id)
    #expect(entry.problem == nil)
  }

  @Test func idsThatAreNotXcodesAreNotEntries() {
    #expect(XLIFFUnitID(id: "plain", originalExtension: "stringsdict") == nil)
    #expect(XLIFFUnitID(id: "/k:dict/:string", originalExtension: "stringsdict") == nil)
    #expect(XLIFFUnitID(id: "/k:dict/one:dict/:string", originalExtension: "stringsdict") == nil)
    #expect(XLIFFUnitID(id: "k", originalExtension: "storyboard") == nil)
  }

  /// A key that would read back as another entry is refused, saying why.
  @Test func idsThatReadBackAsAnotherEntryAreProblems() throws {
    let plainLookingLikePlural = XLIFFUnitID.catalog(key: "a|==|plural.one", variation: [])
    #expect(plainLookingLikePlural.id == "a|==|plural.one")
    let problem = try #require(plainLookingLikePlural.problem)
    #expect(problem.hasPrefix("Xcode reads the id 'a|==|plural.one' as the plural.one variation of 'a'"))
    #expect(XLIFFUnitID.catalog(key: "k", variation: ["width", "compact"]).problem != nil)
    #expect(XLIFFUnitID.catalog(key: "k", variation: ["substitutions", "a@b", "plural", "one"]).problem != nil)
    #expect(XLIFFUnitID.stringsdict(key: "k", path: ["v:dict/w", "one"]).problem != nil)
    #expect(XLIFFUnitID.stringsdict(key: "k", path: ["a", "b", "c"]).problem != nil)
    #expect(XLIFFUnitID.stringsdict(key: "a:dict/b", path: ["v", "one"]).problem == nil)
    #expect(XLIFFUnitID.key("a|==|plural.one").problem == nil)
  }

  /// Any key, any variable or substitution name: the id reads back as its entry, or says why not.
  @Test func everyIdReadsBackOrSaysWhy() {
    var generator = SeededGenerator(seed: 7)
    let pieces = ["a", "|==|", "plural", ".", "one", ":dict/", "/", ":", "@", "device", "iphone", "substitutions", " "]
    func text() -> String {
      (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
    for _ in 0..<3000 {
      let entries: [XLIFFUnitID] = [
        .key(text()),
        .stringsdict(key: text(), path: ["NSStringLocalizedFormatKey"]),
        .stringsdict(key: text(), path: [text(), ["one", "other"].randomElement(using: &generator)!]),
        .catalog(key: text(), variation: []),
        .catalog(key: text(), variation: ["plural", "few"]),
        .catalog(key: text(), variation: ["device", "mac", "plural", "one"]),
        .catalog(key: text(), variation: ["substitutions", text(), "plural", "other"]),
      ]
      for entry in entries {
        let ext: String
        switch entry {
        case .key: ext = "strings"
        case .stringsdict: ext = "stringsdict"
        case .catalog: ext = "xcstrings"
        }
        let readBack = XLIFFUnitID(id: entry.id, originalExtension: ext)
        #expect(
          (readBack == entry) == (entry.problem == nil),
          "\(entry) → \(entry.id.debugDescription) → \(String(describing: readBack))")
      }
    }
  }
}
