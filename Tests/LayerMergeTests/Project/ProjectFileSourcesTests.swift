import Foundation
import LayerMerge
import Testing

/// A target's `"sources"` patterns name its code on disk: every source file under the project
/// folder that a pattern matches, resources and hidden or generated folders left out.
@Suite struct ProjectFileSourcesTests {
  @Test func patternsNameEachTargetsCode() throws {
    let files = try TemporaryLayers([
      "App": [
        "Views/Home.swift": "", "Views/Detail/Row.swift": "", "Legacy/Old.m": "", "Legacy/Old.h": "",
        "Info.plist": "", "Assets.xcassets/Hidden.swift": "", ".build/Gen.swift": "", "en.lproj/Main.strings": "",
      ],
      "Shared": ["Model.swift": "", "Notes.md": ""],
      "Widget": ["Widget.swift": ""],
      "DerivedData": ["Gen.swift": ""],
    ])
    let text = """
      {"base": "App", "targets": {
        "App": {"layers": [], "sources": ["App/**/*.swift", "Shared"]},
        "Widget": {"layers": [], "sources": ["Widget/*.swift", "App/Legacy/Old.m"]},
        "Everything": {"layers": [], "sources": ["*.swift"]},
        "None": {"layers": []}}}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: files.path("locmerge.json"))
    let project = try #require(read.project)
    let found = project.sourceFiles(of: project.targets).map { $0?.map { files.render(relative: $0) } }
    #expect(
      found == [
        ["App/Views/Detail/Row.swift", "App/Views/Home.swift", "Shared/Model.swift"],
        ["App/Legacy/Old.m", "Widget/Widget.swift"],
        // A pattern without '/' matches a name at any depth; DerivedData and bundles are not searched.
        ["App/Views/Detail/Row.swift", "App/Views/Home.swift", "Shared/Model.swift", "Widget/Widget.swift"],
        nil,
      ])
    #expect(
      ProjectFile.sourceFiles(under: files.path("App")) == [
        "Legacy/Old.h", "Legacy/Old.m", "Views/Detail/Row.swift", "Views/Home.swift",
      ])
  }

  /// A walk lists the files and folders Foundation lists, keeps the ones a target's code can be,
  /// and sorts their paths as strings sort: names read as bytes, ASCII paths compared as bytes.
  @Test func aWalkKeepsAndSortsFilesAsStringsDo() throws {
    let names = [
      "b.swift", "B.swift", "b-c.swift", "b_c.swift", "b/c.swift", "b/C.swift", "bc.swift", "a10.swift", "a2.SWIFT",
      "a1.swift", "x.Mm", "y.h", "z.cXx", "w.hpp", "long.swiftx", "noext", "swift", ".hidden.swift", "t.swift.txt",
      "Foo./in.swift", "Kit.framework/in.swift", "DerivedData/in.swift", ".git/in.swift", "deep/er/est/in.m",
      "deep/er.d/in.m", "deep-er/in.m", "Z/in.swift", "ab.m", "ab.mm", "ab.h",
    ]
    let ascii = try TemporaryLayers(["Code": Dictionary(uniqueKeysWithValues: names.map { ($0, "") })])
    let mixed = try TemporaryLayers([
      "Code": [
        "b.swift": "", "Caf\u{E9}/in.swift": "", "Cafe/in.swift": "", "\u{E9}.m": "",
        // A dot and a combining mark are one character, not a dot: not hidden.
        ".\u{301}x.swift": "", ".\u{301}Views/in.swift": "", ".\u{E9}.swift": "",
      ]
    ])
    for files in [ascii, mixed] {
      let folder = files.path("Code")
      let walked = ProjectFile.sourceFiles(under: folder)
      // Foundation's listing, filtered by the walk's rules, sorted as strings.
      var expected: [String] = []
      var pending = [""]
      while let relative = pending.popLast() {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/" + relative)
        where !name.hasPrefix(".") {
          let path = relative.isEmpty ? name : relative + "/" + name
          var isFolder: ObjCBool = false
          _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
          let pathExtension = (name as NSString).pathExtension
          if isFolder.boolValue {
            if pathExtension.isEmpty && name != "DerivedData" { pending.append(path) }
          } else if SourceLanguage(pathExtension: pathExtension) != nil {
            expected.append(path)
          }
        }
      }
      #expect(walked == expected.sorted())
    }
  }

  /// Folders and files named without wildcards match by prefix (the fast path), exactly as the
  /// glob matches them: the path itself and what is under it, never a sibling that starts alike.
  @Test func literalPatternsMatchAsTheGlobDoes() throws {
    let files = try TemporaryLayers([
      "App": [
        "Legacy/Old.m": "", "Legacy/Old.h": "", "LegacyKit/Kit.swift": "", "Leg.swift": "",
        // Folders the walk does not enter, named on their own: no file under them is code.
        ".hidden/In.swift": "", "Kit.bundle/In.swift": "", "DerivedData/In.swift": "",
      ],
      "Apps": ["Other.swift": ""],
      // Precomposed: a pattern with the decomposed é is another name to the glob (Unicode scalars).
      "Shared": ["Caf\u{E9}/Menu.swift": ""],
    ])
    try FileManager.default.createSymbolicLink(atPath: files.path("App/Linked"), withDestinationPath: "Legacy")
    let patterns = [
      "App/Legacy", "./App/Legacy/", "App/Legacy/Old.m", "App/Leg", "App/Leg.swift", "Shared/Caf\u{E9}",
      "Shared/Cafe\u{301}/", "App//Legacy", "Apps/Other.swift/x", "App/.hidden", "App/Kit.bundle/",
      "App/DerivedData", "App/Linked", "App/Linked/", "App", "Shared/Caf\u{E9}/Menu.swift",
    ]
    let every = ProjectFile.sourceFiles(under: files.root.path)
    for pattern in patterns {
      let text = """
        {"base": "App", "targets": {"T": {"layers": [], "sources": ["\(pattern)"]}}}
        """
      let read = ProjectFileReader.parse(Array(text.utf8), path: files.path("locmerge.json"))
      let project = try #require(read.project, "\(read.diagnostics)")
      let found = project.sourceFiles(of: project.targets).first??.map { files.render(relative: $0) }
      #expect(found == every.filter { PathGlob(pattern).matches($0) }, "\(pattern)")
    }
  }
}

extension TemporaryLayers {
  /// A path under the root, relative to it.
  func render(relative path: String) -> String {
    path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path
  }
}
