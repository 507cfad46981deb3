import Foundation
import Testing

@testable import LayerMerge

@Suite struct BuildStampTests {
  @Test func aRunWithNothingChangedFindsTheStampCurrentUntilAnOutputOrCompanionChanges() throws {
    let layers = try TemporaryLayers(["Base": ["en.lproj/Localizable.strings": "\"a\" = \"1\";\n"]])
    let destination = layers.path("Out")
    let configuration = BuildConfiguration(tool: "test 1", layers: layers.layers("Base"))
    let companion = CompanionFile(path: layers.path("deps.d"), bytes: Array("out: in\n".utf8))
    let result = LayerMerger.merge(configuration.layers)
    _ = try OutputPlan(result: result, destination: destination, configuration: configuration, companions: [companion])
      .apply()
    #expect(BuildStamp.current(in: destination, configuration: configuration)?.outputs.count == 2)
    var other = configuration
    other.settings["depfile"] = "elsewhere.d"
    #expect(BuildStamp.current(in: destination, configuration: other) == nil)
    try FileManager.default.removeItem(atPath: companion.path)
    #expect(BuildStamp.current(in: destination, configuration: configuration) == nil)
    _ = try OutputPlan(result: result, destination: destination, configuration: configuration, companions: [companion])
      .apply()
    #expect(BuildStamp.current(in: destination, configuration: configuration) != nil)
    try layers.write(Data("\"a\" = \"x\";\n".utf8), to: "Out/en.lproj/Localizable.strings")
    #expect(BuildStamp.current(in: destination, configuration: configuration) == nil)
  }

  @Test func anInputSavedDuringARunIsSeenAsChangedNextTime() throws {
    let layers = try TemporaryLayers(["Base": ["en.lproj/Localizable.strings": "\"a\" = \"1\";\n"]])
    let destination = layers.path("Out")
    let configuration = BuildConfiguration(tool: "test 1", layers: layers.layers("Base"))
    let result = LayerMerger.merge(configuration.layers)
    // The user saves the file after it was read, before the run writes its stamp.
    try layers.write(Data("\"a\" = \"22\";\n".utf8), to: "Base/en.lproj/Localizable.strings")
    _ = try OutputPlan(result: result, destination: destination, configuration: configuration).apply()
    #expect(BuildStamp.current(in: destination, configuration: configuration) == nil)
  }
}
