import Foundation
import PackagePlugin

/// One run of the tool while SwiftPM plans the build, its output kept in files (two pipes read
/// one after the other could fill up and stall the tool).
struct ToolRun {
  var status: Int32
  var output: Data
  var errorOutput: String

  /// A run that failed; its description is what SwiftPM shows.
  struct Failed: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func run(_ tool: URL, arguments: [String], output: URL, errors: URL) throws -> ToolRun {
    try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    for file in [output, errors] {
      guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
        throw Failed(message: "LocMergePlugin: cannot write \(file.path)")
      }
    }
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return ToolRun(
      status: process.terminationStatus, output: try Data(contentsOf: output),
      errorOutput: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }

  /// Passes the tool's diagnostics on to SwiftPM, each at its file and line when it has one
  /// (`path:line:column: error: message` or `path: error: message`), so Xcode shows it there.
  func reportDiagnostics() {
    for line in errorOutput.split(separator: "\n").map(String.init) {
      let parsed = Self.parse(line)
      // SwiftPM shows the file of a diagnostic only with a line: without one, it says it itself.
      let message =
        parsed.line == nil ? [parsed.file, parsed.message].compactMap { $0 }.joined(separator: ": ") : parsed.message
      switch parsed.severity {
      case "warning": Diagnostics.warning(message, file: parsed.file, line: parsed.line)
      case "note": Diagnostics.remark(message, file: parsed.file, line: parsed.line)
      default: Diagnostics.error(message, file: parsed.file, line: parsed.line)
      }
    }
  }

  /// Splits `path[:line[:column]]: severity: message`; a line of another shape is an error message.
  static func parse(_ line: String) -> (file: String?, line: Int?, severity: String, message: String) {
    for severity in ["error", "warning", "note"] {
      guard let range = line.range(of: ": \(severity): ") else { continue }
      let location = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
      let message = String(line[range.upperBound...])
      // `locmerge: error: …` has no place.
      guard location.first != "locmerge" else { return (nil, nil, severity, message) }
      let number = location.count >= 3 ? Int(location[location.count - 2]) : nil
      let file = (number == nil ? location : location.dropLast(2)).joined(separator: ":")
      return (file, number, severity, message)
    }
    return (nil, nil, "error", line)
  }
}
