import Foundation
import LayerMerge
import TestSupport
import Testing

/// The stack is validated in time in proportion to its layers (issue 23, case 5): each layer was
/// compared with every earlier one.
@Suite struct LayerStackValidationTimeTests {
  @Test func manyLayers() throws {
    let fixture = try TemporaryLayers(["Root": ["keep": ""]])
    for index in 0..<2400 {
      try FileManager.default.createDirectory(
        atPath: fixture.path("L/\(index)"), withIntermediateDirectories: true)
    }
    let ratio = LinearTime.ratio(n: 300) { count in
      let layers = (0..<count).map { Layer(path: fixture.path("L/\($0)")) }
      #expect(LayerStackValidation.problems(layers).isEmpty)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the layers")
  }

  /// Every kind of overlap is still found, each with the earliest layer it overlaps, in the order
  /// of those layers.
  @Test func overlapsAreFoundWithTheEarliestLayer() throws {
    let fixture = try TemporaryLayers(["A/B/C": ["keep": ""], "D": ["keep": ""]])
    let paths = ["A/B", "A/B/C", "A", "A/B", "D"].map(fixture.path)
    let messages = LayerStackValidation.problems(paths.map { Layer(path: $0) }).map {
      $0.message.replacingOccurrences(of: fixture.root.path + "/", with: "")
    }
    #expect(
      messages == [
        "layer 'A/B/C' lies inside the layer 'A/B'; its tables would be read twice",
        "layer 'A/B' lies inside the layer 'A'; its tables would be read twice",
        "the folder 'A/B' is given twice as a layer (also as 'A/B')",
        "layer 'A/B/C' lies inside the layer 'A/B'; its tables would be read twice",
        "layer 'A/B' lies inside the layer 'A'; its tables would be read twice",
      ])
  }
}
