import Foundation

@testable import LayerMerge

/// libFuzzer target: the `project.pbxproj` reader (an untrusted file: a project from a pull
/// request, a download). Whatever it accepts, Foundation's `PropertyListSerialization` reads to the
/// same tree; the read model is made; and where the project has targets, installing the phase in
/// all of them gives a file that reads again, a second install changes nothing, and uninstalling
/// gives back the input's bytes (when it had no such phase before). A crash, a hang or a disagreement stops the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBXProj(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? XcodeProjectReader.document(bytes, path: "fuzz.pbxproj") else { return 0 }
  guard let expected = PBXOracle.foundationValue(bytes), PBXOracle.value(document) == expected else {
    fatalError("the reader and Foundation disagree on an input the reader accepts")
  }
  guard let project = try? XcodeProjectReader.parse(bytes, path: "fuzz.pbxproj", sourceRoot: "/nonexistent"),
    !project.targets.isEmpty, PBXFormat(objectVersion: project.objectVersion) != nil
  else { return 0 }
  let phase = LocMergePhase.phase(
    tool: .onPath("locmerge"), configuration: nil, inputFileList: "in.xcfilelist", outputFileList: "out.xcfilelist")
  let names = project.targets.map(\.name)
  // A layout the editor cannot change line by line is refused, never damaged.
  guard let install = try? XcodeProjectEditor.install(phase, in: project, targets: names) else { return 0 }
  guard let installed = try? XcodeProjectReader.parse(install.bytes, path: "fuzz.pbxproj", sourceRoot: "/nonexistent")
  else {
    fatalError("the installed project does not read again")
  }
  guard let again = try? XcodeProjectEditor.install(phase, in: installed, targets: names), !again.changesFile else {
    fatalError("a second install changed the project")
  }
  // Uninstalling gives back the input when the input had no such phase (a seed may have one). Where
  // install changed nothing in a file of CR LF lines (its phases were there), uninstall is refused
  // as any edit of such a file is.
  let hadPhase = project.targets.contains { XcodeProjectEditor.status(of: phase, in: project, target: $0) != .absent }
  let uninstall = try? XcodeProjectEditor.uninstall(phaseNamed: LocMergePhase.name, from: installed, targets: names)
  let hasCRLF = bytes.indices.dropLast().contains { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
  if uninstall == nil && !install.changesFile && hasCRLF { return 0 }
  guard let uninstall, hadPhase || uninstall.bytes == bytes else {
    fatalError("uninstall did not give back the original bytes")
  }
  return 0
}
