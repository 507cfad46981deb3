import Foundation
import Testing

@testable import LayerMerge

/// A plan whose record, stamp and lock live in a state folder apart from the destination: nothing
/// but the tables lands in DEST, and the safety rules stay.
@Suite struct OutputPlanStateTests {
  static func file(_ path: String, _ text: String) -> OutputFile {
    OutputFile(relativePath: path, bytes: Array(text.utf8))
  }

  static func entries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  @Test func theBookkeepingGoesToTheStateFolderAndStaleOutputsAreRemovedFromItsRecord() throws {
    let scratch = try TemporaryLayers([:])
    // DEST is an app's resource folder: it holds files locmerge did not write.
    try scratch.write(Data("asset".utf8), to: "App/Resources/Assets.car")
    try scratch.write(Data("theirs".utf8), to: "App/Resources/fr.lproj/Theirs.strings")
    let destination = scratch.path("App/Resources")
    let state = scratch.path("Derived/locmerge")
    let first = try OutputPlan(
      files: [Self.file("en.lproj/A.strings", "a"), Self.file("fr.lproj/A.strings", "b")], destination: destination,
      state: state
    ).apply()
    #expect(first.written == ["en.lproj/A.strings", "fr.lproj/A.strings"])
    #expect(Self.entries(destination) == ["Assets.car", "en.lproj", "fr.lproj"])
    #expect(Self.entries(state) == ["lock", "outputs.json"])
    let second = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: destination, state: state)
      .apply()
    #expect(second.removed == ["fr.lproj/A.strings"])
    #expect(second.unchanged == ["en.lproj/A.strings"])
    // Only what the record lists goes: the app's own files stay, and no bookkeeping ever lands in DEST.
    #expect(Self.entries(destination) == ["Assets.car", "en.lproj", "fr.lproj"])
    #expect(Self.entries(scratch.path("App/Resources/fr.lproj")) == ["Theirs.strings"])
    #expect(
      String(decoding: FileManager.default.contents(atPath: state + "/outputs.json") ?? Data(), as: UTF8.self)
        == "{\n  \"version\": 1,\n  \"outputs\": [\n    \"en.lproj/A.strings\"\n  ]\n}\n")
  }

  @Test func theStampIsFoundInTheStateFolderItWasLeftIn() throws {
    let scratch = try TemporaryLayers(["Base": ["en.lproj/A.strings": "\"a\" = \"b\";\n"]])
    let layers = scratch.layers("Base")
    let configuration = BuildConfiguration(tool: "test", layers: layers)
    let result = LayerMerger.merge(layers)
    let destination = scratch.path("Out")
    let state = scratch.path("State")
    _ = try OutputPlan(result: result, destination: destination, configuration: configuration, state: state).apply()
    #expect(Self.entries(state) == ["lock", "outputs.json", "stamp.json"])
    #expect(Self.entries(destination) == ["en.lproj"])
    #expect(BuildStamp.current(in: destination, configuration: configuration, state: state) != nil)
    #expect(BuildStamp.current(in: destination, configuration: configuration) == nil)
    // A changed output makes the run due again.
    try scratch.write(Data("changed".utf8), to: "Out/en.lproj/A.strings")
    #expect(BuildStamp.current(in: destination, configuration: configuration, state: state) == nil)
  }

  @Test func aStateFolderHoldingOtherFilesIsRefusedBeforeAnythingIsWritten() throws {
    let scratch = try TemporaryLayers([:])
    try scratch.write(Data("{}".utf8), to: "Derived/stamp.json")
    try scratch.write(Data("other tool".utf8), to: "Derived/build.tmp")
    let plan = OutputPlan(
      files: [Self.file("en.lproj/A.strings", "a")], destination: scratch.path("Out"), state: scratch.path("Derived"))
    #expect(throws: OutputError.foreignFilesInState(path: scratch.path("Derived"), example: "build.tmp")) {
      try plan.apply()
    }
    #expect(Self.entries(scratch.path("Derived")) == ["build.tmp", "stamp.json"])
    #expect(Self.entries(scratch.path("Out")) == [])
  }

  @Test(arguments: ["same", "inside a layer", "around the destination"])
  func aStateFolderThatOverlapsTheDestinationOrALayerIsRefused(_ place: String) throws {
    let scratch = try TemporaryLayers(["Base": ["en.lproj/A.strings": "\"a\" = \"b\";\n"]])
    let state = [
      "same": scratch.path("Out"), "inside a layer": scratch.path("Base/.state"), "around the destination": "/",
    ][place]
    let plan = OutputPlan(
      files: [Self.file("en.lproj/A.strings", "a")], destination: scratch.path("Out"), layers: scratch.layers("Base"),
      state: state)
    #expect(throws: OutputError.self) { try plan.apply() }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Out")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Base/.state")))
  }

  @Test func onlyTheWritersOwnTemporaryFilesAreRemovedFromTheDefaultStateFolder() throws {
    let scratch = try TemporaryLayers([:])
    try scratch.write(Data("killed run".utf8), to: "Out/.locmerge/pending-3.tmp")
    try scratch.write(Data("killed run".utf8), to: "Out/.locmerge/outputs.json.tmp")
    try scratch.write(Data("mine".utf8), to: "Out/.locmerge/notes.tmp")
    _ = try OutputPlan(files: [Self.file("en.lproj/A.strings", "a")], destination: scratch.path("Out")).apply()
    #expect(Self.entries(scratch.path("Out/.locmerge")) == ["lock", "notes.tmp", "outputs.json"])
  }
}
