import Foundation
import Testing

@testable import LayerMerge

/// A run's code is numbered once: a file that several targets compile has one number, whether
/// their patterns reach it from one folder, from nested folders, or from the Xcode project.
@Suite struct NumberedSourceFilesTests {
  @Test func aFileSeveralTargetsCompileHasOneNumber() throws {
    let files = try TemporaryLayers([
      "App": ["Views/Home.swift": "", "Views/Row.swift": "", "Model.swift": ""],
      "Widget": ["Widget.swift": ""],
    ])
    let text = """
      {"base": "App", "targets": {
        "Everything": {"layers": [], "sources": ["App"]},
        "Views": {"layers": [], "sources": ["App/Views"]},
        "Widget": {"layers": [], "sources": ["Widget", "App/Views/Row.swift"]},
        "Swift": {"layers": [], "sources": ["*.swift"]},
        "None": {"layers": []}}}
      """
    let read = ProjectFileReader.parse(Array(text.utf8), path: files.path("locmerge.json"))
    let project = try #require(read.project)
    let code = project.numberedCode(of: project.targets, xcodeProject: nil)
    let named = code.targets.map { $0?.map { files.render(relative: code.paths[$0]) } }
    // The same files as the paths say, in the same order.
    #expect(named == project.code(of: project.targets, xcodeProject: nil).map { $0?.map(files.render) })
    #expect(
      named == [
        ["App/Model.swift", "App/Views/Home.swift", "App/Views/Row.swift"],
        ["App/Views/Home.swift", "App/Views/Row.swift"],
        ["App/Views/Row.swift", "Widget/Widget.swift"],
        ["App/Model.swift", "App/Views/Home.swift", "App/Views/Row.swift", "Widget/Widget.swift"],
        nil,
      ])
    // One number a path, whichever walk found it.
    var numberOfPath: [String: Int] = [:]
    for numbers in code.targets.compactMap({ $0 }) {
      for number in numbers {
        #expect(numberOfPath[code.paths[number], default: number] == number, "\(code.paths[number])")
        numberOfPath[code.paths[number]] = number
      }
    }
    #expect(numberOfPath.count == 4)
    // Each file once in the scan's order, and each target's files as places in it.
    let (paths, places) = code.inOrder(of: [3, 1, 4])
    #expect(paths.map(files.render) == named[3])
    #expect(places[0] == [0, 1, 2, 3])
    #expect(places[1] == [1, 2])
    #expect(places[2] == nil)
  }

  @Test func pathsListedTwiceAreNumberedOnce() {
    var code = NumberedSourceFiles(lists: [
      ["/p/a.swift", "/p/b.swift"], nil, ["/p/b.swift", "/p/c.swift", "/p/a.swift"],
    ])
    #expect(code.paths == ["/p/a.swift", "/p/b.swift", "/p/c.swift"])
    #expect(code.targets == [[0, 1], nil, [1, 2, 0]])
    #expect(code.number(of: "/p/c.swift") == 2)
    #expect(code.number(of: "/p/d.swift") == 3)
    let twice = NumberedSourceFiles(paths: ["/a", "/b", "/a"], targets: [[0, 1], [2, 1]], distinct: false)
    #expect(twice.targets == [[0, 1], [0, 1]])
  }
}
