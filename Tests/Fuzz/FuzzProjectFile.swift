import Foundation

@testable import LayerMerge

/// libFuzzer target: the project file reader (`ProjectFileReader.parse`, `locmerge.json`). On
/// every input it must answer, in time linear in the input, with:
/// - an error for every document `JSONSerialization` rejects (the reader is stricter, never
///   looser: it also refuses trailing commas, repeated keys and everything the schema does not allow);
/// - diagnostics that are one line each, point into the file, and quote no piece of the input
///   whole beyond ``DisplayText/shownCharacters`` characters;
/// - for a project it accepts: target names that are one folder's name, path templates without a
///   malformed `$(`, and a file that `ProjectFileWriter` writes back reading as the same project.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProjectFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  ProjectFileAgreement.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

enum ProjectFileAgreement {
  static let path = "/project/locmerge.json"

  static func check(_ bytes: [UInt8]) {
    let read = ProjectFileReader.parse(bytes, path: path)
    // Lines end at LF, CR or CRLF, as positions count them.
    var lines = 1
    for (index, byte) in bytes.enumerated() {
      if byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) || byte == 0x0D { lines += 1 }
    }
    for diagnostic in read.diagnostics {
      expect(diagnostic.severity == .error, "a project file diagnostic that is not an error", diagnostic, bytes)
      expect(diagnostic.location?.path == path, "a diagnostic outside the project file", diagnostic, bytes)
      if let position = diagnostic.location?.position {
        expect(position.line >= 1 && position.line <= lines, "a line outside the file", diagnostic, bytes)
      }
      let message = diagnostic.message
      expect(
        !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
        "a control character printed raw", diagnostic, bytes)
      // Fixed words, a few names cut to 200 characters each, and did-you-mean suggestions.
      expect(message.unicodeScalars.count <= 1_500, "a message that quotes the input whole", diagnostic, bytes)
    }
    if read.project != nil {
      expect(!read.diagnostics.containsErrors, "a project despite errors", nil, bytes)
    }
    if !JSONOracle.isDocumentedDifference(bytes), JSONOracle.foundation(bytes) == nil {
      expect(
        read.project == nil && read.diagnostics.containsErrors, "a project from JSON Foundation rejects", nil, bytes)
    }
    guard let project = read.project else { return }
    for target in project.targets {
      expect(FolderName.problem(target.name) == nil, "a target name that is not one folder name", nil, bytes)
    }
    let templates: [PathTemplate?] =
      [project.destination, project.state, project.fileLists.inputs, project.fileLists.outputs]
      + project.targets.flatMap { target -> [PathTemplate?] in [target.destination, target.state] }
    for template in templates.compactMap({ $0 }) {
      expect(template.problem == nil, "a malformed path template accepted: \(template.text)", nil, bytes)
    }
    let text = ProjectFileWriter.text(for: project)
    let again = ProjectFileReader.parse(Array(text.utf8), path: path)
    expect(
      again.project.map(withoutPositions) == withoutPositions(project),
      "the written project reads back differently:\n\(text)\n\(again.diagnostics)", nil, bytes)
  }

  /// The project without where its base and targets stand in the text.
  static func withoutPositions(_ project: ProjectFile) -> ProjectFile {
    var copy = project
    copy.basePosition = nil
    for index in copy.targets.indices { copy.targets[index].position = nil }
    return copy
  }

  private static func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, _ diagnostic: Diagnostic?, _ bytes: [UInt8]
  ) {
    guard !condition else { return }
    let hex = bytes.prefix(1024).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    fatalError("project file: \(message())\ndiagnostic: \(diagnostic.map(\.description) ?? "-")\ninput: \(hex)")
  }
}
